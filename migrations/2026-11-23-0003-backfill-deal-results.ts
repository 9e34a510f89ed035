import type { Kysely } from 'kysely';
import type { Database } from '../src/db/index.ts';
import { backfillDealResults } from '../src/table/backfill-stats.ts';

/**
 * `/guts stats` and `/guts leaderboard` count the deals settled before deal results were
 * kept too: worked out once from the hand history already in the database.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await backfillDealResults(db as Kysely<Database>);
}
