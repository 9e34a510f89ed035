/**
 * Seasons as data (docs/RULES.md: Seasons, points and achievements): the lengths a
 * place may choose, the one it plays unless it chooses, and the deals a player needs in
 * a season to appear on its table. The calendar itself is src/table/seasons.ts.
 */
export const SEASON_LENGTHS = ['week', 'month', 'quarter'] as const;
export type SeasonLength = (typeof SEASON_LENGTHS)[number];
export const DEFAULT_SEASON_LENGTH: SeasonLength = 'month';

/** A player needs this many deals in a season to appear on its table. */
export const SEASON_MIN_DEALS = 10;
