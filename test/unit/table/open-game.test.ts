import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealHistory } from '../../../src/db/hand-history.ts';
import type { GameState } from '../../../src/engine/index.ts';
import { ANN, BOB, CAT, dealtTable, openTable, PLACE, type TablesFixture, tablesFixture } from './tables-fixture.ts';

/**
 * open-game.ts through `Tables` (its only caller): `/guts start`'s checks and a new
 * game's first step, on SQLite in memory with a hand-driven clock.
 */

describe('opening a game', () => {
  let fx: TablesFixture;

  beforeEach(async () => {
    fx = await tablesFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  /** Plays the dealt game's deal out by its countdown (nobody chooses) and stops it: its pot stays with the channel. */
  const playOutAndStop = async (tableId: number) => {
    fx.time.advance(60_000);
    await fx.settled();
    await fx.tables.stopGame(PLACE, { id: ANN.id, admin: false }, `stop-${tableId}`);
    await fx.settled();
  };

  it('seats its host in a lobby, in the look asked for, and writes down what it opened', async () => {
    const { table: runtime, result } = await openTable(fx.tables, {
      variantId: 'two-card',
      options: { ante: 3 },
      look: { fourColour: true, locale: 'de' },
    });
    expect(result.after).toMatchObject({ phase: 'lobby', variant: 'two-card', host: ANN.id, dealNo: 0 });
    expect(result.after.options.ante).toBe(3);
    expect(result.after.players.map((p) => [p.id, p.name])).toEqual([[ANN.id, ANN.name]]);
    expect(runtime.notes).toMatchObject({ fourColour: true, locale: 'de', dealBase: 0, returning: [] });
    // The record it holds carries the notes its first step committed, not the new row's.
    expect(runtime.record.messages).toEqual(runtime.notes);
    expect(runtime.record.running).toBe(true);
    const history = await dealHistory(fx.db, runtime.record.id, 0);
    expect(history[0]).toMatchObject({ type: 'GameOpened', variant: 'two-card', firstDeal: 1 });
    // A table with no language said speaks English.
    await fx.tables.stopGame(PLACE, { id: ANN.id, admin: false }, 'stop');
    const english = await openTable(fx.tables, { key: 'start-2' });
    expect(english.table.notes.locale).toBe('en-US');
  });

  it("refuses at once a bad option, and a second game while one runs, naming the running game's variant", async () => {
    expect(() => fx.tables.checkOpen(PLACE, 'three-card', { ante: 0 })).toThrow(/ante/);
    await expect(openTable(fx.tables, { options: { ante: -1 } })).rejects.toThrow(/ante/);
    await openTable(fx.tables, { variantId: 'two-card' });
    expect(() => fx.tables.checkOpen(PLACE, 'three-card', {})).toThrow(
      expect.objectContaining({ key: 'refusal.running', vars: { variant: 'two-card' } }),
    );
    await expect(openTable(fx.tables, { host: BOB, key: 'start-2' })).rejects.toMatchObject({
      key: 'refusal.running',
    });
    // Another channel is another table.
    const elsewhere = await openTable(fx.tables, { place: { ...PLACE, channelId: '201' }, key: 'start-3' });
    expect(elsewhere.result.after.host).toBe(ANN.id);
  });

  it('refuses a game another process runs at the table, which this one has not loaded', async () => {
    const { table: runtime } = await openTable(fx.tables);
    const second = fx.anotherProcess();
    await expect(openTable(second, { host: BOB, key: 'start-2' })).rejects.toMatchObject({ key: 'refusal.running' });
    expect(fx.tables.heldTable(runtime.record.id)?.record.version).toBe(runtime.record.version);
  });

  it('lets one of two starts racing in a channel open, and refuses the other', async () => {
    const both = await Promise.allSettled([
      openTable(fx.tables, { key: 'start-a' }),
      openTable(fx.tables, { host: BOB, key: 'start-b' }),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(both.find((b) => b.status === 'rejected')).toMatchObject({ reason: { key: 'refusal.running' } });
  });

  it("numbers its deals on from the table's last game, and plays for the pot that game left", async () => {
    const first = await dealtTable(fx);
    await playOutAndStop(first);
    const left = fx.tables.heldTable(first)?.record.state as GameState;
    expect(left.phase).toBe('over');
    expect(left.pot).toBeGreaterThan(0);
    const { table: runtime, result } = await openTable(fx.tables, { key: 'start-2' });
    expect(runtime.record.id).toBe(first);
    expect(runtime.notes.dealBase).toBe(1);
    expect(result.after).toMatchObject({ pot: left.pot, reserve: left.reserve, dealNo: 0 });
    // Its opening is written beside the table's deal 1, the last game's last.
    const history = await dealHistory(fx.db, first, 1);
    expect(history.filter((e) => e.type === 'GameOpened')).toEqual([expect.objectContaining({ firstDeal: 2 })]);
  });

  it('opens once per key: the same start again is refused as done', async () => {
    await openTable(fx.tables, { key: 'start-1' });
    await fx.tables.stopGame(PLACE, { id: ANN.id, admin: false }, 'stop');
    await expect(openTable(fx.tables, { key: 'start-1' })).rejects.toMatchObject({ key: 'refusal.alreadyDone' });
  });

  it('seats the people and computers it is given after its host, the host once', async () => {
    const { result } = await openTable(fx.tables, {
      seats: [
        { id: ANN.id, name: ANN.name, legs: 0, leaving: false },
        { id: BOB.id, name: BOB.name, legs: 0, leaving: false },
        { id: 'cpu-bold-1', name: 'Ada', legs: 0, leaving: false, computer: 'bold' },
        { id: CAT.id, name: CAT.name, legs: 0, leaving: false },
      ],
    });
    const players = result.after.players;
    expect(players.map((p) => p.id).filter((id) => !id.startsWith('cpu'))).toEqual([ANN.id, BOB.id, CAT.id]);
    expect(players.filter((p) => p.computer).map((p) => p.computer)).toEqual(['bold']);
    expect(result.events.filter((e) => e.type === 'PlayerJoined')).toHaveLength(3);
  });

  it("deals provably fair games from a new seed chain, with the host's phrase, when it has one", async () => {
    const plain = await openTable(fx.tables, { phrase: 'ignored' });
    expect(plain.result.after.fair).toBeUndefined();
    const fair = await tablesFixture({ newServerSeed: () => 'ab'.repeat(32) });
    try {
      const { result } = await openTable(fair.tables, { phrase: 'lucky cat' });
      expect(result.after.fair).toBeDefined();
      expect(JSON.stringify(result.after.fair)).toContain('lucky cat');
    } finally {
      await fair.close();
    }
  });
});
