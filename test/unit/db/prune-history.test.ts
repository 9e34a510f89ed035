import { afterEach, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../../src/db/index.ts';
import { pruneHandHistories } from '../../../src/db/prune-history.ts';
import { backends } from '../../support/backends.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = 100 * DAY;

describe.each(backends)('pruning hand histories ($name)', (backend) => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  /** A table at deal `dealNo` and its steps: [deal, the event's type, days old]. */
  async function table(
    db: OpenDatabase['db'],
    channel: string,
    running: boolean,
    dealNo: number,
    steps: [number, string, number][],
  ) {
    const { id } = await db
      .insertInto('game_tables')
      .values({ guild_id: 'g', channel_id: channel, running: running ? 1 : 0, deal_no: dealNo, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, [deal, type, daysOld]] of steps.entries()) {
      await db
        .insertInto('game_steps')
        .values({
          table_id: id,
          key: `${channel}:${i}`,
          deal_no: deal,
          version: i + 1,
          events: JSON.stringify([{ type }]),
          created_at: NOW - daysOld * DAY,
        })
        .execute();
    }
    return Number(id);
  }

  const left = async (db: OpenDatabase['db'], tableId: number) =>
    (
      await db
        .selectFrom('game_steps')
        .select(['deal_no', 'events'])
        .where('table_id', '=', tableId)
        .orderBy('id')
        .execute()
    ).map((s) => `${s.deal_no}:${(JSON.parse(s.events) as { type: string }[])[0]?.type}`);

  it("removes old deals' histories in batches, never a running table's current deal, a game's opening or a recent one", async () => {
    database = await backend.fresh();
    const { db } = database;
    const ended = await table(db, 'ended', false, 2, [
      [0, 'GameOpened', 9],
      [1, 'DealEnded', 9],
      [2, 'DealEnded', 9],
      [2, 'OptionsChanged', 9],
    ]);
    const running = await table(db, 'running', true, 3, [
      [0, 'GameOpened', 9],
      [1, 'DealEnded', 9],
      [2, 'DealEnded', 9],
      [3, 'DealStarted', 9],
      [3, 'Declared', 1],
    ]);
    const before = NOW - 7 * DAY;
    expect(await pruneHandHistories(db, before, 2)).toBe(2);
    expect(await pruneHandHistories(db, before, 2)).toBe(2);
    expect(await pruneHandHistories(db, before, 2)).toBe(0);
    expect(await left(db, ended)).toEqual(['0:GameOpened', '2:OptionsChanged']);
    expect(await left(db, running)).toEqual(['0:GameOpened', '3:DealStarted', '3:Declared']);
  });
});
