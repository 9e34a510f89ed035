import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaderboard, playerStats } from '../../../src/db/deal-results-store.ts';
import { backfillDealResults } from '../../../src/table/backfill-stats.ts';
import { ANN, BOB, openTable, PLACE, type TablesFixture, tablesFixture } from './tables-fixture.ts';

/** Stats for deals settled before results were kept: worked out from the hand history. */
describe('backfilling deal results', () => {
  let fx: TablesFixture;

  beforeEach(async () => {
    fx = await tablesFixture({ nextDealPauseMs: 1_000 });
  });
  afterEach(() => fx.close());

  /** Two games at one table (a three-card deal, then a two-card one), each played to its result. */
  async function playTwoGames(): Promise<void> {
    for (const [n, variant] of [
      [1, 'three-card'],
      [2, 'two-card'],
    ] as const) {
      const { table: runtime } = await openTable(fx.tables, { variantId: variant, key: `start-${n}` });
      const id = runtime.record.id;
      await fx.tables.act(id, `join-${n}`, { type: 'join', playerId: BOB.id, name: BOB.name }, BOB);
      await fx.tables.act(id, `deal-${n}`, { type: 'startDeal', by: ANN.id });
      await fx.tables.act(id, `ann-${n}`, { type: 'declare', playerId: ANN.id, choice: 'stay' });
      await fx.tables.act(id, `bob-${n}`, { type: 'declare', playerId: BOB.id, choice: 'stay' });
      await fx.tables.stopGame(PLACE, { id: ANN.id, admin: false }, `stop-${n}`);
    }
  }

  const snapshot = async () => ({
    rows: await fx.db
      .selectFrom('deal_results')
      .select(['table_id', 'deal_no', 'user_id', 'variant', 'stayed', 'won', 'net', 'pot_won', 'hand_name'])
      .orderBy('deal_no')
      .orderBy('user_id')
      .execute(),
    ann: await playerStats(fx.db, PLACE.guildId, ANN.id),
    board: await leaderboard(fx.db, PLACE.guildId, 0),
  });

  it('gives back exactly what commits recorded, once however often it runs', async () => {
    await playTwoGames();
    const recorded = await snapshot();
    expect(recorded.rows.map((r) => r.variant)).toEqual(['three-card', 'three-card', 'two-card', 'two-card']);
    await fx.db.deleteFrom('deal_results').execute();
    await fx.db.deleteFrom('player_totals').execute();
    expect(await backfillDealResults(fx.db)).toBe(2);
    expect(await snapshot()).toEqual(recorded);
    expect(await backfillDealResults(fx.db)).toBe(0);
    expect(await snapshot()).toEqual(recorded);
  });
});
