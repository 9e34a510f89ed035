import type {
  ChatInputCommandInteraction,
  Interaction,
  MessageComponentInteraction,
  ModalSubmitInteraction,
} from 'discord.js';
import type { Member, Place } from '../table/tables.ts';
import { UserFacingError } from '../table/user-facing-error.ts';
import { inGroupDm } from './install.ts';

/** Where an interaction comes from: its channel and ledger (`placeOf`), its presser as a member, the language of a public answer. */

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
