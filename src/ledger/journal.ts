import type { EntryKind } from '../db/schema.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import type { Transfer } from '../engine/transfer.ts';
import { type AccountRef, accountKey, addToBalances, assertChips, chunks, partyAccount } from './accounts.ts';

/** One side of a movement: `amount` is signed, positive when the account receives chips. */
export interface PostingLine {
  account: AccountRef;
  amount: number;
  reason: string;
}

export interface NewEntry {
  guildId: string;
  /** Idempotency key: an entry with the same key is posted once, whoever retries it. */
  key: string;
  kind: EntryKind;
  channelId?: string | null;
  memo?: string | null;
  /** Epoch ms; defaults to now. */
  at?: number;
  lines: readonly PostingLine[];
}

export type PostResult = { applied: true; entryId: number } | { applied: false };

function assertBalanced(lines: readonly PostingLine[]): void {
  let sum = 0;
  for (const line of lines) {
    assertChips(line.amount, `posting amount (${line.reason})`);
    if (line.amount === 0) throw new RangeError(`posting amount (${line.reason}) must not be 0`);
    sum += line.amount;
  }
  assertChips(sum, 'entry total');
  if (sum !== 0) throw new RangeError(`postings must sum to 0, got ${sum}`);
}

/**
 * Posts one journal entry and updates the balances it touches, in one transaction
 * (the caller's, when given one). A key already posted changes nothing and
 * returns `{ applied: false }`.
 */
export async function postEntry(db: Db, entry: NewEntry): Promise<PostResult> {
  assertBalanced(entry.lines);
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('journal_entries')
      .values({
        guild_id: entry.guildId,
        key: entry.key,
        kind: entry.kind,
        channel_id: entry.channelId ?? null,
        memo: entry.memo ?? null,
        created_at: entry.at ?? Date.now(),
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { applied: false };
    if (entry.lines.length === 0) return { applied: true, entryId: inserted.id };

    const deltas = new Map<string, { ref: AccountRef; delta: number }>();
    for (const { account, amount } of entry.lines) {
      const key = accountKey(account);
      const seen = deltas.get(key);
      if (seen) seen.delta += amount;
      else deltas.set(key, { ref: account, delta: amount });
    }
    const ids = await addToBalances(trx, entry.guildId, deltas);
    for (const part of chunks(entry.lines)) {
      await trx
        .insertInto('postings')
        .values(
          part.map((line) => ({
            entry_id: inserted.id,
            account_id: ids.get(accountKey(line.account))!,
            amount: line.amount,
            reason: line.reason,
          })),
        )
        .execute();
    }
    return { applied: true, entryId: inserted.id };
  });
}

/** Two postings per engine transfer: the payer's account loses `amount`, the payee's gains it. */
export function transferLines(channelId: string, transfers: readonly Transfer[]): PostingLine[] {
  return transfers.flatMap((t) => {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0) {
      throw new RangeError(`transfer amount (${t.reason}) must be a positive integer, got ${t.amount}`);
    }
    const from = partyAccount(channelId, t.from);
    const to = partyAccount(channelId, t.to);
    if (accountKey(from) === accountKey(to)) throw new RangeError(`transfer (${t.reason}) from an account to itself`);
    return [
      { account: from, amount: -t.amount, reason: t.reason },
      { account: to, amount: t.amount, reason: t.reason },
    ];
  });
}

export interface DealPosting {
  guildId: string;
  channelId: string;
  key: string;
  transfers: readonly Transfer[];
  memo?: string | null;
  at?: number;
}

/** Posts the engine's transfers of one step at a table as one `deal` entry. */
export async function postTransfers(db: Db, deal: DealPosting): Promise<PostResult> {
  return postEntry(db, {
    guildId: deal.guildId,
    key: deal.key,
    kind: 'deal',
    channelId: deal.channelId,
    memo: deal.memo ?? null,
    at: deal.at,
    lines: transferLines(deal.channelId, deal.transfers),
  });
}
