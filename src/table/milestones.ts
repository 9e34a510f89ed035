import { z } from 'zod';
import { type AwardedRow, award, progressOf, saveProgress } from '../db/achievements-store.ts';
import type { DealResult } from '../db/deal-results-store.ts';
import { type HistoryLine, isHistoryLine } from '../db/hand-history.ts';
import { addSeasonScores, type SeasonScore, saveEras, seasonEras } from '../db/season-store.ts';
import type { Db } from '../db/transaction.ts';
// From its own module, not the engine's index: the step writer's thread imports this, and
// the index brings the whole engine and the hands' tables (a third of its start-up).
import { isComputerId } from '../engine/types.ts';
import { advance, earnedBy, NO_PROGRESS, type Progress } from '../rules/achievements.ts';
import { dealFactsOf } from './deal-facts.ts';
import { DEFAULT_SEASON_LENGTH, firstEra, SEASON_LENGTHS, type SeasonEra, seasonAt } from './seasons.ts';

/**
 * What a settled deal adds to the seasons and achievements of its place: the season's
 * points (people-only deals), each person's history and the achievements it earns.
 * Worked out the same way by each deal's commit (`recordMilestones`, in the step's
 * transaction) and by a replay of the hand history (milestones-backfill.ts).
 */

/** A settled deal, as both paths see it. */
export interface SettledDeal {
  guildId: string;
  tableId: number;
  dealNo: number;
  at: number;
  variant: string;
  ante: number;
  results: readonly DealResult[];
  lines: readonly HistoryLine[];
}

/**
 * A deal's season points (docs/RULES.md): only deals among people count, two or more
 * of them; each winner scores a point per person dealt in who did not win.
 */
export function seasonScoresOf(results: readonly DealResult[]): SeasonScore[] {
  if (results.length < 2 || results.some((r) => isComputerId(r.userId))) return [];
  const winners = results.filter((r) => r.won).length;
  const beaten = results.length - winners;
  return results.map((r) => ({
    userId: r.userId,
    points: r.won ? beaten : 0,
    won: r.won ? 1 : 0,
    deals: 1,
    net: r.net,
  }));
}

/** What one deal earns each person, from their histories before it (pure). */
export function earnedIn(
  deal: SettledDeal,
  before: ReadonlyMap<string, Progress>,
): { progress: Map<string, Progress>; awarded: AwardedRow[] } {
  const progress = new Map<string, Progress>();
  const awarded: AwardedRow[] = [];
  for (const [userId, facts] of dealFactsOf(deal.lines, deal.variant, deal.ante)) {
    const after = advance(before.get(userId) ?? NO_PROGRESS, facts, deal.tableId);
    progress.set(userId, after);
    for (const a of earnedBy(facts, after)) {
      const { guildId, tableId, dealNo, at } = deal;
      awarded.push({ guildId, userId, achievement: a.id, tableId, dealNo, awardedAt: at });
    }
  }
  return { progress, awarded };
}

const progressSchema = z.object({
  deals: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
  peopleWins: z.number().int().nonnegative(),
  peopleVariants: z.array(z.string()),
  streak: z.number().int().nonnegative(),
  streakTable: z.number().int().nonnegative(),
}) satisfies z.ZodType<Progress>;

/** A history as saved, read once here; one the bot cannot read starts again from nothing. */
export function parseProgress(json: string | undefined): Progress {
  if (json === undefined) return NO_PROGRESS;
  const parsed = progressSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : NO_PROGRESS;
}

const lengthSchema = z.enum(SEASON_LENGTHS);
/** A calendar's rows as saved, read once here: a length the bot does not know reads as the default. */
export const erasOf = (rows: readonly { startsAt: number; length: string; firstNumber: number }[]): SeasonEra[] =>
  rows.map((r) => {
    const length = lengthSchema.safeParse(r.length);
    return { ...r, length: length.success ? length.data : DEFAULT_SEASON_LENGTH };
  });

/** A place's calendar, from the database. */
export async function loadEras(db: Db, guildId: string): Promise<SeasonEra[]> {
  return erasOf(await seasonEras(db, guildId));
}

/** Made once: a zod object builds its parser on its first parse, and this runs every deal. */
const stateAnteSchema = z.object({ options: z.object({ ante: z.number() }) });

/** The ante a step's state plays with (0 where it does not say). */
const anteOf = (state: unknown): number => {
  const parsed = stateAnteSchema.safeParse(state);
  return parsed.success ? parsed.data.options.ante : 0;
};

/**
 * In a deal's commit: its season points and achievements, in the same transaction, so
 * a step replayed or retried (its key seen before: nothing runs) never counts twice,
 * and an achievement's key keeps it to one award per player and place. Returns what it
 * newly awarded, by player then achievement: the deal's result announces them without
 * reading them back on the bot's thread.
 */
export async function recordMilestones(
  trx: Db,
  where: { guildId: string; tableId: number; dealNo: number; at: number },
  dealResults: { variant: string; results: readonly DealResult[] },
  events: readonly unknown[],
  state: unknown,
): Promise<AwardedRow[]> {
  const deal: SettledDeal = {
    ...where,
    variant: dealResults.variant,
    ante: anteOf(state),
    results: dealResults.results,
    lines: events.filter(isHistoryLine),
  };
  let eras = await loadEras(trx, where.guildId);
  if (eras.length === 0) {
    eras = [firstEra(where.at)];
    await saveEras(trx, where.guildId, eras);
  }
  const season = seasonAt(eras, where.at);
  const scores = seasonScoresOf(deal.results);
  if (season && scores.length) await addSeasonScores(trx, where.guildId, season.number, scores);
  const people = deal.results.map((r) => r.userId).filter((id) => !isComputerId(id));
  const saved = await progressOf(trx, where.guildId, people);
  const before = new Map(people.map((id) => [id, parseProgress(saved.get(id))]));
  const { progress, awarded } = earnedIn(deal, before);
  await saveProgress(trx, where.guildId, new Map([...progress].map(([id, p]) => [id, JSON.stringify(p)])));
  const added = await award(trx, awarded);
  return added.sort((a, b) => byText(a.userId, b.userId) || byText(a.achievement, b.achievement));
}

/** As SQLite's default collation orders text (`awardedAt`'s order): by code unit. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
