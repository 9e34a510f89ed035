import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANN, openTable, PLACE, type TablesFixture, tablesFixture } from './tables-fixture.ts';

/**
 * What the surfaces may read of the tables this process holds (table-reads.ts): plain
 * answers, no runtime, and nothing read from the database.
 */

let fx: TablesFixture;
beforeEach(async () => {
  fx = await tablesFixture();
});
afterEach(async () => {
  await fx.close();
});

describe('the tables this process holds, as the surfaces read them', () => {
  it('says where a table plays and whether it runs, and counts the tables held and running', async () => {
    expect(fx.tables.placeOf(1)).toBeUndefined();
    expect(fx.tables.heldCount).toBe(0);
    const { table } = await openTable(fx.tables);
    const tableId = table.record.id;
    expect(fx.tables.placeOf(tableId)).toEqual({ ...PLACE, running: true });
    expect(fx.tables.heldTable(tableId)?.record.version).toBe(table.record.version);
    expect(fx.tables.heldRunningIn(PLACE.channelId)?.record.id).toBe(tableId);
    expect(fx.tables.heldRunningIn('999')).toBeUndefined();
    expect(fx.tables.heldTables().map((t) => t.record.id)).toEqual([tableId]);
    expect([fx.tables.heldCount, fx.tables.runningCount]).toEqual([1, 1]);

    await fx.tables.stopGame(PLACE, { id: ANN.id, admin: false }, 'stop');
    // Ended but held until its last messages are out (`Tables.release`).
    expect(fx.tables.placeOf(tableId)).toEqual({ ...PLACE, running: false });
    expect(fx.tables.heldRunningIn(PLACE.channelId)).toBeUndefined();
    expect([fx.tables.heldCount, fx.tables.runningCount]).toEqual([1, 0]);
    const ended = fx.tables.heldTable(tableId);
    if (!ended) throw new Error('not held');
    expect(fx.tables.release(ended)).toBe(false);
    expect([fx.tables.heldCount, fx.tables.placeOf(tableId)]).toEqual([0, undefined]);
  });
});
