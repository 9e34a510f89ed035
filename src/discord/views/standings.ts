import { AttachmentBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import { SOURCE_LOCALE, t } from '../../i18n/index.ts';
import type { ChartWords, StandingsLine } from '../../render/chart.ts';
import type { Picture } from '../../render/index.ts';
import type { Standings } from '../../table/standings.ts';
import { type ButtonRow, type ButtonTarget, buttonRow } from './buttons.ts';
import { bold, chips, clipLines, seatName, signed } from './format.ts';
import { recapLines } from './night-recap.ts';
import { OVER_COLOUR } from './table-pieces.ts';

/** Discord's limit for an embed's description. */
const DESCRIPTION_MAX = 4096;

/**
 * Room for the standings beside a deal's result in one message: Discord allows 6,000
 * characters over all of a message's embeds, and the result takes at most ~3,600.
 */
export const BESIDE_RESULT_MAX = 1500;

/** The most deals an emoji row shows: the game's last ones. */
const TREND_DEALS = 12;

/** Discord's limit for an embed field's value. */
const FIELD_MAX = 1024;

const nameIn = (p: Standings['net'][number], locale: string) =>
  p.name ? seatName(p.playerId, p.name, locale) : `<@${p.playerId}>`;

/** A player of the game by id, as its standings name them (a mention for one who left). */
const nameOf = (s: Standings, playerId: string, locale: string) => {
  const p = s.net.find((n) => n.playerId === playerId);
  return p ? nameIn(p, locale) : `<@${playerId}>`;
};

/** Whether the game has a course to show: two deals or more. */
const charted = (s: Standings) => s.deals >= 2 && !!s.series;

/**
 * A finished game's final standings: everyone's net chips, and what stays with the
 * channel (in the table's language). How the game went is the chart `picture` (see
 * `standingsChart`); without one (pictures off, or not drawn), a row of emojis per
 * player, a square per deal: won, lost or even.
 */
export function standingsEmbed(
  s: Standings,
  descriptionMax = DESCRIPTION_MAX,
  locale: string = SOURCE_LOCALE,
  picture: Picture | null = null,
): EmbedBuilder {
  const trend = !picture && charted(s);
  const lines = s.net.map((p) => {
    const line = `${bold(nameIn(p, locale))} ${signed(p.chips, locale)}`;
    return trend ? `${line} ${trendRow(s.series?.[p.playerId] ?? [])}` : line;
  });
  if (trend && lines.length) lines.push(t(locale, 'standings.trendKey'));
  // The recap takes its room from the description's, so the standings never outgrow their share of a message.
  const moments = s.recap ? recapLines(s.recap, (id) => nameOf(s, id, locale), locale) : [];
  const recap = moments.length ? clipLines(moments, FIELD_MAX, locale) : '';
  const embed = new EmbedBuilder()
    .setColor(OVER_COLOUR)
    .setTitle(standingsTitle(s, locale))
    .setDescription(
      lines.length ? clipLines(lines, descriptionMax - recap.length, locale) : t(locale, 'standings.none'),
    )
    .addFields(
      // A game under way has a pot, not a pot left over.
      { name: t(locale, s.running ? 'result.pot' : 'standings.potLeft'), value: chips(s.pot, locale), inline: true },
      {
        name: t(locale, s.running ? 'result.reserve' : 'standings.reserveLeft'),
        value: chips(s.reserve, locale),
        inline: true,
      },
    )
    .setFooter({ text: t(locale, 'standings.footer') });
  if (recap) embed.addFields({ name: t(locale, 'recap.title'), value: recap });
  if (picture) embed.setImage(`attachment://${picture.name}`);
  // A past game says when it was played (Discord writes the date in the reader's language).
  if (s.playedAt !== undefined) embed.setTimestamp(s.playedAt);
  return embed;
}

/** "Game over after 7 deals"; a game under way's standings so far; a lobby stopped before its first deal as a lobby. */
function standingsTitle(s: Standings, locale: string): string {
  if (s.running) return t(locale, 'standings.soFar', { deal: s.deals });
  return s.deals > 0 ? t(locale, 'standings.title', { count: s.deals }) : t(locale, 'standings.closed');
}

/** "🟩🟥⬜🟩": what each deal did to a player's chips, the last TREND_DEALS of them. */
function trendRow(points: readonly number[]): string {
  const squares = points.map((n, i) => {
    const change = n - (i > 0 ? (points[i - 1] as number) : 0);
    return change > 0 ? '🟩' : change < 0 ? '🟥' : '⬜';
  });
  return squares.length > TREND_DEALS ? `…${squares.slice(-TREND_DEALS).join('')}` : squares.join('');
}

/**
 * What the picture thread needs to draw the game's chart (render/chart.ts), in the
 * table's language, or null where there is no course to show (fewer than two deals).
 */
export function standingsChart(
  s: Standings,
  locale: string = SOURCE_LOCALE,
): { lines: StandingsLine[]; words: ChartWords; alt: string } | null {
  if (!charted(s) || !s.net.length) return null;
  const lines = s.net.map((p) => ({ name: nameIn(p, locale), points: s.series?.[p.playerId] ?? [] }));
  const players = s.net.map((p) => `${nameIn(p, locale)} ${signed(p.chips, locale)}`).join(', ');
  return {
    lines,
    words: { deals: t(locale, 'standings.chartDeals'), chips: t(locale, 'standings.chartChips') },
    alt: t(locale, 'standings.chartAlt', { players }),
  };
}

/** The chart as the message's file, its caption the chart's words. */
export const standingsFile = (picture: Picture): AttachmentBuilder =>
  new AttachmentBuilder(picture.png, { name: picture.name, description: picture.alt });

/** Play again (the host's, handlers/play-again.ts), pointing at a game's last deal: under its final standings. */
export function playAgainRow(target: ButtonTarget, locale: string = SOURCE_LOCALE): ButtonRow {
  return buttonRow(target, [{ action: 'again', label: t(locale, 'button.playAgain'), style: ButtonStyle.Primary }]);
}
