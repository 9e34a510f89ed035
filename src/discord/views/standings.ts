import { EmbedBuilder } from 'discord.js';
import type { Standings } from '../../table/standings.ts';
import { bold, chips, clipLines, signed } from './format.ts';
import { OVER_COLOUR } from './table.ts';

/** Discord's limit for an embed's description. */
const DESCRIPTION_MAX = 4096;

/**
 * Room for the standings beside a deal's result in one message: Discord allows 6,000
 * characters over all of a message's embeds, and the result takes at most ~3,600.
 */
export const BESIDE_RESULT_MAX = 1500;

/** A finished game's final standings: everyone's net chips, and what stays with the channel. */
export function standingsEmbed(s: Standings, descriptionMax = DESCRIPTION_MAX): EmbedBuilder {
  const lines = s.net.map((p) => `${bold(p.name ?? `<@${p.playerId}>`)} ${signed(p.chips)}`);
  return new EmbedBuilder()
    .setColor(OVER_COLOUR)
    .setTitle(`Game over after ${s.deals} deal${s.deals === 1 ? '' : 's'}`)
    .setDescription(lines.length ? clipLines(lines, descriptionMax) : 'No chips changed hands.')
    .addFields(
      { name: 'Pot left', value: chips(s.pot), inline: true },
      { name: 'Reserve left', value: chips(s.reserve), inline: true },
    )
    .setFooter({ text: 'The pot and reserve stay with this channel. /ledger shows everyone’s balance.' });
}
