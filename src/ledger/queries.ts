import type { EntryKind } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';

export interface PlayerBalance {
  userId: string;
  /** Latest display name seen, or null if the player never gave one. */
  displayName: string | null;
  balance: number;
}

/** Every player account of a guild, highest balance first (zero balances included). */
export async function playerBalances(db: Db, guildId: string): Promise<PlayerBalance[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['owner', 'display_name', 'balance'])
    .where('guild_id', '=', guildId)
    .where('kind', '=', 'player')
    .orderBy('balance', 'desc')
    .orderBy('owner')
    .execute();
  return rows.map((r) => ({ userId: r.owner, displayName: r.display_name, balance: r.balance }));
}

export interface PotReserve {
  pot: number;
  reserve: number;
}

export interface ChannelPots extends PotReserve {
  channelId: string;
}

/** The pot and reserve of every channel of a guild that ever had one, by channel id. */
export async function channelPots(db: Db, guildId: string): Promise<ChannelPots[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'owner', 'balance'])
    .where('guild_id', '=', guildId)
    .where('kind', 'in', ['pot', 'reserve'])
    .orderBy('owner')
    .execute();
  const byChannel = new Map<string, ChannelPots>();
  for (const row of rows) {
    const channel = byChannel.get(row.owner) ?? { channelId: row.owner, pot: 0, reserve: 0 };
    if (row.kind === 'pot') channel.pot = row.balance;
    else channel.reserve = row.balance;
    byChannel.set(row.owner, channel);
  }
  return [...byChannel.values()];
}

/**
 * The pot and reserve the ledger holds for one channel: what a new game started
 * there plays for (they outlive the game that filled them).
 */
export async function channelPotReserve(db: Db, guildId: string, channelId: string): Promise<PotReserve> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('guild_id', '=', guildId)
    .where('owner', '=', channelId)
    .where('kind', 'in', ['pot', 'reserve'])
    .execute();
  return {
    pot: rows.find((r) => r.kind === 'pot')?.balance ?? 0,
    reserve: rows.find((r) => r.kind === 'reserve')?.balance ?? 0,
  };
}

export interface HistoryItem {
  postingId: number;
  entryId: number;
  entryKey: string;
  kind: EntryKind;
  channelId: string | null;
  memo: string | null;
  reason: string;
  /** Signed: positive when the player received chips. */
  amount: number;
  /** Epoch ms. */
  at: number;
}

export interface HistoryPage {
  items: HistoryItem[];
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextBefore: number | null;
}

/** One player's postings, newest first, a page at a time (keyset paging on the posting id). */
export async function playerHistory(
  db: Db,
  guildId: string,
  userId: string,
  page: { limit?: number; before?: number } = {},
): Promise<HistoryPage> {
  const limit = page.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`history page size must be ≥ 1, got ${limit}`);
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select([
      'p.id as postingId',
      'e.id as entryId',
      'e.key as entryKey',
      'e.kind as kind',
      'e.channel_id as channelId',
      'e.memo as memo',
      'p.reason as reason',
      'p.amount as amount',
      'e.created_at as at',
    ])
    .where('a.guild_id', '=', guildId)
    .where('a.kind', '=', 'player')
    .where('a.owner', '=', userId)
    .$if(page.before !== undefined, (q) => q.where('p.id', '<', page.before!))
    .orderBy('p.id', 'desc')
    .limit(limit + 1)
    .execute();
  const items = rows.slice(0, limit);
  return { items, nextBefore: rows.length > limit ? items[items.length - 1]!.postingId : null };
}
