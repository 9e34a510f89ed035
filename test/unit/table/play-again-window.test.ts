import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { awaiting } from '../../../src/engine/index.ts';
import { ANN, BOB, openTable, PLACE, type TablesFixture, tablesFixture } from './tables-fixture.ts';

/**
 * Play again pressed while the game that just ended is still held by the publisher (its
 * runtime is released only once its last messages are out): `Tables.endedGame` reads that
 * runtime's record, which must carry the notes the game committed, not those of the row
 * as the game found it when it opened (the game before's, at a table's second game).
 */
describe('Play again, before the ended game is released', () => {
  let fx: TablesFixture;
  beforeEach(async () => {
    fx = await tablesFixture();
  });
  afterEach(() => fx.close());

  /** One game at the table: Ann hosts, Bob joins, one deal is dealt and played out, and the game ends after it. */
  async function playOneDeal(n: number, look: { fourColour: boolean; locale: string }): Promise<number> {
    const { table: runtime } = await openTable(fx.tables, { key: `start-${n}`, look });
    const tableId = runtime.record.id;
    await fx.tables.act(tableId, `join-${n}`, { type: 'join', playerId: BOB.id, name: BOB.name }, BOB);
    await fx.tables.act(tableId, `deal-${n}`, { type: 'startDeal', by: ANN.id });
    await fx.tables.act(tableId, `stop-${n}`, { type: 'stop', by: ANN.id });
    await fx.tables.act(tableId, `ann-${n}`, { type: 'declare', playerId: ANN.id, choice: 'stay' });
    const last = await fx.tables.act(tableId, `bob-${n}`, { type: 'declare', playerId: BOB.id, choice: 'stay' });
    expect(last && awaiting(last.after).kind).toBe('over');
    return tableId;
  }

  it("at a table's second game: offered with that game's deal number and look", async () => {
    await playOneDeal(1, { fourColour: false, locale: 'en-US' });
    const tableId = await playOneDeal(2, { fourColour: true, locale: 'de' });
    // Still held: nothing released it (the publisher would, once the game's last messages are out).
    expect(fx.tables.heldTable(tableId)?.record.running).toBe(false);
    // The second game's only deal is the table's second.
    const ended = await fx.tables.endedGame(tableId, PLACE, 2, ANN.id);
    expect(ended.look).toEqual({ fourColour: true, locale: 'de' });
    expect(ended.variantId).toBe('three-card');
  });
});
