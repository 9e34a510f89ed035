import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaderboard, playerStats } from '../../../src/db/deal-results-store.ts';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { backfillDealResults } from '../../../src/table/backfill-stats.ts';
import { type Place, Tables } from '../../../src/table/tables.ts';
import { fakeClock } from './fake-clock.ts';

/** Stats for deals settled before results were kept: worked out from the hand history. */
describe('backfilling deal results', () => {
  const place: Place = { guildId: '100', channelId: '200' };
  const ann = { id: '1', name: 'Ann' };
  const bob = { id: '2', name: 'Bob' };
  let o: OpenDatabase;
  let tables: Tables;

  beforeEach(async () => {
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
    tables = new Tables({
      db: o.db,
      log: pino({ level: 'silent' }),
      clock: fakeClock().clock,
      nextDealPauseMs: 1_000,
      newRngState: () => [1, 2, 3, 4],
      newServerSeed: null,
    });
  });
  afterEach(async () => {
    await tables.close();
    await o.close();
  });

  /** Two games at one table (a three-card deal, then a two-card one), each played to its result. */
  async function playTwoGames(): Promise<void> {
    for (const [n, variant] of [
      [1, 'three-card'],
      [2, 'two-card'],
    ] as const) {
      const { runtime } = await tables.openGame({
        place,
        host: ann,
        variantId: variant,
        options: { ante: 5 },
        look: { fourColour: false },
        key: `start-${n}`,
      });
      const id = runtime.record.id;
      await tables.act(id, `join-${n}`, { type: 'join', playerId: bob.id, name: bob.name }, bob);
      await tables.act(id, `deal-${n}`, { type: 'startDeal', by: ann.id });
      await tables.act(id, `ann-${n}`, { type: 'declare', playerId: ann.id, choice: 'stay' });
      await tables.act(id, `bob-${n}`, { type: 'declare', playerId: bob.id, choice: 'stay' });
      await tables.stopGame(place, { id: ann.id, admin: false }, `stop-${n}`);
    }
  }

  const snapshot = async () => ({
    rows: await o.db
      .selectFrom('deal_results')
      .select(['table_id', 'deal_no', 'user_id', 'variant', 'stayed', 'won', 'net', 'pot_won', 'hand_name'])
      .orderBy('deal_no')
      .orderBy('user_id')
      .execute(),
    ann: await playerStats(o.db, place.guildId, ann.id),
    board: await leaderboard(o.db, place.guildId, 0),
  });

  it('gives back exactly what commits recorded, once however often it runs', async () => {
    await playTwoGames();
    const recorded = await snapshot();
    expect(recorded.rows.map((r) => r.variant)).toEqual(['three-card', 'three-card', 'two-card', 'two-card']);
    await o.db.deleteFrom('deal_results').execute();
    await o.db.deleteFrom('player_totals').execute();
    expect(await backfillDealResults(o.db)).toBe(2);
    expect(await snapshot()).toEqual(recorded);
    expect(await backfillDealResults(o.db)).toBe(0);
    expect(await snapshot()).toEqual(recorded);
  });
});
