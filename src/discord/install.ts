import {
  ApplicationIntegrationType,
  type BaseInteraction,
  InteractionContextType,
  PermissionFlagsBits,
} from 'discord.js';

/**
 * How the app may be installed: to a server (Guild Install: the bot joins, scopes `bot`
 * and `applications.commands`) or to a player's own account (User Install, scope
 * `applications.commands`), which brings the commands into group DMs and servers that
 * never invited the bot.
 */
export const INTEGRATION_TYPES = [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall];

/** Where the commands are offered: servers, the bot's DMs (which refuse a game) and group DMs. */
export const CONTEXTS = [
  InteractionContextType.Guild,
  InteractionContextType.BotDM,
  InteractionContextType.PrivateChannel,
];

type Interaction = Pick<BaseInteraction, 'authorizingIntegrationOwners' | 'context'>;

/**
 * Only a player's user install brings the app here (a group DM, a server that never
 * invited the bot): the bot is no member, so it may only answer interactions. No channel
 * call, no gateway event, and at most 5 follow-ups per interaction.
 */
export function answersOnly(interaction: Interaction): boolean {
  return interaction.authorizingIntegrationOwners.guildId === null;
}

/** A group DM: its money, stats and rights belong to it (its channel id is its ledger's key). */
export function inGroupDm(interaction: Pick<BaseInteraction, 'context'>): boolean {
  return interaction.context === InteractionContextType.PrivateChannel;
}

/**
 * A server that never invited the bot and whose @everyone may not use external apps:
 * Discord turns every public answer of the app into an ephemeral one, so nobody but the
 * presser would see a table.
 */
export function externalAppsOff(
  interaction: Interaction & Pick<BaseInteraction, 'memberPermissions' | 'inGuild'>,
): boolean {
  if (!answersOnly(interaction) || interaction.context !== InteractionContextType.Guild) return false;
  return !(interaction.memberPermissions?.has(PermissionFlagsBits.UseExternalApps) ?? true);
}

/** A token asked for a follow-up past Discord's 5 (never sent: Discord would answer 40094). */
export class FollowUpsSpentError extends Error {
  constructor() {
    super('this interaction has no follow-up left');
  }
}
