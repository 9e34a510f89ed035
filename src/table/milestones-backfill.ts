import { type AwardedRow, award, saveProgress } from '../db/achievements-store.ts';
import { gameEvents, historyLines } from '../db/hand-history.ts';
import { addSeasonScores, type SeasonScore, saveEras } from '../db/season-store.ts';
import { stepsInOrder } from '../db/steps-in-order.ts';
import type { Db } from '../db/transaction.ts';
import type { Progress } from '../rules/achievements.ts';
import { dealResultsOf } from './deal-results-of-events.ts';
import { earnedIn, loadEras, seasonScoresOf } from './milestones.ts';
import { firstEra, type SeasonEra, seasonAt } from './seasons.ts';

/** Seasons and achievements as the hand history tells them, every deal in commit order. */
export interface Milestones {
  /** `guild:season:user` → the season's sums. */
  scores: Map<string, SeasonScore & { guildId: string; seasonNo: number }>;
  /** `guild:user` → the player's history at the place. */
  progress: Map<string, { guildId: string; userId: string; progress: Progress }>;
  /** Each achievement's first award, by `guild:user:achievement`. */
  awarded: Map<string, AwardedRow>;
  /** Places whose calendar the replay started (no deal had started one). */
  newEras: Map<string, SeasonEra[]>;
}

/**
 * Replays every settled deal of the hand history (all tables, in the order the steps
 * were committed, each game's variant and ante from its `GameOpened` and
 * `OptionsChanged` lines) through the same rules each deal's commit applies.
 * `write`: 'none' only works it out (a check); 'all' saves everything (the migration,
 * on empty tables); 'missing' awards what is missing and saves histories a player has
 * none of, and leaves the season points alone (`guts backfill-achievements`: safe to run
 * twice, and beside a running bot).
 */
export async function replayMilestones(db: Db, options: { write: 'none' | 'all' | 'missing' }): Promise<Milestones> {
  const out: Milestones = { scores: new Map(), progress: new Map(), awarded: new Map(), newEras: new Map() };
  const guildOf = new Map<number, string>();
  for (const t of await db.selectFrom('game_tables').select(['id', 'guild_id']).execute()) {
    guildOf.set(Number(t.id), t.guild_id);
  }
  const games = new Map<number, { variant: string; ante: number }>();
  const eras = new Map<string, SeasonEra[]>();
  for await (const step of stepsInOrder(db)) {
    const tableId = Number(step.table_id);
    const guildId = guildOf.get(tableId);
    const lines = historyLines(step.events, { tableId, dealNo: step.deal_no });
    for (const e of lines) {
      if (e.type === 'GameOpened') games.set(tableId, { variant: e.variant, ante: e.options.ante });
      const game = games.get(tableId);
      if (e.type === 'OptionsChanged' && game) game.ante = e.options.ante;
    }
    const game = games.get(tableId);
    if (guildId === undefined || !game) continue;
    const results = dealResultsOf(gameEvents(lines));
    if (results.length === 0) continue;
    const at = Number(step.created_at);
    const deal = { guildId, tableId, dealNo: step.deal_no, at, ...game, results, lines };
    let calendar = eras.get(guildId);
    if (!calendar) {
      calendar = await loadEras(db, guildId);
      if (calendar.length === 0) {
        calendar = [firstEra(at)];
        out.newEras.set(guildId, calendar);
      }
      eras.set(guildId, calendar);
    }
    const season = seasonAt(calendar, at);
    if (season) addScores(out, guildId, season.number, seasonScoresOf(results));
    const before = new Map<string, Progress>();
    for (const r of results) {
      const saved = out.progress.get(`${guildId}:${r.userId}`);
      if (saved) before.set(r.userId, saved.progress);
    }
    const { progress, awarded } = earnedIn(deal, before);
    for (const [userId, p] of progress) out.progress.set(`${guildId}:${userId}`, { guildId, userId, progress: p });
    for (const a of awarded) {
      const key = `${a.guildId}:${a.userId}:${a.achievement}`;
      if (!out.awarded.has(key)) out.awarded.set(key, a);
    }
  }
  if (options.write !== 'none') await save(db, out, options.write);
  return out;
}

function addScores(m: Milestones, guildId: string, seasonNo: number, scores: readonly SeasonScore[]): void {
  for (const s of scores) {
    const key = `${guildId}:${seasonNo}:${s.userId}`;
    const sum = m.scores.get(key) ?? { guildId, seasonNo, userId: s.userId, points: 0, won: 0, deals: 0, net: 0 };
    sum.points += s.points;
    sum.won += s.won;
    sum.deals += s.deals;
    sum.net += s.net;
    m.scores.set(key, sum);
  }
}

async function save(db: Db, m: Milestones, write: 'all' | 'missing'): Promise<void> {
  for (const [guildId, calendar] of m.newEras) await saveEras(db, guildId, calendar);
  if (write === 'all') {
    for (const s of m.scores.values()) await addSeasonScores(db, s.guildId, s.seasonNo, [s]);
  }
  const byGuild = new Map<string, Map<string, string>>();
  for (const p of m.progress.values()) {
    const rows = byGuild.get(p.guildId) ?? new Map<string, string>();
    rows.set(p.userId, JSON.stringify(p.progress));
    byGuild.set(p.guildId, rows);
  }
  for (const [guildId, rows] of byGuild) await saveProgress(db, guildId, rows, write === 'missing');
  await award(db, [...m.awarded.values()]);
}
