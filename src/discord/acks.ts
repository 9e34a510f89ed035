import type {
  ChatInputCommandInteraction,
  Interaction,
  MessageComponentInteraction,
  ModalSubmitInteraction,
} from 'discord.js';
import { UserFacingError } from '../table/errors.ts';
import type { Member, Place } from '../table/tables.ts';
import { inGroupDm } from './install.ts';

/**
 * Discord gives an interaction 3 seconds, but a player feels anything past a tenth of
 * one. Most steps take milliseconds and are answered in one call; one still running
 * after ACK_BUDGET_MS (a busy table or database) is acknowledged first ("thinking…")
 * and answered when done.
 */
export const ACK_BUDGET_MS = 100;

export async function ackIfSlow<T>(
  work: Promise<T>,
  defer: () => Promise<unknown>,
): Promise<{ work: Promise<T>; deferred: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<true>((resolve) => {
    timer = setTimeout(() => resolve(true), ACK_BUDGET_MS);
  });
  const tooSlow = await Promise.race([
    work.then(
      () => false,
      () => false,
    ),
    slow,
  ]);
  clearTimeout(timer);
  if (tooSlow) await defer();
  return { work, deferred: tooSlow };
}

/**
 * The language of a public answer (stats, the ledger, /guts stop): the server's, as a
 * table's messages are; in a group DM, the asker's. Private answers use `interaction.locale`.
 */
export const publicLocale = (interaction: { guildLocale: string | null; locale: string }): string =>
  interaction.guildLocale ?? interaction.locale;

/**
 * The channel an interaction came from, and whose ledger it plays on: a server's, or a
 * group DM's own, keyed by its channel id (a group DM belongs to no server). Guts is not
 * played in direct messages with the bot.
 */
export function placeOf(interaction: Pick<Interaction, 'guildId' | 'channelId' | 'context'>): Place {
  const channelId = interaction.channelId;
  const guildId = scopeOf(interaction);
  if (!guildId || !channelId) throw new UserFacingError('refusal.serverOnly');
  return { guildId, channelId };
}

/** Whose ledger, presets and stats an interaction's place keeps (see `placeOf`); null in direct messages with me. */
export const scopeOf = (interaction: Pick<Interaction, 'guildId' | 'channelId' | 'context'>): string | null =>
  inGroupDm(interaction) ? interaction.channelId : interaction.guildId;

/** The presser as a table member: their id and the name they show in this server (at most 32 characters). */
export function memberOf(
  interaction: MessageComponentInteraction | ChatInputCommandInteraction | ModalSubmitInteraction,
): Member {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : null;
  return {
    id: interaction.user.id,
    name: (nick ?? interaction.user.displayName ?? interaction.user.username).slice(0, 32),
  };
}
