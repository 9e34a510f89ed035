import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertDealResults, leaderboard, netSeries, playerStats } from '../../../src/db/deal-results-store.ts';
import type { OpenDatabase } from '../../../src/db/index.ts';
import { createOrLoadTable } from '../../../src/db/table-store.ts';
import { apply, createGame, type GameEvent, type GameState } from '../../../src/engine/index.ts';
import { dealResultsOf } from '../../../src/table/deal-results-of-events.ts';
import { backends } from '../../support/backends.ts';

describe('dealResultsOf', () => {
  it("reads each player's part from a settled deal's events", () => {
    let s: GameState = createGame({ variant: 'two-card', rng: [1, 2, 3, 4], host: 'ann', hostName: 'Ann', pot: 10 });
    for (const p of ['bob', 'cat']) s = apply(s, { type: 'join', playerId: p, name: p }).state;
    const stack = { cards: { ann: [48, 49], bob: [44, 45], cat: [0, 5] } }; // aces, kings, a deuce-three
    s = apply(s, { type: 'startDeal', by: 'ann', stack }).state;
    const events: GameEvent[] = [];
    for (const [p, choice] of [
      ['ann', 'stay'],
      ['bob', 'stay'],
      ['cat', 'drop'],
    ] as const) {
      const r = apply(s, { type: 'declare', playerId: p, choice });
      s = r.state;
      events.push(...r.events);
    }
    const rows = dealResultsOf(events);
    const ann = rows.find((r) => r.userId === 'ann');
    const bob = rows.find((r) => r.userId === 'bob');
    expect(ann).toMatchObject({ stayed: true, won: true, net: 10, potWon: 10 });
    expect(ann?.hand?.name).toMatch(/aces/i);
    expect(bob).toMatchObject({ stayed: true, won: false, net: -10, potWon: 0 });
    expect(rows.find((r) => r.userId === 'cat')).toMatchObject({ stayed: false, won: false, net: 0, hand: null });
    expect(dealResultsOf(events.filter((e) => e.type !== 'DealEnded'))).toEqual([]);
  });
});

describe.each(backends)('stats queries on $name', (backend) => {
  let o: OpenDatabase;
  beforeEach(async () => {
    o = await backend.fresh();
  });
  afterEach(async () => {
    await o.close();
  });

  const deal = async (
    tableId: number,
    dealNo: number,
    at: number,
    variant: string,
    rows: Parameters<typeof insertDealResults>[2],
  ) => insertDealResults(o.db, { guildId: 'g', tableId, dealNo, variant, at }, rows);
  const part = (userId: string, net: number, won = net > 0, hand: { name: string; value: number } | null = null) => ({
    userId,
    stayed: net !== 0,
    won,
    net,
    potWon: won ? net : 0,
    hand,
  });

  it("sums a player's deals per variant, and ranks a server by net chips, then deals won", async () => {
    const table = (await createOrLoadTable(o.db, 'g', 'c')).id;
    const day = 24 * 60 * 60 * 1000;
    await deal(table, 1, 40 * day, 'two-card', [
      part('ann', 30, true, { name: 'Pair of aces', value: 90 }),
      part('bob', -30),
    ]);
    await deal(table, 2, 41 * day, 'two-card', [
      part('ann', -5, false, { name: 'King high', value: 20 }),
      part('bob', 5),
    ]);
    await deal(table, 3, 50 * day, 'iron-cross', [part('bob', 20), part('cat', -20), part('ann', 0)]);
    const ann = await playerStats(o.db, 'g', 'ann');
    expect(ann).toEqual([
      { variant: 'iron-cross', deals: 1, won: 0, stayed: 0, net: 0, biggestPot: 0, bestHand: null },
      { variant: 'two-card', deals: 2, won: 1, stayed: 2, net: 25, biggestPot: 30, bestHand: 'Pair of aces' },
    ]);
    expect(await playerStats(o.db, 'g', 'nobody')).toEqual([]);
    expect(await playerStats(o.db, 'other server', 'ann')).toEqual([]);
    const all = await leaderboard(o.db, 'g', 0);
    expect(all.map((r) => [r.userId, r.net, r.won, r.deals])).toEqual([
      ['ann', 25, 1, 3],
      ['bob', -5, 2, 3],
      ['cat', -20, 0, 1],
    ]);
    const lately = await leaderboard(o.db, 'g', 45 * day);
    expect(lately.map((r) => [r.userId, r.net])).toEqual([
      ['bob', 20],
      ['ann', 0],
      ['cat', -20],
    ]);
    // Net chips over time, cumulative, in time buckets; nothing for a stranger.
    const series = await netSeries(o.db, 'g', 'ann', 4);
    expect(series[0]).toBe(0);
    expect(series.at(-1)).toBe(25);
    expect(series.length).toBeLessThanOrEqual(5);
    expect(await netSeries(o.db, 'g', 'nobody')).toEqual([]);
    // One row per player and deal: a second write of the same deal is refused.
    await expect(deal(table, 3, 50 * day, 'iron-cross', [part('bob', 20)])).rejects.toThrow();
  });
});
