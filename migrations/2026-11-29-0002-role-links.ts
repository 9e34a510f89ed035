import type { Kysely } from 'kysely';

/**
 * Linked roles: each player who linked their guts to Discord's role connections, with
 * the OAuth2 token (role_connections.write) the bot updates their connection with, and
 * when it last did (at most once a minute a player).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('role_links')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .addColumn('pushed_at', 'bigint', (c) => c.notNull())
    .execute();
}
