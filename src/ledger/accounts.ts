import type { AccountKind } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';
import type { Party } from '../engine/transfer.ts';

/** An account within a guild: a player's (owner = user id) or a channel's pot or reserve (owner = channel id). */
export interface AccountRef {
  kind: AccountKind;
  owner: string;
}

/** The account an engine party means at the table in `channelId`. */
export function partyAccount(channelId: string, party: Party): AccountRef {
  return party.kind === 'player' ? { kind: 'player', owner: party.id } : { kind: party.kind, owner: channelId };
}

export function accountKey(ref: AccountRef): string {
  return `${ref.kind}:${ref.owner}`;
}

/** Throws unless `n` is an integer a double holds exactly: chips are never rounded. */
export function assertChips(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a safe integer, got ${n}`);
}

/** Rows per multi-row statement: far below SQLite's bound-parameter limit. */
const CHUNK = 200;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Adds each delta to its account's balance, creating accounts on first use, and
 * returns the account ids by `accountKey`. One upsert statement per chunk, in a
 * fixed (kind, owner) order so concurrent Postgres writers lock rows in the same
 * order and cannot deadlock. Must run inside the transaction that writes the
 * postings, so balances and postings never disagree.
 */
export async function addToBalances(
  trx: Db,
  guildId: string,
  deltas: ReadonlyMap<string, { ref: AccountRef; delta: number }>,
): Promise<Map<string, number>> {
  const rows = [...deltas.values()].sort((a, b) => compareRefs(a.ref, b.ref));
  const ids = new Map<string, number>();
  for (const part of chunks(rows)) {
    const updated = await trx
      .insertInto('ledger_accounts')
      .values(part.map(({ ref, delta }) => ({ guild_id: guildId, kind: ref.kind, owner: ref.owner, balance: delta })))
      .onConflict((oc) =>
        oc
          .columns(['guild_id', 'kind', 'owner'])
          .doUpdateSet((eb) => ({ balance: eb('ledger_accounts.balance', '+', eb.ref('excluded.balance')) })),
      )
      .returning(['id', 'kind', 'owner', 'balance'])
      .execute();
    for (const row of updated) {
      assertChips(row.balance, `balance of ${row.kind} ${row.owner}`);
      ids.set(accountKey(row), row.id);
    }
  }
  return ids;
}

function compareRefs(a: AccountRef, b: AccountRef): number {
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0;
}

/**
 * Stores players' latest display names (user id → name) so `/ledger` can print
 * names; creates a zero-balance account for a player not seen before.
 */
export async function rememberDisplayNames(
  db: Db,
  guildId: string,
  names: Readonly<Record<string, string>>,
): Promise<void> {
  const rows = Object.entries(names).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const part of chunks(rows)) {
    await db
      .insertInto('ledger_accounts')
      .values(part.map(([owner, name]) => ({ guild_id: guildId, kind: 'player' as const, owner, display_name: name })))
      .onConflict((oc) =>
        oc
          .columns(['guild_id', 'kind', 'owner'])
          .doUpdateSet((eb) => ({ display_name: eb.ref('excluded.display_name') })),
      )
      .execute();
  }
}
