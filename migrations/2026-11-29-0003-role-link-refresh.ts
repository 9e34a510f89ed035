import type { Kysely } from 'kysely';

/**
 * Linked roles outlive a week: Discord's access tokens expire (`expires_in`, a week), so
 * each link keeps the refresh token its exchange gave, spent and replaced at each refresh.
 * A link made before this has none (null): once its access token dies it is dropped, and
 * the player links again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('role_links').addColumn('refresh_token', 'text').execute();
}
