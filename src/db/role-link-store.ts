import type { Db } from './transaction.ts';

/** Rows of `role_links`, and what a player's role connection says (discord/linked-roles). */

/** A link's OAuth2 tokens: secrets, never logged. */
export interface LinkTokens {
  accessToken: string;
  /** Null for a link made before the bot kept refresh tokens: it cannot be renewed. */
  refreshToken: string | null;
  /** When the access token dies (ms). */
  expiresAt: number;
}

export interface RoleLink extends LinkTokens {
  pushedAt: number;
}

export async function saveLink(db: Db, userId: string, tokens: LinkTokens, at: number) {
  const values = {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_at: tokens.expiresAt,
    linked_at: at,
    pushed_at: 0,
  };
  await db
    .insertInto('role_links')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** The links of these players (those who linked), by user id. */
export async function linksOf(db: Db, userIds: readonly string[]): Promise<Map<string, RoleLink>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('role_links').selectAll().where('user_id', 'in', userIds).execute();
  return new Map(
    rows.map((r) => [
      r.user_id,
      {
        accessToken: r.access_token,
        refreshToken: r.refresh_token,
        expiresAt: Number(r.expires_at),
        pushedAt: Number(r.pushed_at),
      },
    ]),
  );
}

/**
 * A refresh's new tokens, in place of the ones `spent` (the access token they replace):
 * false when the link changed meanwhile (the player linked again, or it was dropped).
 */
export async function renewLink(db: Db, userId: string, spent: string, tokens: LinkTokens): Promise<boolean> {
  const updated = await db
    .updateTable('role_links')
    .set({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_at: tokens.expiresAt })
    .where('user_id', '=', userId)
    .where('access_token', '=', spent)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Players whose connection was last written before `before`, the longest ago first (at most `limit`). */
export async function staleLinks(db: Db, before: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_links')
    .select('user_id')
    .where('pushed_at', '<', before)
    .orderBy('pushed_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function markPushed(db: Db, userId: string, at: number): Promise<void> {
  await db.updateTable('role_links').set({ pushed_at: at }).where('user_id', '=', userId).execute();
}

/**
 * A link whose tokens Discord no longer takes: the player links again to be counted.
 * Only the link made with `accessToken`: one made again meanwhile stays.
 */
export async function dropLink(db: Db, userId: string, accessToken: string): Promise<void> {
  await db.deleteFrom('role_links').where('user_id', '=', userId).where('access_token', '=', accessToken).execute();
}
