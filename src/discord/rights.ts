import { type BaseInteraction, PermissionFlagsBits } from 'discord.js';
import { inGroupDm } from './install.ts';

/**
 * Who runs the place a command came from: in a server, whoever has Manage Server; in a
 * group DM, its owner (Discord sends `owner_id` with the channel). They may adjust or
 * reset its ledger, stop anyone's game and delete anyone's preset.
 */
export function managesPlace(
  interaction: Pick<BaseInteraction, 'context' | 'channel' | 'memberPermissions' | 'user'>,
): boolean {
  if (inGroupDm(interaction)) {
    const channel = interaction.channel;
    return channel !== null && 'ownerId' in channel && channel.ownerId === interaction.user.id;
  }
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}
