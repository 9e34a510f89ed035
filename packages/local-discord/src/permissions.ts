import { PermissionFlagsBits } from 'discord-api-types/v10';
import { DiscordHttpError } from './errors.ts';
import type { ChannelRecord, GuildRecord, Overwrite } from './state/types.ts';

/**
 * Discord's permission computation, for the members and channels the local Discord
 * knows: the @everyone role's permissions, then Administrator (everything), then the
 * channel's overwrites, @everyone's first and the member's last, each denying then
 * allowing. The server owner has everything. (Roles other than @everyone are not
 * modelled: overwrites for @everyone and for members cover what the tests need.)
 */

export type PermissionName = keyof typeof PermissionFlagsBits;

/**
 * What @everyone may do in a new server, as Discord's client creates one: the
 * permissions a member holds through @everyone alone in Discord's documentation
 * (developers/components/reference: a resolved member's `"permissions": "2248473465835073"`,
 * less bit 47, which the permissions table no longer lists).
 * Among them Create Invite: a plain member may invite friends (an Activity's invite
 * dialog) unless a channel or the server takes it away.
 */
export const EVERYONE_DEFAULT =
  PermissionFlagsBits.CreateInstantInvite |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.Stream |
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.MentionEveryone |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.Connect |
  PermissionFlagsBits.Speak |
  PermissionFlagsBits.UseVAD |
  PermissionFlagsBits.ChangeNickname |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.RequestToSpeak |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.CreatePrivateThreads |
  PermissionFlagsBits.UseExternalStickers |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.UseEmbeddedActivities |
  PermissionFlagsBits.UseSoundboard |
  PermissionFlagsBits.CreateGuildExpressions |
  PermissionFlagsBits.CreateEvents |
  PermissionFlagsBits.UseExternalSounds |
  PermissionFlagsBits.SendVoiceMessages |
  PermissionFlagsBits.SetVoiceChannelStatus |
  PermissionFlagsBits.SendPolls |
  PermissionFlagsBits.UseExternalApps;

/**
 * `app_permissions` where only a user install authorizes the app (a group DM, a server
 * that never invited the bot): it can answer interactions, with files, embeds and mentions.
 */
export const USER_INSTALL_APP_PERMISSIONS =
  PermissionFlagsBits.AttachFiles | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.MentionEveryone;

export const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

export const bitsOf = (names: readonly PermissionName[]): bigint =>
  names.reduce((all, name) => all | PermissionFlagsBits[name], 0n);

/** A member's permissions in the server, before any channel's overwrites. */
export function guildPermissions(guild: GuildRecord, userId: string): bigint {
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  const base = guild.everyone;
  return base & PermissionFlagsBits.Administrator ? ALL_PERMISSIONS : base;
}

/** A member's permissions in one channel: what `app_permissions` and `member.permissions` carry. */
export function channelPermissions(guild: GuildRecord, channel: ChannelRecord, userId: string): bigint {
  const base = guildPermissions(guild, userId);
  if (base === ALL_PERMISSIONS) return base;
  let perms = base;
  const apply = (o: Overwrite | undefined) => {
    if (o) perms = (perms & ~o.deny) | o.allow;
  };
  apply(channel.overwrites.find((o) => o.type === 'role' && o.id === guild.id));
  apply(channel.overwrites.find((o) => o.type === 'member' && o.id === userId));
  return perms;
}

/**
 * What a channel route demands of the bot: View Channel, else 50001 Missing Access;
 * then every permission in `needed`, else 50013 Missing Permissions.
 */
export function requirePermissions(guild: GuildRecord, channel: ChannelRecord, userId: string, needed: bigint): void {
  const perms = channelPermissions(guild, channel, userId);
  if (!(perms & PermissionFlagsBits.ViewChannel)) throw new DiscordHttpError(403, 50001, 'Missing Access');
  if ((perms & needed) !== needed) throw new DiscordHttpError(403, 50013, 'Missing Permissions');
}
