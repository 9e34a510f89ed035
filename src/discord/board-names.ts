import type { ChatInputCommandInteraction } from 'discord.js';
import { t } from '../i18n/index.ts';
import { seatName } from './views/format.ts';

/**
 * A player's name on a board: the name the ledger kept for them, else the one the
 * server's member cache has, else "a player who left". Never a raw id or a mention (a
 * mention of someone who left reads as an id).
 */
export function boardName(
  interaction: Pick<ChatInputCommandInteraction, 'guild'>,
  userId: string,
  stored: string | null | undefined,
  locale: string,
): string {
  if (stored) return seatName(userId, stored, locale);
  return interaction.guild?.members.cache.get(userId)?.displayName ?? t(locale, 'board.gone');
}
