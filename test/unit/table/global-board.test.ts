import { describe, expect, it } from 'vitest';
import { setPublic } from '../../../src/db/profile-store.ts';
import { type Action, awaiting, computerMove, type GameState } from '../../../src/engine/index.ts';
import { globalBoard } from '../../../src/table/global-board.ts';
import type { Clock } from '../../../src/table/scheduler.ts';
import { ANN, BOB, openTable, tablesFixture } from './tables-fixture.ts';

/** The cross-server board over deals played through the table layer, in two servers. */
describe('the cross-server board', () => {
  it('ranks only who chose to appear, by this season’s points in every server added up, from 10 deals', async () => {
    const now = Date.UTC(2026, 10, 10);
    const clock: Clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => {} };
    const fx = await tablesFixture({ clock, newRngState: () => [7, 2, 3, 4] });
    try {
      let n = 0;
      /** Ann and Bob play `deals` deals of two-card guts in `guildId`, each choosing as a balanced computer would. */
      const play = async (guildId: string, deals: number) => {
        const place = { guildId, channelId: `c${guildId}` };
        const { table: runtime } = await openTable(fx.tables, { place, variantId: 'two-card', key: `open-${++n}` });
        const id = runtime.record.id;
        const act = (action: Action) => fx.tables.act(id, `k-${++n}`, action);
        await fx.tables.act(id, `k-${++n}`, { type: 'join', playerId: BOB.id, name: BOB.name }, BOB);
        await act({ type: 'startDeal', by: ANN.id });
        for (let dealt = 1, moves = 0; moves < 500; moves++) {
          const state = (await fx.tables.tableIn(place))?.record.state as GameState;
          const w = awaiting(state);
          if (w.kind === 'over' || (w.kind === 'between-deals' && dealt >= deals)) break;
          if (w.kind === 'between-deals') {
            dealt += 1;
            await act({ type: 'timeout' });
            continue;
          }
          const move = state.players.map((p) => computerMove(state, p.id, 'balanced')).find((m) => m !== null);
          await act(move ?? { type: 'timeout' });
        }
        await fx.tables.stopGame(place, { id: ANN.id, admin: false }, `k-${++n}`);
      };
      await play('100', 6);
      await play('101', 6);
      expect(await globalBoard(fx.db, now, 10)).toEqual({ rows: [], anyone: false });
      await setPublic(fx.db, ANN.id, true, 'Ann#global', now);
      const { rows, anyone } = await globalBoard(fx.db, now, 10);
      expect(anyone).toBe(true);
      const scores = await fx.db.selectFrom('season_scores').selectAll().where('user_id', '=', ANN.id).execute();
      const deals = scores.reduce((t, s) => t + Number(s.deals), 0);
      // Two games ended early when one player took the pot alone: as many deals as were played.
      const points = scores.reduce((t, s) => t + Number(s.points), 0);
      expect(rows).toEqual(
        deals >= 10 ? [{ userId: ANN.id, name: 'Ann#global', points, won: expect.any(Number), deals }] : [],
      );
      expect(scores.map((s) => s.guild_id).sort()).toEqual(['100', '101']);
      // Bob never chose: he is not there, whatever he scored.
      expect(rows.some((r) => r.userId === BOB.id)).toBe(false);
      await setPublic(fx.db, ANN.id, false, 'Ann#global', now);
      expect((await globalBoard(fx.db, now, 10)).rows).toEqual([]);
      // Another month: a new season in both servers, nothing in it yet.
      expect((await globalBoard(fx.db, Date.UTC(2026, 11, 2), 0)).rows).toEqual([]);
    } finally {
      await fx.close();
    }
  });
});
