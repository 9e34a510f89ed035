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

/**
 * What no person pays: people's balances together are up (won from the house) or down
 * (lost to the house, or sitting in pots and reserves). That gap is shared by the people
 * on its side, the winners when people are up, the losers when down, in proportion to
 * their balances: each share is the gap × balance ÷ their total, rounded down, and the
 * chips left by rounding go one each to the largest remainders (ties: the larger balance,
 * then the smaller id). The shares add up to the gap exactly, and none passes its
 * balance. docs/RULES.md, "Settling up", says this rule to the players.
 */
export function shareGap(balances: ReadonlyMap<string, number>): Map<string, number> {
  const gap = [...balances.values()].reduce((a, b) => a + b, 0);
  const side = [...balances]
    .filter(([, b]) => Math.sign(b) === Math.sign(gap) && b !== 0)
    .map(([id, b]) => ({ id, weight: Math.abs(b) }));
  const total = side.reduce((a, s) => a + s.weight, 0);
  const size = Math.abs(gap);
  // gap × balance can pass 2^53 with large balances: BigInt keeps it exact.
  const shares = side.map((s) => {
    const product = BigInt(size) * BigInt(s.weight);
    return { ...s, share: Number(product / BigInt(total)), remainder: product % BigInt(total) };
  });
  let left = size - shares.reduce((a, s) => a + s.share, 0);
  const byRemainder = [...shares].sort(
    (a, b) =>
      (a.remainder < b.remainder ? 1 : a.remainder > b.remainder ? -1 : 0) ||
      b.weight - a.weight ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  for (const s of byRemainder) {
    if (left === 0) break;
    s.share += 1;
    left -= 1;
  }
  return new Map(shares.filter((s) => s.share > 0).map((s) => [s.id, s.share]));
}

export interface Settlement {
  payments: Payment[];
  /**
   * Each person's share of what no person pays (shareGap): a winner's share is credit
   * nobody pays them, a loser's is debt they pay to nobody. A person's payments plus their
   * share are their balance.
   */
  shares: Map<string, number>;
  /** People's balances together: up (won from the house) or down (lost to it, or in pots). */
  gap: number;
  /** Chips in the guild's pots and reserves: the part of the players' debt that no payment settles. */
  inPots: number;
  /**
   * The computer players' balances together: the house. Positive, people lost that much to
   * computers; negative, they won it from them. No payment is made to or by the house: a
   * computer never pays a person, nor a person a computer.
   */
  house: number;
  /**
   * Of the house's loss (house < 0), the chips people won: what people are up together.
   * The rest of it sits in pots and reserves, nobody's winnings yet.
   */
  wonFromHouse: number;
}

/**
 * Settles a guild's people among themselves: each shares what no person pays
 * (shareGap), then the fewest-payments plan (greedy, ≤ n-1) squares the rest.
 */
export async function settle(db: Db, guildId: string): Promise<Settlement> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'owner', 'balance'])
    .where('guild_id', '=', guildId)
    .where('balance', '<>', 0)
    .execute();
  const people = new Map<string, number>();
  let inPots = 0;
  let house = 0;
  for (const row of rows) {
    if (row.kind !== 'player') inPots += row.balance;
    else if (isComputerId(row.owner)) house += row.balance;
    else people.set(row.owner, row.balance);
  }
  // People + house + pots = 0, and pots are never negative: what people are up together
  // came from the house, and is never more than its loss.
  const plan = settlePeople(people);
  return { ...plan, inPots, house, wonFromHouse: house < 0 ? Math.max(0, plan.gap) : 0 };
}

/**
 * People's balances settled: each one's share of the gap (people's balances together:
 * positive, shared by the winners; negative, by the losers), then payments for the rest.
 */
export function settlePeople(balances: ReadonlyMap<string, number>): {
  payments: Payment[];
  shares: Map<string, number>;
  gap: number;
} {
  const shares = shareGap(balances);
  const owed = new Map(balances);
  for (const [id, share] of shares) owed.set(id, owed.get(id)! - Math.sign(owed.get(id)!) * share);
  return { payments: planSettlement(owed), shares, gap: [...balances.values()].reduce((a, b) => a + b, 0) };
}
