import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Rows and queries of `deal_results`: each player's part in each settled deal (see schema.ts). */

type Db = Kysely<Database> | Transaction<Database>;

/** One player's part in a deal, as the table layer works it out from the deal's events. */
export interface DealResult {
  userId: string;
  stayed: boolean;
  won: boolean;
  net: number;
  potWon: number;
  hand: { name: string; value: number } | null;
}

export async function insertDealResults(
  trx: Db,
  where: { guildId: string; tableId: number; dealNo: number; variant: string; at: number },
  results: readonly DealResult[],
): Promise<void> {
  if (results.length === 0) return;
  await trx
    .insertInto('deal_results')
    .values(
      results.map((r) => ({
        guild_id: where.guildId,
        table_id: where.tableId,
        deal_no: where.dealNo,
        user_id: r.userId,
        variant: where.variant,
        stayed: r.stayed ? 1 : 0,
        won: r.won ? 1 : 0,
        net: r.net,
        pot_won: r.potWon,
        hand_name: r.hand?.name ?? null,
        hand_value: r.hand?.value ?? null,
        created_at: where.at,
      })),
    )
    .execute();
  for (const r of results) {
    await trx
      .insertInto('player_totals')
      .values({ guild_id: where.guildId, user_id: r.userId, net: r.net, won: r.won ? 1 : 0, deals: 1 })
      .onConflict((oc) =>
        oc.columns(['guild_id', 'user_id']).doUpdateSet((eb) => ({
          net: eb('player_totals.net', '+', eb.ref('excluded.net')),
          won: eb('player_totals.won', '+', eb.ref('excluded.won')),
          deals: eb('player_totals.deals', '+', eb.ref('excluded.deals')),
        })),
      )
      .execute();
  }
}

export interface VariantStats {
  variant: string;
  deals: number;
  won: number;
  stayed: number;
  net: number;
  biggestPot: number;
  /** The best hand the player showed in this variant, if any. */
  bestHand: string | null;
}

/** Sums as bigints: Postgres sums bigints into numerics, which come back as strings. */
const total = (column: 'net' | 'won' | 'stayed' | 'pot_won') =>
  sql<number>`cast(coalesce(sum(${sql.ref(column)}), 0) as bigint)`;

/** A player's deals in a server, per variant (indexed by server, player, variant). */
export async function playerStats(db: Db, guildId: string, userId: string): Promise<VariantStats[]> {
  const rows = await db
    .selectFrom('deal_results')
    .select((eb) => [
      'variant',
      eb.fn.countAll<number>().as('deals'),
      total('won').as('won'),
      total('stayed').as('stayed'),
      total('net').as('net'),
      sql<number>`cast(coalesce(max(pot_won), 0) as bigint)`.as('biggest'),
    ])
    .where('guild_id', '=', guildId)
    .where('user_id', '=', userId)
    .groupBy('variant')
    .orderBy('variant')
    .execute();
  return Promise.all(
    rows.map(async (r) => {
      const best = await db
        .selectFrom('deal_results')
        .select('hand_name')
        .where('guild_id', '=', guildId)
        .where('user_id', '=', userId)
        .where('variant', '=', r.variant)
        .where('hand_value', 'is not', null)
        .orderBy('hand_value', 'desc')
        .limit(1)
        .executeTakeFirst();
      return {
        variant: r.variant,
        deals: Number(r.deals),
        won: Number(r.won),
        stayed: Number(r.stayed),
        net: Number(r.net),
        biggestPot: Number(r.biggest),
        bestHand: best?.hand_name ?? null,
      };
    }),
  );
}

/**
 * A player's net chips over time on a server, cumulative, in at most `buckets` steps
 * of equal time (grouped in the database, so a long history stays a few rows).
 */
export async function netSeries(db: Db, guildId: string, userId: string, buckets = 24): Promise<number[]> {
  const range = await db
    .selectFrom('deal_results')
    .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .where('guild_id', '=', guildId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (range?.first === null || range?.first === undefined) return [];
  const first = Number(range.first);
  const width = Math.max(1, Math.ceil((Number(range.last) - first + 1) / buckets));
  const rows = await db
    .selectFrom('deal_results')
    .select([sql<number>`cast((created_at - ${first}) / ${width} as bigint)`.as('bucket'), total('net').as('net')])
    .where('guild_id', '=', guildId)
    .where('user_id', '=', userId)
    .groupBy('bucket')
    .orderBy('bucket')
    .execute();
  let running = 0;
  return [0, ...rows.map((r) => (running += Number(r.net)))];
}

export interface LeaderboardRow {
  userId: string;
  name: string | null;
  net: number;
  won: number;
  deals: number;
}

/**
 * A server's players since `since` (epoch ms), by net chips, then deals won. Summed
 * over the period's rows (indexed by server and time), then the few names looked up.
 */
export async function leaderboard(db: Db, guildId: string, since: number, limit = 10): Promise<LeaderboardRow[]> {
  const rows =
    since <= 0
      ? await db
          .selectFrom('player_totals')
          .select(['user_id', 'net', 'won', 'deals'])
          .where('guild_id', '=', guildId)
          .orderBy('net', 'desc')
          .orderBy('won', 'desc')
          .limit(limit)
          .execute()
      : await db
          .selectFrom('deal_results')
          .select((eb) => [
            'user_id',
            total('net').as('net'),
            total('won').as('won'),
            eb.fn.countAll<number>().as('deals'),
          ])
          .where('guild_id', '=', guildId)
          .where('created_at', '>=', since)
          .groupBy('user_id')
          .orderBy('net', 'desc')
          .orderBy('won', 'desc')
          .limit(limit)
          .execute();
  if (rows.length === 0) return [];
  const names = await db
    .selectFrom('ledger_accounts')
    .select(['owner', 'display_name'])
    .where('guild_id', '=', guildId)
    .where('kind', '=', 'player')
    .where(
      'owner',
      'in',
      rows.map((r) => r.user_id),
    )
    .execute();
  const nameOf = new Map(names.map((n) => [n.owner, n.display_name]));
  return rows.map((r) => ({
    userId: r.user_id,
    name: nameOf.get(r.user_id) ?? null,
    net: Number(r.net),
    won: Number(r.won),
    deals: Number(r.deals),
  }));
}
