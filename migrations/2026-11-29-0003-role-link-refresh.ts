import type { Kysely } from 'kysely';

/**
 * Linked roles outlive a week: Discord's access tokens expire (`expires_in`, a week), so
 * each link keeps the refresh token its exchange gave, spent and replaced at each refresh.
 * A link made before this has none (null): once its access token dies it is dropped, and
 * the player links again. Links are also written again once a day whether or not their
 * player played (a season that ended changes their points): found by when they were last.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('role_links').addColumn('refresh_token', 'text').execute();
  await db.schema.createIndex('role_links_pushed').on('role_links').column('pushed_at').execute();
}
