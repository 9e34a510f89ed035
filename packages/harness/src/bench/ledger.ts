import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, type OpenDatabase, openDatabase } from 'guts/src/db/index.ts';
import { createOrLoadTable } from 'guts/src/db/table-store.ts';
import type { Party, Transfer } from 'guts/src/engine/transfer.ts';
import { postTransfers } from 'guts/src/ledger/journal.ts';
import { commitStep } from 'guts/src/table/commit.ts';
import type { Bench, BenchResult } from './types.ts';

const DEALS = 3000;
const WARMUP = 500;
const PLAYERS = [
  '111111111111111111',
  '222222222222222222',
  '333333333333333333',
  '444444444444444444',
  '555555555555555555',
];
const POT: Party = { kind: 'pot' };

/** A typical five-player deal: everyone antes 10, one of three stayers wins, two match. */
function dealTransfers(deal: number): Transfer[] {
  const p = (i: number): Party => ({ kind: 'player', id: PLAYERS[(deal + i) % PLAYERS.length]! });
  return [
    ...PLAYERS.map((_, i) => ({ from: p(i), to: POT, amount: 10, reason: 'ante' })),
    { from: POT, to: p(0), amount: 50, reason: 'win' },
    { from: p(1), to: POT, amount: 50, reason: 'match' },
    { from: p(2), to: POT, amount: 50, reason: 'match' },
  ];
}

/** Times `DEALS` calls of `postDeal` (one transaction each) on a fresh SQLite file: WAL, synchronous=FULL. */
async function timeDeals(
  name: string,
  postDeal: (o: OpenDatabase, deal: number) => Promise<unknown>,
): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-bench-'));
  const o = openDatabase(`file:${join(dir, 'bench.db')}`);
  try {
    await migrateToLatest(o.db);
    for (let i = 0; i < WARMUP; i++) await postDeal(o, DEALS + i);
    const ms: number[] = [];
    const start = performance.now();
    for (let i = 0; i < DEALS; i++) {
      const t0 = performance.now();
      await postDeal(o, i);
      ms.push(performance.now() - t0);
    }
    const total = performance.now() - start;
    ms.sort((a, b) => a - b);
    const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]! * 1000) / 1000;
    return {
      name,
      perSecond: Math.round((DEALS / total) * 1000),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      deals: DEALS,
      target: '≥ 2000/s, p99 < 10 ms (SQLite, WAL, synchronous=FULL)',
    };
  } finally {
    await o.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const benches: Bench[] = [
  {
    name: 'ledger-settle',
    run: () =>
      timeDeals('ledger-settle', (o, deal) =>
        postTransfers(o.db, {
          guildId: 'bench-guild',
          channelId: 'bench-channel',
          key: `deal:${deal}`,
          transfers: dealTransfers(deal),
        }),
      ),
  },
  {
    // The bot's real per-deal write: state, history and postings in one commitStep.
    name: 'table-commit',
    run: async () => {
      let version = 0;
      let tableId = 0;
      const state = { players: PLAYERS, hands: PLAYERS.map(() => [1, 2, 3, 4]), log: 'x'.repeat(1500) };
      return timeDeals('table-commit', async (o, deal) => {
        if (tableId === 0) tableId = (await createOrLoadTable(o.db, 'bench-guild', 'bench-channel')).id;
        const transfers = dealTransfers(deal);
        await commitStep(o.db, {
          tableId,
          expectedVersion: version,
          key: `step:${deal}`,
          state,
          running: true,
          deadline: null,
          messages: { table: '999999999999999999' },
          dealNo: deal,
          events: transfers,
          transfers,
        });
        version++;
      });
    },
  },
];
