import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from 'guts/src/cards/rng.ts';
import { type DealResult, insertDealResults, leaderboard, playerStats } from 'guts/src/db/deal-results-store.ts';
import { migrateToLatest, openDatabase } from 'guts/src/db/index.ts';
import { createOrLoadTable } from 'guts/src/db/table-store.ts';
import type { Bench } from './types.ts';

/**
 * `/guts stats` and `/guts leaderboard` on a server with 100,000 recorded deals (five
 * players each, 40 players, six variants, spread over a year) in a SQLite file:
 * p50 and p99 of each query. Target: under 100 ms each.
 */
const DEALS = 100_000;
const PLAYERS = Array.from({ length: 40 }, (_, i) => String(100_000_000_000_000_000n + BigInt(i)));
const VARIANTS = ['three-card', 'two-card', 'iron-cross', 'three-five-seven', 'deadly-69s', 'tic-tac-toe'];
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const RUNS = 50;

const percentile = (ms: number[], p: number) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 100) / 100;
};

async function timed(runs: number, work: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work(i);
    ms.push(performance.now() - t0);
  }
  return { p50Ms: percentile(ms, 0.5), p99Ms: percentile(ms, 0.99) };
}

export const benches: Bench[] = [
  {
    name: 'stats',
    results: ['stats', 'leaderboard-week', 'leaderboard-month', 'leaderboard-all'],
    async run() {
      const dir = mkdtempSync(join(tmpdir(), 'guts-bench-'));
      const o = openDatabase(`file:${join(dir, 'stats.db')}`);
      try {
        await migrateToLatest(o.db);
        const rng = Rng.fromSeed(11);
        const tables = await Promise.all(
          Array.from({ length: 20 }, (_, i) => createOrLoadTable(o.db, 'g', `c${i}`).then((t) => t.id)),
        );
        const now = Date.now();
        for (let start = 0; start < DEALS; start += 1000) {
          await o.db.transaction().execute(async (trx) => {
            for (let d = start; d < start + 1000; d++) {
              const seats = Array.from({ length: 5 }, (_, k) => PLAYERS[(d * 7 + k * 3) % PLAYERS.length] as string);
              const winner = rng.int(5);
              const results: DealResult[] = seats.map((userId, k) => ({
                userId,
                stayed: k === winner || rng.int(2) === 0,
                won: k === winner,
                net: k === winner ? 40 : -10,
                potWon: k === winner ? 50 : 0,
                hand: k === winner ? { name: 'Pair of aces', value: rng.int(1_000_000) } : null,
              }));
              const where = {
                guildId: 'g',
                tableId: tables[d % tables.length] as number,
                dealNo: Math.floor(d / tables.length) + 1,
                variant: VARIANTS[d % VARIANTS.length] as string,
                at: now - YEAR_MS + Math.floor((d / DEALS) * YEAR_MS),
              };
              await insertDealResults(trx, where, results);
            }
          });
        }
        const stats = await timed(RUNS, (i) => playerStats(o.db, 'g', PLAYERS[i % PLAYERS.length] as string));
        const day = 24 * 60 * 60 * 1000;
        const periods = { week: now - 7 * day, month: now - 30 * day, all: 0 };
        const boards: [string, { p50Ms: number; p99Ms: number }][] = [];
        for (const [period, since] of Object.entries(periods)) {
          boards.push([period, await timed(RUNS, () => leaderboard(o.db, 'g', since))]);
        }
        return [
          { name: 'stats', deals: DEALS, query: 'playerStats', ...stats, target: { p99Ms: 100 } },
          ...boards.map(([period, t]) => ({
            name: `leaderboard-${period}`,
            deals: DEALS,
            ...t,
            target: { p99Ms: 100 },
          })),
        ];
      } finally {
        await o.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
