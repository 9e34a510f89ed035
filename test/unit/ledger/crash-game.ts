import { Rng, type RngState } from '../../../src/cards/rng.ts';
import { netByPlayer, type SyntheticTable, syntheticDeal } from './synthetic.ts';

/** The game crash-child.ts plays and crash.test.ts checks. */
export const CRASH_GUILD = 'g-crash';
export const CRASH_CHANNEL = 'c-crash';
export const CRASH_PLAYERS = ['ann', 'bob', 'cat', 'dan'];
export const CRASH_SEED = 7;

export interface CrashState extends SyntheticTable {
  deal: number;
  rng: RngState;
}

/** What the ledger must hold after exactly `deals` deals, each applied once. */
export function expectedAfter(deals: number) {
  const rng = Rng.fromSeed(CRASH_SEED);
  const table: SyntheticTable = { pot: 0, reserve: 0 };
  const balances = new Map<string, number>();
  let entries = 0;
  for (let i = 0; i < deals; i++) {
    const transfers = syntheticDeal(rng, CRASH_PLAYERS, table);
    if (transfers.length > 0) entries++;
    for (const [p, net] of netByPlayer(transfers)) balances.set(p, (balances.get(p) ?? 0) + net);
  }
  return { balances, table, entries };
}
