import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allAchievements, allProgress } from '../../../src/db/achievements-store.ts';
import { allSeasonScores } from '../../../src/db/season-store.ts';
import { replayMilestones } from '../../../src/table/milestones-backfill.ts';
import type { Clock } from '../../../src/table/scheduler.ts';
import { chooseSeasonLength } from '../../../src/table/season-choice.ts';
import { SEASON_LENGTHS } from '../../../src/table/seasons.ts';
import { playGame } from './played-games.ts';
import { tablesFixture } from './tables-fixture.ts';

/**
 * Seasons and achievements are saved deal by deal, in each deal's commit; replaying the
 * hand history through the same rules must give exactly what was saved, whatever was
 * played: variants, people and computers, days between deals across season ends, and a
 * place that changes its season length between games.
 */

const RUNS = Math.max(8, Math.floor(Number(process.env.GUTS_PROPERTY_RUNS ?? 1000) / 40));
const DAY = 86_400_000;
const VARIANTS = ['two-card', 'three-card', 'deadly-69s', 'three-five-seven', 'one-card'] as const;

const game = fc.record({
  variant: fc.constantFrom(...VARIANTS),
  guild: fc.constantFrom('100', '101'),
  cat: fc.boolean(),
  computer: fc.option(fc.constantFrom('bold', 'cautious', 'balanced' as const), { nil: null }),
  deals: fc.integer({ min: 1, max: 5 }),
  gapDays: fc.array(fc.integer({ min: 0, max: 45 }), { minLength: 5, maxLength: 5 }),
  season: fc.option(fc.constantFrom(...SEASON_LENGTHS), { nil: null }),
});

describe('seasons and achievements from the hand history', () => {
  it('equal those saved step by step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(game, { minLength: 1, maxLength: 4 }), fc.nat(), async (games, seed) => {
        // Time moves only when the test says so, and no countdown ever fires: every move is the test's.
        let now = Date.UTC(2026, 0, 28);
        const clock: Clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => {} };
        const fx = await tablesFixture({ clock, newRngState: () => [seed, 2, 3, 4] });
        try {
          let n = 0;
          for (const g of games) {
            if (g.season) await chooseSeasonLength(fx.db, g.guild, g.season, now);
            await playGame(
              fx,
              g,
              (prefix) => `${prefix}-${++n}`,
              (dealt) => {
                now += (g.gapDays[dealt] ?? 0) * DAY + 60_000;
              },
            );
            now += DAY;
          }
          const replayed = await replayMilestones(fx.db, { write: 'none' });
          expect([...replayed.scores.values()].sort(byKey)).toEqual((await allSeasonScores(fx.db)).sort(byKey));
          const progress = [...replayed.progress.values()].map((p) => ({ ...p, progress: JSON.stringify(p.progress) }));
          expect(progress.sort(byUser)).toEqual((await allProgress(fx.db)).sort(byUser));
          const awarded = [...replayed.awarded.values()].sort(byAward);
          // Every game settled a deal at least: everyone dealt in has played their first.
          expect(awarded.filter((a) => a.achievement === 'first-deal').length).toBeGreaterThanOrEqual(2);
          expect(awarded).toEqual((await allAchievements(fx.db)).sort(byAward));
          expect(replayed.newEras.size).toBe(0);
        } finally {
          await fx.close();
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byKey = (a: { guildId: string; seasonNo: number; userId: string }, b: typeof a) =>
  cmp(
    `${a.guildId}:${String(a.seasonNo).padStart(6, '0')}:${a.userId}`,
    `${b.guildId}:${String(b.seasonNo).padStart(6, '0')}:${b.userId}`,
  );
const byUser = (a: { guildId: string; userId: string }, b: typeof a) =>
  cmp(`${a.guildId}:${a.userId}`, `${b.guildId}:${b.userId}`);
const byAward = (a: { guildId: string; userId: string; achievement: string }, b: typeof a) =>
  cmp(`${a.guildId}:${a.userId}:${a.achievement}`, `${b.guildId}:${b.userId}:${b.achievement}`);
