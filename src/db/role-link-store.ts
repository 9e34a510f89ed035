import type { Db } from './transaction.ts';

/** Rows of `role_links`, and what a player's role connection says (discord/linked-roles). */

export async function saveLink(db: Db, userId: string, accessToken: string, expiresAt: number, at: number) {
  await db
    .insertInto('role_links')
    .values({ user_id: userId, access_token: accessToken, expires_at: expiresAt, linked_at: at, pushed_at: 0 })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ access_token: accessToken, expires_at: expiresAt, linked_at: at, pushed_at: 0 }),
    )
    .execute();
}

/** The links of these players (those who linked), by user id. */
export async function linksOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, { accessToken: string; expiresAt: number; pushedAt: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('role_links').selectAll().where('user_id', 'in', userIds).execute();
  return new Map(
    rows.map((r) => [
      r.user_id,
      { accessToken: r.access_token, expiresAt: Number(r.expires_at), pushedAt: Number(r.pushed_at) },
    ]),
  );
}

export async function markPushed(db: Db, userId: string, at: number): Promise<void> {
  await db.updateTable('role_links').set({ pushed_at: at }).where('user_id', '=', userId).execute();
}

/** A link whose token Discord no longer takes: the player links again to be counted. */
export async function dropLink(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('role_links').where('user_id', '=', userId).execute();
}
