import { EmbedBuilder } from 'discord.js';
import type { LeaderboardRow, VariantStats } from '../../db/deal-results-store.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import { bold, chips, clipLines, signed, variantName } from './format.ts';

/** `/guts stats` and `/guts leaderboard`, from the deal results (db/deal-results-store.ts), in `locale`. */

export const STATS_COLOUR = 0x5865f2;

/** `where`: the stats of a server, or of a group DM (which keeps its own). */
export function statsEmbed(
  name: string,
  rows: readonly VariantStats[],
  locale: string = SOURCE_LOCALE,
  where: 'server' | 'group-dm' = 'server',
): EmbedBuilder {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const n = (x: number) => chips(x, locale);
  const embed = new EmbedBuilder().setColor(STATS_COLOUR).setTitle(say('stats.title', { name }));
  const none = where === 'group-dm' ? 'stats.noneGroupDm' : 'stats.none';
  if (rows.length === 0) return embed.setDescription(say(none, { name: bold(name) }));
  const sum = (pick: (r: VariantStats) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const deals = sum((r) => r.deals);
  const stayed = sum((r) => r.stayed);
  embed.setDescription(
    [
      say('stats.totals', {
        deals: n(deals),
        won: n(sum((r) => r.won)),
        stayed: n(stayed),
        dropped: n(deals - stayed),
      }),
      say('stats.net', {
        net: signed(
          sum((r) => r.net),
          locale,
        ),
        pot: n(Math.max(...rows.map((r) => r.biggestPot))),
      }),
    ].join('\n'),
  );
  embed.addFields(
    rows.slice(0, 25).map((r) => ({
      // A variant retired since reads as its id.
      name: variantName(r.variant, locale),
      value: [
        say('stats.variantDeals', { count: r.deals, won: n(r.won), net: signed(r.net, locale) }),
        r.bestHand
          ? say('stats.biggestBest', { pot: n(r.biggestPot), hand: r.bestHand })
          : say('stats.biggest', { pot: n(r.biggestPot) }),
      ].join('\n'),
      inline: true,
    })),
  );
  return embed;
}

export const PERIODS = { week: 7, month: 30, all: null } as const;
export type Period = keyof typeof PERIODS;

export function leaderboardEmbed(
  period: Period,
  rows: readonly LeaderboardRow[],
  locale: string = SOURCE_LOCALE,
): EmbedBuilder {
  const days = PERIODS[period];
  const title = days === null ? t(locale, 'leaderboard.titleAll') : t(locale, 'leaderboard.titleDays', { count: days });
  const lines = rows.map((r, i) =>
    t(locale, 'leaderboard.row', {
      place: i + 1,
      name: bold(r.name ?? t(locale, 'board.gone')),
      net: signed(r.net, locale),
      won: chips(r.won, locale),
      count: r.deals,
    }),
  );
  return new EmbedBuilder()
    .setColor(STATS_COLOUR)
    .setTitle(title)
    .setDescription(lines.length ? clipLines(lines, 4000, locale) : t(locale, 'leaderboard.none'))
    .setFooter({ text: t(locale, 'leaderboard.footer') });
}

/** The cross-server board: the players who chose to appear, by season points; never a server's name. */
export function globalBoardEmbed(
  rows: readonly { name: string; points: number }[],
  /** What it says with nobody on it: nobody chose to appear, or nobody who did has played enough. */
  none: string,
  locale: string = SOURCE_LOCALE,
): EmbedBuilder {
  const lines = rows.map((r, i) =>
    t(locale, 'leaderboard.globalRow', { place: i + 1, name: bold(r.name), points: chips(r.points, locale) }),
  );
  return new EmbedBuilder()
    .setColor(STATS_COLOUR)
    .setTitle(t(locale, 'leaderboard.titleGlobal'))
    .setDescription(lines.length ? clipLines(lines, 4000, locale) : none)
    .setFooter({ text: t(locale, 'leaderboard.globalFooter') });
}
