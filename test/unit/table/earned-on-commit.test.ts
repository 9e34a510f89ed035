import { describe, expect, it } from 'vitest';
import { awardedAt } from '../../../src/db/achievements-store.ts';
import { awaiting, computerMove, type GameState } from '../../../src/engine/index.ts';
import { dealtTable, tablesFixture } from './tables-fixture.ts';

/**
 * A settled deal's commit says what it awarded (the result announces it without reading
 * it back on the bot's thread): exactly what the achievements table holds for that deal.
 */
describe("a deal's achievements, as its commit tells them", () => {
  it('equal those read back for the deal, deal after deal', async () => {
    const fx = await tablesFixture();
    try {
      const tableId = await dealtTable(fx);
      let settled = 0;
      for (let moves = 0; moves < 200 && settled < 4; moves++) {
        const state = fx.tables.heldTable(tableId)?.record.state as GameState;
        const waiting = awaiting(state);
        if (waiting.kind === 'over') break;
        const move =
          waiting.kind === 'between-deals'
            ? null
            : state.players.map((p) => computerMove(state, p.id, 'balanced')).find((m) => m !== null);
        const step = await fx.tables.act(tableId, `k-${moves}`, move ?? { type: 'timeout' });
        if (!step?.earned) continue;
        settled += 1;
        expect(step.earned).toEqual(await awardedAt(fx.db, tableId, step.record.dealNo));
        // The first deal is everyone's first: each of the two players earns at least that.
        if (settled === 1) expect(step.earned.length).toBeGreaterThanOrEqual(2);
      }
      expect(settled).toBeGreaterThanOrEqual(2);
    } finally {
      await fx.close();
    }
  });
});
