import type { Db } from '../db/transaction.ts';
import { isComputerId } from '../engine/index.ts';

export interface Payment {
  from: string;
  to: string;
  amount: number;
}

/**
 * Payments that square up the given balances (id → balance; positive means the
 * player is owed): the largest debtor pays the largest creditor the smaller of the
 * two amounts, until one side is empty. Ties go to the smaller id, so the plan is
 * deterministic.
 *
 * At most n-1 payments, n = number of non-zero balances. Proof: each payment is the
 * smaller of the debt and the credit, so it brings at least one of its two parties
 * to zero, and a party at zero never pays or is paid again: every payment removes
 * at least one of the n parties. The loop stops when one side is empty.
 * - If the balances sum to zero, credits left always equal debts left, so when one
 *   side empties the other is empty too. The last payment therefore found both
 *   sides non-empty and left both empty: it removed both its parties. k payments
 *   remove at least (k-1) + 2 = k+1 parties, and there are n: k ≤ n-1.
 * - Otherwise (chips sitting in pots and reserves) credits left never equal debts
 *   left, so the loop ends with a non-empty side: at least one party is never
 *   removed, k ≤ n-1 again.
 */
export function planSettlement(balances: ReadonlyMap<string, number>): Payment[] {
  const byId = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const creditors = [...balances].filter(([, b]) => b > 0).sort(byId);
  const debtors = [...balances]
    .filter(([, b]) => b < 0)
    .map(([id, b]): [string, number] => [id, -b])
    .sort(byId);
  const payments: Payment[] = [];
  while (creditors.length > 0 && debtors.length > 0) {
    const c = largest(creditors);
    const d = largest(debtors);
    const amount = Math.min(c[1], d[1]);
    payments.push({ from: d[0], to: c[0], amount });
    c[1] -= amount;
    d[1] -= amount;
    if (c[1] === 0) creditors.splice(creditors.indexOf(c), 1);
    if (d[1] === 0) debtors.splice(debtors.indexOf(d), 1);
  }
  return payments;
}

/** The first entry with the largest amount (entries are in id order). */
function largest(side: [string, number][]): [string, number] {
  let best = side[0]!;
  for (const entry of side) if (entry[1] > best[1]) best = entry;
  return best;
}

export interface Settlement {
  payments: Payment[];
  /** Chips in the guild's pots and reserves: the part of the players' debt that no payment settles. */
  inPots: number;
  /**
   * The computer players' balances together: the house. Positive, people lost that much to
   * computers; negative, they won it from them. No payment is made to or by the house: a
   * computer never pays a person, nor a person a computer.
   */
  house: number;
}

/** The fewest-payments plan (greedy, ≤ n-1) that settles a guild's people among themselves. */
export async function settle(db: Db, guildId: string): Promise<Settlement> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'owner', 'balance'])
    .where('guild_id', '=', guildId)
    .where('balance', '<>', 0)
    .execute();
  const players = new Map<string, number>();
  let inPots = 0;
  let house = 0;
  for (const row of rows) {
    if (row.kind !== 'player') inPots += row.balance;
    else if (isComputerId(row.owner)) house += row.balance;
    else players.set(row.owner, row.balance);
  }
  return { payments: planSettlement(players), inPots, house };
}
