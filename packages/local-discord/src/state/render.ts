import {
  type APIDMChannel,
  type APIGroupDMChannel,
  type APIGuildMember,
  type APIGuildTextChannel,
  type APIRole,
  type APIThreadChannel,
  type APIUser,
  type ChannelFlags,
  ChannelType,
  type GatewayGuildCreateDispatchData,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  type GuildMemberFlags,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  type Locale,
  OverwriteType,
  type RoleFlags,
  type UserFlags,
} from 'discord-api-types/v10';
import { guildPermissions } from '../permissions.ts';
import type { Store } from './store.ts';
import type { ChannelRecord, GuildRecord, RoleRecord, UserRecord } from './types.ts';

/** A bitfield with no bit set (the flag enums have no zero member). */
const noFlags = 0;

/** The permissions of `userId` in a guild, before channel overwrites (see permissions.ts). */
export function memberPermissions(guild: GuildRecord, userId: string): string {
  return String(guildPermissions(guild, userId));
}

export function apiUser(user: UserRecord): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName,
    avatar: null,
    ...(user.bot ? { bot: true } : {}),
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    public_flags: noFlags as UserFlags,
    flags: noFlags as UserFlags,
    primary_guild: null,
  };
}

export function apiMember(store: Store, guild: GuildRecord, userId: string): APIGuildMember {
  return {
    user: apiUser(store.user(userId)),
    nick: null,
    avatar: null,
    banner: null,
    roles: [],
    joined_at: guild.members.get(userId) ?? new Date(guild.createdAt).toISOString(),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: noFlags as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

/** A text channel or a thread, as the API shows it. */
export function apiAnyChannel(channel: ChannelRecord): APIGuildTextChannel<ChannelType.GuildText> | APIThreadChannel {
  return channel.thread ? apiThread(channel) : apiChannel(channel);
}

/** A public thread, as the API shows it. */
export function apiThread(channel: ChannelRecord): APIThreadChannel {
  const thread = channel.thread;
  if (!thread) throw new Error(`channel ${channel.id} is not a thread`);
  return {
    id: channel.id,
    type: ChannelType.PublicThread,
    guild_id: channel.guildId,
    name: channel.name,
    parent_id: thread.parentId,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    owner_id: '0',
    message_count: 0,
    member_count: 1,
    total_message_sent: 0,
    flags: 0,
    thread_metadata: {
      archived: thread.archived,
      locked: thread.locked,
      auto_archive_duration: 1440,
      archive_timestamp: new Date(0).toISOString(),
    },
    applied_tags: [],
  } as unknown as APIThreadChannel;
}

export function apiChannel(channel: ChannelRecord): APIGuildTextChannel<ChannelType.GuildText> {
  return {
    id: channel.id,
    type: ChannelType.GuildText,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    // Discord sends them with every channel (GUILD_CREATE, CHANNEL_UPDATE): a bot works
    // out its own permissions from them between interactions.
    permission_overwrites: channel.overwrites.map((o) => ({
      id: o.id,
      type: o.type === 'role' ? OverwriteType.Role : OverwriteType.Member,
      allow: String(o.allow),
      deny: String(o.deny),
    })),
    nsfw: false,
    topic: null,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    parent_id: null,
    last_pin_timestamp: null,
    flags: noFlags as ChannelFlags,
  };
}

export function everyoneRole(guild: GuildRecord): APIRole {
  // Discord gives @everyone the guild's own id.
  return {
    id: guild.id,
    name: '@everyone',
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: 0,
    permissions: String(guild.everyone),
    managed: false,
    mentionable: false,
    flags: noFlags as RoleFlags,
  };
}

/** A role other than @everyone: positions follow creation, above @everyone's 0. */
export function apiRole(guild: GuildRecord, role: RoleRecord): APIRole {
  return {
    ...everyoneRole(guild),
    id: role.id,
    name: role.name,
    position: guild.roles.indexOf(role) + 1,
    permissions: String(role.permissions),
  };
}

/** The GUILD_CREATE payload: the guild with its channels and members, so the client is ready at once. */
export function apiGuildCreate(store: Store, guild: GuildRecord, botUserId: string): GatewayGuildCreateDispatchData {
  const members = [...guild.members.keys()];
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: [everyoneRole(guild), ...guild.roles.map((r) => apiRole(guild, r))],
    emojis: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: guild.channelIds[0] ?? null,
    system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: GuildPremiumTier.None,
    preferred_locale: guild.preferredLocale as Locale,
    public_updates_channel_id: null,
    nsfw_level: GuildNSFWLevel.Default,
    stickers: [],
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    joined_at: guild.members.get(botUserId) ?? new Date(guild.createdAt).toISOString(),
    large: false,
    unavailable: false,
    member_count: members.length,
    voice_states: [],
    members: members.map((id) => apiMember(store, guild, id)),
    channels: guild.channelIds.map((id) => apiChannel(store.channel(id))),
    threads: store.activeThreads(guild.id).map(apiThread),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** A direct message channel between the bot and one user. */
export function apiDmChannel(store: Store, channel: ChannelRecord): APIDMChannel {
  return {
    id: channel.id,
    type: ChannelType.DM,
    recipients: [apiUser(store.user(channel.recipientId ?? ''))],
    last_message_id: channel.lastMessageId,
    name: null,
  };
}

/** A group DM, as an interaction there carries it: its members (the bot is not one) and its owner. */
export function apiGroupDmChannel(store: Store, channel: ChannelRecord): APIGroupDMChannel {
  return {
    id: channel.id,
    type: ChannelType.GroupDM,
    name: channel.name || null,
    icon: null,
    recipients: (channel.group?.recipientIds ?? []).map((id) => apiUser(store.user(id))),
    owner_id: channel.group?.ownerId ?? '',
    last_message_id: channel.lastMessageId,
  };
}
