import { storedNames } from '../db/player-names.ts';
import { type SeasonScore, seasonChampions, seasonTable } from '../db/season-store.ts';
import type { Db } from '../db/transaction.ts';
import { loadEras } from './milestones.ts';
import { firstEra, SEASON_MIN_DEALS, type Season, seasonAt } from './seasons.ts';

/** Past champions `/guts season` shows. */
export const CHAMPIONS = 5;

export interface SeasonBoardData {
  season: Season;
  rows: SeasonScore[];
  unranked: number;
  champions: { seasonNo: number; champion: SeasonScore }[];
  /** The names the ledger kept for everyone above, by id. */
  names: Map<string, string>;
}

/** What `/guts season` shows of a place at `now`: its current season's table and its last champions. */
export async function seasonBoard(db: Db, guildId: string, now: number): Promise<SeasonBoardData> {
  const eras = await loadEras(db, guildId);
  // A place that has not played yet is in its first season, as its first deal will start it.
  const season = seasonAt(eras.length ? eras : [firstEra(now)], now);
  if (!season) throw new Error(`the season calendar of ${guildId} starts after now`);
  const { rows, unranked } = await seasonTable(db, guildId, season.number, SEASON_MIN_DEALS);
  const champions = await seasonChampions(db, guildId, season.number - CHAMPIONS, season.number - 1, SEASON_MIN_DEALS);
  const ids = [...rows.map((r) => r.userId), ...champions.map((c) => c.champion.userId)];
  return { season, rows, unranked, champions, names: await storedNames(db, guildId, ids) };
}
