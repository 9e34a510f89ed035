import type { Selectable } from 'kysely';
import type { AchievementTable } from './schema.ts';
import type { Db } from './transaction.ts';

/** Rows and queries of achievements (`achievements`) and of what their rules read (`player_progress`). */

export interface AwardedRow {
  guildId: string;
  userId: string;
  achievement: string;
  tableId: number;
  dealNo: number;
  awardedAt: number;
}

/** Each player's saved history at a place (JSON, rules/achievements.ts `Progress`), for these players. */
export async function progressOf(db: Db, guildId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('player_progress')
    .select(['user_id', 'progress'])
    .where('guild_id', '=', guildId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.progress]));
}

/** Saves players' histories; `keep`: a row already there stays as it is (a back-fill beside a running bot). */
export async function saveProgress(
  db: Db,
  guildId: string,
  progress: ReadonlyMap<string, string>,
  keep = false,
): Promise<void> {
  const rows = [...progress].map(([userId, json]) => ({ guild_id: guildId, user_id: userId, progress: json }));
  // One statement for a deal's players; a back-fill's thousands a few hundred at a time.
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('player_progress')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        keep
          ? oc.columns(['guild_id', 'user_id']).doNothing()
          : oc.columns(['guild_id', 'user_id']).doUpdateSet((eb) => ({ progress: eb.ref('excluded.progress') })),
      )
      .execute();
  }
}

/** Awards achievements; one a player has at the place already is left as it was. Returns the ones newly awarded. */
export async function award(db: Db, rows: readonly AwardedRow[]): Promise<AwardedRow[]> {
  const added: AwardedRow[] = [];
  // A few hundred rows a statement at most (a back-fill passes thousands).
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const inserted = await db
      .insertInto('achievements')
      .values(
        chunk.map((r) => ({
          guild_id: r.guildId,
          user_id: r.userId,
          achievement: r.achievement,
          table_id: r.tableId,
          deal_no: r.dealNo,
          awarded_at: r.awardedAt,
        })),
      )
      .onConflict((oc) => oc.columns(['guild_id', 'user_id', 'achievement']).doNothing())
      .returning(['guild_id', 'user_id', 'achievement'])
      .execute();
    const got = new Set(inserted.map((r) => `${r.guild_id}:${r.user_id}:${r.achievement}`));
    // The same award twice in one chunk is inserted once, as its first.
    added.push(...chunk.filter((r) => got.delete(`${r.guildId}:${r.userId}:${r.achievement}`)));
  }
  return added;
}

const rowOf = (r: Selectable<AchievementTable>): AwardedRow => ({
  guildId: r.guild_id,
  userId: r.user_id,
  achievement: r.achievement,
  tableId: Number(r.table_id),
  dealNo: r.deal_no,
  awardedAt: Number(r.awarded_at),
});

/** What a table's deal earned (its result announces them). */
export async function awardedAt(db: Db, tableId: number, dealNo: number): Promise<AwardedRow[]> {
  const rows = await db
    .selectFrom('achievements')
    .selectAll()
    .where('table_id', '=', tableId)
    .where('deal_no', '=', dealNo)
    .orderBy('user_id')
    .orderBy('achievement')
    .execute();
  return rows.map(rowOf);
}

/** A player's achievements at a place, newest first. */
export async function playerAchievements(db: Db, guildId: string, userId: string): Promise<AwardedRow[]> {
  const rows = await db
    .selectFrom('achievements')
    .selectAll()
    .where('guild_id', '=', guildId)
    .where('user_id', '=', userId)
    .orderBy('awarded_at', 'desc')
    .orderBy('achievement')
    .execute();
  return rows.map(rowOf);
}

/** Each of these players' newest achievement at a place (by award time, then id), by user id. */
export async function newestAchievements(
  db: Db,
  guildId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('achievements')
    .select(['user_id', 'achievement', 'awarded_at'])
    .where('guild_id', '=', guildId)
    .where('user_id', 'in', userIds)
    .orderBy('awarded_at')
    .orderBy('achievement')
    .execute();
  // Ascending: each player's last row is their newest.
  return new Map(rows.map((r) => [r.user_id, r.achievement]));
}

/** Every achievement awarded (a test and a check compare them with the hand history's). */
export async function allAchievements(db: Db): Promise<AwardedRow[]> {
  const rows = await db
    .selectFrom('achievements')
    .selectAll()
    .orderBy('guild_id')
    .orderBy('user_id')
    .orderBy('achievement')
    .execute();
  return rows.map(rowOf);
}

/** Every saved player history, as JSON. */
export async function allProgress(db: Db): Promise<{ guildId: string; userId: string; progress: string }[]> {
  const rows = await db.selectFrom('player_progress').selectAll().orderBy('guild_id').orderBy('user_id').execute();
  return rows.map((r) => ({ guildId: r.guild_id, userId: r.user_id, progress: r.progress }));
}
