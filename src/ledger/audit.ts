import { sql } from 'kysely';
import type { AccountKind } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';

export type AuditProblem =
  | {
      kind: 'balance';
      guildId: string;
      accountId: number;
      account: { kind: AccountKind; owner: string };
      stored: number;
      fromPostings: number;
    }
  | { kind: 'guild-sum'; guildId: string; sum: number }
  | { kind: 'entry-sum'; entryId: number; key: string; sum: number };

export interface AuditReport {
  ok: boolean;
  accounts: number;
  entries: number;
  guilds: number;
  problems: AuditProblem[];
}

/** `sum(amount)` as a bigint: Postgres sums bigints into numerics, which come back as strings. */
const sumOfAmounts = sql<number>`cast(coalesce(sum(amount), 0) as bigint)`;

/**
 * Recomputes every balance from the postings and checks the ledger's invariants:
 * each account's stored balance equals the sum of its postings, each journal entry
 * sums to zero, and each guild's accounts sum to zero.
 */
export async function auditLedger(db: Db): Promise<AuditReport> {
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'guild_id', 'kind', 'owner', 'balance'])
    .execute();
  const sums = await db
    .selectFrom('postings')
    .select(['account_id', sumOfAmounts.as('total')])
    .groupBy('account_id')
    .execute();
  const postedTo = new Map(sums.map((s) => [s.account_id, s.total]));

  const problems: AuditProblem[] = [];
  const guildSums = new Map<string, number>();
  for (const a of accounts) {
    const fromPostings = postedTo.get(a.id) ?? 0;
    guildSums.set(a.guild_id, (guildSums.get(a.guild_id) ?? 0) + fromPostings);
    if (fromPostings !== a.balance) {
      problems.push({
        kind: 'balance',
        guildId: a.guild_id,
        accountId: a.id,
        account: { kind: a.kind, owner: a.owner },
        stored: a.balance,
        fromPostings,
      });
    }
  }
  for (const [guildId, sum] of guildSums) if (sum !== 0) problems.push({ kind: 'guild-sum', guildId, sum });

  const unbalanced = await db
    .selectFrom('postings')
    .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
    .select(['journal_entries.id as entryId', 'journal_entries.key as key', sumOfAmounts.as('sum')])
    .groupBy(['journal_entries.id', 'journal_entries.key'])
    .having(sql`sum(amount)`, '<>', 0)
    .execute();
  for (const e of unbalanced) problems.push({ kind: 'entry-sum', ...e });

  const entries = await db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    ok: problems.length === 0,
    accounts: accounts.length,
    entries: Number(entries.n),
    guilds: guildSums.size,
    problems,
  };
}

/** One line per problem, for the CLI and the start-up log. */
export function describeProblem(p: AuditProblem): string {
  switch (p.kind) {
    case 'balance':
      return `guild ${p.guildId}: ${p.account.kind} ${p.account.owner} (account ${p.accountId}) has balance ${p.stored} but its postings sum to ${p.fromPostings}`;
    case 'guild-sum':
      return `guild ${p.guildId}: postings sum to ${p.sum}, not 0`;
    case 'entry-sum':
      return `journal entry ${p.entryId} (${p.key}): postings sum to ${p.sum}, not 0`;
  }
}
