import type { Db } from './transaction.ts';

/** Rows and queries of seasons: each place's calendar (`season_eras`) and its players' points (`season_scores`). */

export interface EraRow {
  startsAt: number;
  length: string;
  firstNumber: number;
}

/** A place's season calendar, first era first. */
export async function seasonEras(db: Db, guildId: string): Promise<EraRow[]> {
  const rows = await db
    .selectFrom('season_eras')
    .select(['starts_at', 'length', 'first_number'])
    .where('guild_id', '=', guildId)
    .orderBy('starts_at')
    .execute();
  return rows.map((r) => ({ startsAt: Number(r.starts_at), length: r.length, firstNumber: r.first_number }));
}

/** Saves a place's whole calendar (a choice of length replaces the eras not yet started): call it in a transaction. */
export async function saveEras(db: Db, guildId: string, eras: readonly EraRow[]): Promise<void> {
  await db.deleteFrom('season_eras').where('guild_id', '=', guildId).execute();
  if (eras.length === 0) return;
  await db
    .insertInto('season_eras')
    .values(
      eras.map((e) => ({ guild_id: guildId, starts_at: e.startsAt, length: e.length, first_number: e.firstNumber })),
    )
    .execute();
}

export interface SeasonScore {
  userId: string;
  points: number;
  won: number;
  deals: number;
  net: number;
}

/** Adds one deal's scores to a season's running sums. */
export async function addSeasonScores(
  db: Db,
  guildId: string,
  seasonNo: number,
  scores: readonly SeasonScore[],
): Promise<void> {
  if (scores.length === 0) return;
  // One statement for the deal's players: the sums grow in place.
  await db
    .insertInto('season_scores')
    .values(
      scores.map((s) => ({
        guild_id: guildId,
        season_no: seasonNo,
        user_id: s.userId,
        points: s.points,
        won: s.won,
        deals: s.deals,
        net: s.net,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['guild_id', 'season_no', 'user_id']).doUpdateSet((eb) => ({
        points: eb('season_scores.points', '+', eb.ref('excluded.points')),
        won: eb('season_scores.won', '+', eb.ref('excluded.won')),
        deals: eb('season_scores.deals', '+', eb.ref('excluded.deals')),
        net: eb('season_scores.net', '+', eb.ref('excluded.net')),
      })),
    )
    .execute();
}

/**
 * A season's table: its players with at least `minDeals` deals, by points, then deals
 * won, then net chips (`limit` of them), and how many more played too few deals.
 */
export async function seasonTable(
  db: Db,
  guildId: string,
  seasonNo: number,
  minDeals: number,
  limit = 10,
): Promise<{ rows: SeasonScore[]; unranked: number }> {
  const rows = await db
    .selectFrom('season_scores')
    .select(['user_id', 'points', 'won', 'deals', 'net'])
    .where('guild_id', '=', guildId)
    .where('season_no', '=', seasonNo)
    .where('deals', '>=', minDeals)
    .orderBy('points', 'desc')
    .orderBy('won', 'desc')
    .orderBy('net', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  const under = await db
    .selectFrom('season_scores')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('guild_id', '=', guildId)
    .where('season_no', '=', seasonNo)
    .where('deals', '<', minDeals)
    .executeTakeFirst();
  return { rows: rows.map(scoreOf), unranked: Number(under?.n ?? 0) };
}

const scoreOf = (r: { user_id: string; points: number; won: number; deals: number; net: number }): SeasonScore => ({
  userId: r.user_id,
  points: Number(r.points),
  won: Number(r.won),
  deals: Number(r.deals),
  net: Number(r.net),
});

/** The champion of each of a place's seasons `from` to `to` (those with a ranked player), latest first (one query). */
export async function seasonChampions(
  db: Db,
  guildId: string,
  from: number,
  to: number,
  minDeals: number,
): Promise<{ seasonNo: number; champion: SeasonScore }[]> {
  const rows = await db
    .selectFrom('season_scores')
    .select(['season_no', 'user_id', 'points', 'won', 'deals', 'net'])
    .where('guild_id', '=', guildId)
    .where('season_no', '>=', Math.max(1, from))
    .where('season_no', '<=', to)
    .where('deals', '>=', minDeals)
    .orderBy('season_no', 'desc')
    .orderBy('points', 'desc')
    .orderBy('won', 'desc')
    .orderBy('net', 'desc')
    .orderBy('user_id')
    .execute();
  const champions: { seasonNo: number; champion: SeasonScore }[] = [];
  // Ordered by season, then as each season's table is: a season's first row is its champion.
  for (const r of rows)
    if (champions.at(-1)?.seasonNo !== r.season_no) champions.push({ seasonNo: r.season_no, champion: scoreOf(r) });
  return champions;
}

/** Every saved season score (a test and a check compare them with the hand history's). */
export async function allSeasonScores(db: Db): Promise<({ guildId: string; seasonNo: number } & SeasonScore)[]> {
  const rows = await db
    .selectFrom('season_scores')
    .selectAll()
    .orderBy('guild_id')
    .orderBy('season_no')
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({ guildId: r.guild_id, seasonNo: r.season_no, ...scoreOf(r) }));
}
