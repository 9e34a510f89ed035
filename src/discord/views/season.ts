import { EmbedBuilder } from 'discord.js';
import { t } from '../../i18n/index.ts';
import type { Season } from '../../table/seasons.ts';
import { bold, chips, clipLines } from './format.ts';
import { STATS_COLOUR } from './stats.ts';

/** `/guts season`: the current season's table, its time left, and past seasons' champions. */

export interface SeasonBoardRow {
  name: string;
  points: number;
  won: number;
  deals: number;
}

export interface SeasonBoard {
  season: Season;
  rows: readonly SeasonBoardRow[];
  /** Players this season with fewer deals than `minDeals`. */
  unranked: number;
  minDeals: number;
  champions: readonly { seasonNo: number; name: string; points: number }[];
}

/** Discord's timestamp markup: every reader sees it in their own language and time zone. */
const when = (ms: number, style: 'D' | 'R') => `<t:${Math.floor(ms / 1000)}:${style}>`;

export function seasonEmbed(board: SeasonBoard, locale: string): EmbedBuilder {
  const n = (x: number) => chips(x, locale);
  const { season } = board;
  const rows = board.rows.map((r, i) =>
    t(locale, 'season.row', {
      place: i + 1,
      name: bold(r.name),
      points: n(r.points),
      won: n(r.won),
      deals: n(r.deals),
    }),
  );
  const lines = [
    t(locale, 'season.window', {
      start: when(season.start, 'D'),
      end: when(season.end, 'D'),
      left: when(season.end, 'R'),
    }),
    '',
    ...(rows.length ? [t(locale, 'season.header'), ...rows] : [t(locale, 'season.none', { min: board.minDeals })]),
  ];
  if (board.unranked > 0) lines.push(t(locale, 'season.unranked', { min: board.minDeals, players: n(board.unranked) }));
  const champions = board.champions.map((c) =>
    t(locale, 'season.champion', { number: n(c.seasonNo), name: bold(c.name), points: n(c.points) }),
  );
  return new EmbedBuilder()
    .setColor(STATS_COLOUR)
    .setTitle(t(locale, 'season.title', { number: n(season.number) }))
    .setDescription(clipLines(lines, 4000, locale))
    .addFields({
      name: t(locale, 'season.champions'),
      value: champions.length ? clipLines(champions, 1024, locale) : t(locale, 'season.noChampions'),
    })
    .setFooter({ text: t(locale, 'season.rules', { min: board.minDeals }) });
}
