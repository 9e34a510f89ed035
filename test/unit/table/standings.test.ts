import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { createGame, type GameEvent, type GameState } from '../../../src/engine/index.ts';
import { standings } from '../../../src/table/standings.ts';

/**
 * standings.ts on its own: a finished game's net chips per player, summed from the
 * table's hand history (SQLite in memory, rows written as the commit writes them).
 */

const ended = (dealNo: number, delta: Record<string, number>): GameEvent => ({
  type: 'DealEnded',
  dealNo,
  stayed: [],
  winners: [],
  delta,
  pot: 0,
  reserve: 0,
});
const joined: GameEvent = { type: 'PlayerJoined', playerId: '3', name: 'Cat' };

/** A game of `dealNo` deals with Ann and Bob seated (Cat played, then left), 30 in the pot, 4 in reserve. */
function gameOf(dealNo: number): GameState {
  const fresh = createGame({
    variant: 'three-card',
    options: {},
    rng: [1, 2, 3, 4],
    host: '1',
    hostName: 'Ann',
    pot: 30,
    reserve: 4,
  });
  return { ...fresh, dealNo, players: [...fresh.players, { id: '2', name: 'Bob', legs: 0, leaving: false }] };
}

describe("a finished game's standings", () => {
  let o: OpenDatabase;
  let tableId: number;
  let version = 0;

  /** One committed step of the table's deal `dealNo` (numbered at the table), with these events. */
  const step = async (dealNo: number, events: GameEvent[]) => {
    await o.db
      .insertInto('game_steps')
      .values({
        table_id: tableId,
        key: `k${++version}`,
        deal_no: dealNo,
        version,
        events: JSON.stringify(events),
        created_at: 0,
      })
      .execute();
  };

  beforeEach(async () => {
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
    const { id } = await o.db
      .insertInto('game_tables')
      .values({ guild_id: '100', channel_id: '200', running: 0, deal_no: 7, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    tableId = Number(id);
  });

  afterEach(async () => {
    await o.close();
  });

  it("sums this game's deals only, highest first, naming those still seated", async () => {
    // Deals 1 to 4 were the table's last game; this one played deals 5 to 7.
    await step(4, [ended(4, { '1': 500, '2': -500 })]);
    await step(5, [joined, ended(1, { '1': -10, '2': 5, '3': 5 })]);
    await step(6, [ended(2, { '1': 20, '2': -20 })]);
    await step(7, [ended(3, { '2': 12, '1': -6, '3': -6 })]);
    // A step past this game's last deal is not counted either.
    await step(8, [ended(1, { '1': 1_000 })]);
    const result = await standings(o.db, tableId, gameOf(3), 4);
    expect(result).toEqual({
      deals: 3,
      net: [
        { playerId: '1', name: 'Ann', chips: 4 },
        { playerId: '3', name: null, chips: -1 },
        { playerId: '2', name: 'Bob', chips: -3 },
      ],
      // Each player's net after each of the game's three deals (the night's chart).
      series: { '1': [-10, 10, 4], '2': [5, -15, -3], '3': [5, 5, -1] },
      // Nobody took a pot, showed a hand or was dealt in these bare deals: nothing to recap.
      recap: {},
      pot: 30,
      reserve: 4,
    });
  });

  it('adds up a deal told over several steps, and names nobody in a game with no deals', async () => {
    await step(1, [ended(1, { '1': 3, '2': -3 })]);
    await step(1, [ended(1, { '1': 2, '2': -2 })]);
    const told = await standings(o.db, tableId, gameOf(1), 0);
    expect(told.net).toEqual([
      { playerId: '1', name: 'Ann', chips: 5 },
      { playerId: '2', name: 'Bob', chips: -5 },
    ]);
    // One deal is one point on the chart, however many steps told it.
    expect(told.series).toEqual({ '1': [5], '2': [-5] });
    expect(await standings(o.db, tableId, gameOf(0), 1)).toEqual({
      deals: 0,
      net: [],
      series: {},
      recap: {},
      pot: 30,
      reserve: 4,
    });
  });
});
