import type { Db } from './transaction.ts';

/** Rows of `player_profiles`: what each player chose for themselves, everywhere. */

/** Saves whether a player appears on the cross-server board, under which name. */
export async function setPublic(db: Db, userId: string, isPublic: boolean, name: string, at: number): Promise<void> {
  await db
    .insertInto('player_profiles')
    .values({ user_id: userId, public: isPublic ? 1 : 0, display_name: name, updated_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ public: isPublic ? 1 : 0, display_name: name, updated_at: at }),
    )
    .execute();
}

export interface PublicScoreRow {
  userId: string;
  name: string | null;
  guildId: string;
  seasonNo: number;
  points: number;
  won: number;
  deals: number;
}

/** Whether anybody has chosen to appear on the cross-server board. */
export async function anyonePublic(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('player_profiles')
    .select('user_id')
    .where('public', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The season scores of the players who chose to appear on the cross-server board, in every place. */
export async function publicScores(db: Db): Promise<PublicScoreRow[]> {
  const rows = await db
    .selectFrom('season_scores as s')
    .innerJoin('player_profiles as p', 'p.user_id', 's.user_id')
    .select(['s.user_id', 'p.display_name', 's.guild_id', 's.season_no', 's.points', 's.won', 's.deals'])
    .where('p.public', '=', 1)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.display_name,
    guildId: r.guild_id,
    seasonNo: r.season_no,
    points: Number(r.points),
    won: Number(r.won),
    deals: Number(r.deals),
  }));
}

/** The season calendars of these places (rows as season-store reads them). */
export async function erasOfPlaces(
  db: Db,
  guildIds: readonly string[],
): Promise<Map<string, { startsAt: number; length: string; firstNumber: number }[]>> {
  const out = new Map<string, { startsAt: number; length: string; firstNumber: number }[]>();
  if (guildIds.length === 0) return out;
  const rows = await db
    .selectFrom('season_eras')
    .selectAll()
    .where('guild_id', 'in', guildIds)
    .orderBy('guild_id')
    .orderBy('starts_at')
    .execute();
  for (const r of rows) {
    const list = out.get(r.guild_id) ?? [];
    list.push({ startsAt: Number(r.starts_at), length: r.length, firstNumber: r.first_number });
    out.set(r.guild_id, list);
  }
  return out;
}
