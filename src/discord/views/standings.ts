import { ButtonStyle, EmbedBuilder } from 'discord.js';
import { SOURCE_LOCALE, t } from '../../i18n/index.ts';
import type { Standings } from '../../table/standings.ts';
import { type ButtonRow, type ButtonTarget, buttonRow } from './buttons.ts';
import { bold, chips, clipLines, signed } from './format.ts';
import { OVER_COLOUR } from './table-pieces.ts';

/** Discord's limit for an embed's description. */
const DESCRIPTION_MAX = 4096;

/**
 * Room for the standings beside a deal's result in one message: Discord allows 6,000
 * characters over all of a message's embeds, and the result takes at most ~3,600.
 */
export const BESIDE_RESULT_MAX = 1500;

/** A finished game's final standings: everyone's net chips, and what stays with the channel (in the table's language). */
export function standingsEmbed(
  s: Standings,
  descriptionMax = DESCRIPTION_MAX,
  locale: string = SOURCE_LOCALE,
): EmbedBuilder {
  const lines = s.net.map((p) => `${bold(p.name ?? `<@${p.playerId}>`)} ${signed(p.chips, locale)}`);
  return (
    new EmbedBuilder()
      .setColor(OVER_COLOUR)
      // A lobby stopped before its first deal ends as a lobby, not as a game of 0 deals.
      .setTitle(s.deals > 0 ? t(locale, 'standings.title', { count: s.deals }) : t(locale, 'standings.closed'))
      .setDescription(lines.length ? clipLines(lines, descriptionMax, locale) : t(locale, 'standings.none'))
      .addFields(
        { name: t(locale, 'standings.potLeft'), value: chips(s.pot, locale), inline: true },
        { name: t(locale, 'standings.reserveLeft'), value: chips(s.reserve, locale), inline: true },
      )
      .setFooter({ text: t(locale, 'standings.footer') })
  );
}

/** Play again (the host's, handlers/play-again.ts), pointing at a game's last deal: under its final standings. */
export function playAgainRow(target: ButtonTarget, locale: string = SOURCE_LOCALE): ButtonRow {
  return buttonRow(target, [{ action: 'again', label: t(locale, 'button.playAgain'), style: ButtonStyle.Primary }]);
}
