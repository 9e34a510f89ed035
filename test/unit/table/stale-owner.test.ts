import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { findTable, StaleVersionError } from '../../../src/db/table-store.ts';
import { ChatNotesByTable } from '../../../src/discord/chat-notes.ts';
import { awaiting, type GameState } from '../../../src/engine/index.ts';
import { auditLedger } from '../../../src/ledger/index.ts';
import { RuleError } from '../../../src/rules/rule-error.ts';
import { openStepWriter, type StepWriter } from '../../../src/table/step-writer.ts';
import type { StepResult } from '../../../src/table/steps.ts';
import { type Place, Tables } from '../../../src/table/tables.ts';
import { UserFacingError } from '../../../src/table/user-facing-error.ts';
import { backends } from '../../support/backends.ts';
import { fakeClock } from './fake-clock.ts';

/**
 * Two processes that both believe they own one table (an old deploy still running, a
 * shard that moved): two `Tables`, each on its own connections to one database, race
 * every step of a game. The table's version fences them: each step commits once, the
 * loser gets a typed error (a stale version, a refusal, a key seen before) and takes up
 * the table as committed; no deal settles twice and the ledger stays balanced.
 */

const log = pino({ level: 'silent' });
const place: Place = { guildId: '100', channelId: '200' };
const ann = { id: '1', name: 'Ann' };
const look = { fourColour: false };
const bob = { id: '2', name: 'Bob' };
const cat = { id: '3', name: 'Cat' };
const postgres = backends.find((b) => b.name === 'postgres');

interface Shared {
  name: string;
  url(): Promise<string>;
}
const dirs: string[] = [];
const shared: Shared[] = [
  {
    name: 'one SQLite file',
    url: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'guts-race-'));
      dirs.push(dir);
      return `file:${join(dir, 'race.db')}`;
    },
  },
  ...(postgres ? [{ name: 'Postgres', url: () => postgres.freshUrl() }] : []),
];

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.each(shared)('two processes owning one table, on $name', (backend) => {
  const opened: OpenDatabase[] = [];
  const writers: StepWriter[] = [];
  const all: Tables[] = [];
  afterEach(async () => {
    for (const t of all.splice(0)) await t.close();
    for (const w of writers.splice(0)) await w.close();
    for (const o of opened.splice(0)) await o.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  async function setUp() {
    const url = await backend.url();
    const time = fakeClock();
    let seed = 0;
    const process = async () => {
      const database = openDatabase(url); // connections of its own, as another process has
      opened.push(database);
      await migrateToLatest(database.db);
      const writer = openStepWriter(database); // a SQLite file: a writer thread, as in production
      writers.push(writer);
      const tables = new Tables({
        db: database.db,
        writer,
        log,
        clock: time.clock,
        nextDealPauseMs: 1_000,
        newRngState: () => [7, 7, 7, seed++],
        newServerSeed: null,
      });
      all.push(tables);
      return { database, tables };
    };
    const a = await process();
    const b = await process();
    return { a, b, time, db: a.database.db };
  }

  it('commits every step once, settles every deal once, and keeps the ledger balanced', async () => {
    const { a, b, time, db } = await setUp();
    const A = a.tables;
    const B = b.tables;
    const outcomes = { applied: 0, duplicate: 0, refused: 0, stale: 0 };
    const race = async (...works: (() => Promise<StepResult | null | unknown>)[]) => {
      const settled = await Promise.allSettled(works.map((w) => w()));
      for (const s of settled) {
        if (s.status === 'fulfilled') outcomes[s.value ? 'applied' : 'duplicate']++;
        else if (s.reason instanceof RuleError || s.reason instanceof UserFacingError) outcomes.refused++;
        else if (s.reason instanceof StaleVersionError) outcomes.stale++;
        else throw s.reason;
      }
      return settled;
    };
    const record = async () => (await findTable(db, place.guildId, place.channelId))!;
    const state = async () => (await record()).state as GameState;

    // Both open a game in the channel at once: one game.
    const opening = { place, host: ann, variantId: 'three-card', options: { ante: 5, timer: 10 }, look };
    const opened = await race(
      () => A.openGame({ ...opening, key: 'start-a' }),
      () => B.openGame({ ...opening, key: 'start-b' }),
    );
    expect(opened.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const tableId = (await record()).id;
    await A.running(place);
    await B.running(place);

    // Bob's join reaches both (the same interaction); Cat's two joins are two interactions.
    const join = (m: typeof bob) => ({ type: 'join', playerId: m.id, name: m.name }) as const;
    await race(
      () => A.act(tableId, 'join-bob', join(bob), bob),
      () => B.act(tableId, 'join-bob', join(bob), bob),
    );
    await race(
      () => B.act(tableId, 'join-cat-1', join(cat), cat),
      () => A.act(tableId, 'join-cat-2', join(cat), cat),
    );
    expect((await state()).players.map((p) => p.id)).toEqual([ann.id, bob.id, cat.id]);
    await race(
      () => A.act(tableId, 'deal-a', { type: 'startDeal', by: ann.id }),
      () => B.act(tableId, 'deal-b', { type: 'startDeal', by: ann.id }),
    );

    const deals = 4;
    for (let deal = 1; deal <= deals; deal++) {
      await until(async () => awaiting(await state()).kind === 'declare', `deal ${deal}`);
      expect((await state()).dealNo).toBe(deal);
      const stay = (m: typeof ann) => ({ type: 'declare', playerId: m.id, choice: 'stay' }) as const;
      // Ann: one interaction on both. Bob: two presses, one on each.
      await race(
        () => A.act(tableId, `ann-${deal}`, stay(ann)),
        () => B.act(tableId, `ann-${deal}`, stay(ann)),
      );
      await race(
        () => B.act(tableId, `bob-${deal}-b`, stay(bob)),
        () => A.act(tableId, `bob-${deal}-a`, stay(bob)),
      );
      // Cat is late: both countdowns fire, and on odd deals Cat's press races them.
      const before = (await record()).version;
      await race(
        async () => time.advance(10_000),
        ...(deal % 2 ? [() => B.act(tableId, `cat-${deal}`, stay(cat))] : []),
      );
      await until(async () => (await state()).phase !== 'deal' || (await record()).version > before + 1, 'settle');
      await until(async () => awaiting(await state()).kind !== 'declare', `deal ${deal} over`);
      await A.idle();
      await B.idle();
      if (deal < deals) {
        // The pause between deals ends on both at once: the next deal starts once.
        time.advance(1_000);
        await until(async () => (await state()).dealNo === deal + 1, `deal ${deal + 1}`);
      }
    }
    await A.idle();
    await B.idle();
    await race(
      () => A.stopGame(place, { id: ann.id, admin: false }, 'stop-a'),
      () => B.stopGame(place, { id: ann.id, admin: false }, 'stop-b'),
    );
    await A.idle();
    await B.idle();
    expect(awaiting(await state()).kind).toBe('over');

    // Every deal settled exactly once.
    const steps = await db
      .selectFrom('game_steps')
      .select(['deal_no', 'events', 'version'])
      .where('table_id', '=', tableId)
      .execute();
    const settled = new Map<number, number>();
    for (const s of steps) {
      const ends = (JSON.parse(s.events) as { type: string }[]).filter((e) => e.type === 'DealEnded').length;
      if (ends) settled.set(s.deal_no, (settled.get(s.deal_no) ?? 0) + ends);
    }
    expect([...settled.entries()].sort((x, y) => x[0] - y[0])).toEqual(
      Array.from({ length: deals }, (_, i) => [i + 1, 1]),
    );
    // One step per version, no gap: nothing overwrote anything.
    const versions = steps.map((s) => Number(s.version)).sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    expect((await record()).version).toBe(versions.length);
    // Each journal entry belongs to one committed step.
    const entries = await db.selectFrom('journal_entries').select('key').execute();
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect((await auditLedger(db)).problems).toEqual([]);
    // Every race had a loser, and the losers lost cleanly.
    expect(outcomes.duplicate + outcomes.refused + outcomes.stale).toBeGreaterThanOrEqual(4 + deals * 2);
    // Both now hold the table as committed.
    expect(A.heldTable(tableId)?.record.version).toBe(versions.length);
    expect(B.heldTable(tableId)?.record.version).toBe(versions.length);
  }, 60_000);

  it("never lets a stale process overwrite the newer owner's message ids", async () => {
    const { a, b } = await setUp();
    // Where the chat shows the table, kept by each process's chat beside its tables.
    const chatOf = (p: { database: OpenDatabase; tables: Tables }) =>
      new ChatNotesByTable({ db: p.database.db, tables: p.tables, log });
    const [chatA, chatB] = [chatOf(a), chatOf(b)];
    const saved = async (tableId: number) => {
      const restarted = chatOf(a);
      await restarted.loadRunning();
      return restarted.get(tableId)?.table;
    };
    const { table: runtime } = await a.tables.openGame({
      place,
      host: ann,
      variantId: 'three-card',
      options: {},
      look,
      key: 'start',
    });
    const tableId = runtime.record.id;
    await b.tables.running(place); // B loads the table, at A's version
    await a.tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    chatA.of(tableId).table = '111';
    await chatA.save(tableId);
    chatB.of(tableId).table = '999';
    await chatB.save(tableId);
    expect(await saved(tableId)).toBe('111');
    // B's next press finds the table moved on, takes it up as committed, and applies there.
    const result = await b.tables.act(tableId, 'join-cat', { type: 'join', playerId: cat.id, name: cat.name }, cat);
    expect(result?.after.players.map((p) => p.id)).toEqual([ann.id, bob.id, cat.id]);
    // The table's owner now, B saves where its chat shows it.
    chatB.of(tableId).table = '222';
    await chatB.save(tableId);
    expect(await saved(tableId)).toBe('222');
  });
});
