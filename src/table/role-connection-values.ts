import type { Db } from '../db/transaction.ts';
import { erasOf } from './milestones.ts';
import { SEASON_MIN_DEALS, seasonAt } from './seasons.ts';

/**
 * What a linked player's role connection says, from everything they played (all
 * servers, as Discord's linked roles belong to the player): deals won, points in the
 * current season of each place added up, their best rank on any season's table (none
 * until they appear on one), achievements earned, and that they play.
 */
export interface ConnectionValues {
  deals_won: number;
  season_points: number;
  best_season_rank: number | null;
  achievements: number;
  plays_guts: boolean;
}

export async function connectionValues(db: Db, userId: string, now: number): Promise<ConnectionValues> {
  const totals = await db
    .selectFrom('player_totals')
    .select((eb) => eb.fn.sum<number>('won').as('won'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const achievements = await db
    .selectFrom('achievements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const seasons = await db
    .selectFrom('season_scores')
    .select(['guild_id', 'season_no', 'points', 'deals'])
    .where('user_id', '=', userId)
    .execute();
  let points = 0;
  let best: number | null = null;
  const calendars = new Map<string, number | undefined>();
  for (const s of seasons) {
    if (!calendars.has(s.guild_id)) {
      const rows = await db.selectFrom('season_eras').selectAll().where('guild_id', '=', s.guild_id).execute();
      const eras = erasOf(
        rows.map((r) => ({ startsAt: Number(r.starts_at), length: r.length, firstNumber: r.first_number })),
      );
      calendars.set(s.guild_id, seasonAt(eras, now)?.number);
    }
    if (calendars.get(s.guild_id) === s.season_no) points += Number(s.points);
    if (Number(s.deals) < SEASON_MIN_DEALS) continue;
    const ahead = await db
      .selectFrom('season_scores')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('guild_id', '=', s.guild_id)
      .where('season_no', '=', s.season_no)
      .where('deals', '>=', SEASON_MIN_DEALS)
      .where('points', '>', Number(s.points))
      .executeTakeFirst();
    const rank = Number(ahead?.n ?? 0) + 1;
    best = best === null ? rank : Math.min(best, rank);
  }
  return {
    deals_won: Number(totals?.won ?? 0),
    season_points: points,
    best_season_rank: best,
    achievements: Number(achievements?.n ?? 0),
    plays_guts: true,
  };
}
