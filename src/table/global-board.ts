import { anyonePublic, erasOfPlaces, publicScores, setPublic } from '../db/profile-store.ts';
import type { Db } from '../db/transaction.ts';
import { erasOf } from './milestones.ts';
import { seasonAt } from './seasons.ts';

export interface GlobalBoardRow {
  userId: string;
  /** The name the player chose to appear under (their Discord name when they opted in). */
  name: string | null;
  points: number;
  won: number;
  deals: number;
}

/**
 * The cross-server board: players who chose to appear (`/guts profile public:True`),
 * by the points of each place's current season added up, computed as each place's own
 * table is (people-only deals). `minDeals` in those seasons together to appear. No
 * place is named: only the players' own names leave here. `anyone`: whether anybody has
 * chosen to appear at all.
 */
export async function globalBoard(
  db: Db,
  now: number,
  minDeals: number,
  limit = 10,
): Promise<{ rows: GlobalBoardRow[]; anyone: boolean }> {
  const scores = await publicScores(db);
  const anyone = await anyonePublic(db);
  const calendars = await erasOfPlaces(db, [...new Set(scores.map((s) => s.guildId))]);
  const current = new Map<string, number | undefined>();
  for (const [guildId, rows] of calendars) current.set(guildId, seasonAt(erasOf(rows), now)?.number);
  const sums = new Map<string, GlobalBoardRow>();
  for (const s of scores) {
    if (current.get(s.guildId) !== s.seasonNo) continue;
    const sum = sums.get(s.userId) ?? { userId: s.userId, name: s.name, points: 0, won: 0, deals: 0 };
    sum.points += s.points;
    sum.won += s.won;
    sum.deals += s.deals;
    sums.set(s.userId, sum);
  }
  const rows = [...sums.values()]
    .filter((r) => r.deals >= minDeals)
    .sort((a, b) => b.points - a.points || b.won - a.won || (a.userId < b.userId ? -1 : 1))
    .slice(0, limit);
  return { rows, anyone };
}

/**
 * `/guts profile public:`: whether a player appears on the cross-server board, and under
 * which name (their Discord name, never a server's nickname, which would say where they play).
 */
export function chooseToAppear(db: Db, userId: string, isPublic: boolean, name: string, at: number): Promise<void> {
  return setPublic(db, userId, isPublic, name, at);
}
