import { SOURCE_LOCALE, t } from '../../i18n/index.ts';
import { ACHIEVEMENT_IDS } from '../../rules/achievements.ts';
import { achievementName } from '../../words/achievement-names.ts';
import { bold, clipLines } from './format.ts';

/** Achievements in words: their names, what a result says a deal earned, and a player's list on /guts stats. */

export { achievementName };

export function achievementAbout(id: string, locale: string = SOURCE_LOCALE): string {
  return ACHIEVEMENT_IDS.includes(id) ? t(locale, `achievement.${id}.about` as 'achievement.first-win.about') : '';
}

/** One line per player a deal earned something: "🏅 New for **Ann**: First win, Hat trick". */
export function earnedLines(
  earned: readonly { userId: string; achievement: string }[],
  nameOf: (userId: string) => string,
  locale: string,
): string[] {
  const byPlayer = new Map<string, string[]>();
  for (const e of earned) byPlayer.set(e.userId, [...(byPlayer.get(e.userId) ?? []), e.achievement]);
  return [...byPlayer].map(([userId, ids]) =>
    t(locale, 'achievements.earned', {
      name: bold(nameOf(userId)),
      achievements: ids.map((id) => achievementName(id, locale)).join(', '),
    }),
  );
}

/** A player's achievements for /guts stats: how many of the catalogue, then their names, newest first. */
export function achievementsList(ids: readonly string[], locale: string, max = 1024): string {
  const head = t(locale, 'achievements.count', { got: ids.length, total: ACHIEVEMENT_IDS.length });
  return clipLines([head, ids.map((id) => achievementName(id, locale)).join(' · ')].filter(Boolean), max, locale);
}

/**
 * Room for what a deal earned on its result: the result, the final standings and this
 * share one message's 6,000 characters, so a deal that earned many (17 seats' first
 * deals) says the first ones and how many more.
 */
export const EARNED_MAX = 500;

/** The result's field of what its deal earned, one line per player, clipped to EARNED_MAX. */
export function earnedField(
  earned: readonly { userId: string; achievement: string }[],
  nameOf: (userId: string) => string,
  locale: string,
): { name: string; value: string } {
  return {
    name: t(locale, 'achievements.title'),
    value: clipLines(earnedLines(earned, nameOf, locale), EARNED_MAX, locale),
  };
}
