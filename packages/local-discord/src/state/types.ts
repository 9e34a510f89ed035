import type { APIApplicationCommand, APIMessage } from 'discord-api-types/v10';

/** A user account: a person played by the driver, or the bot itself. */
export interface UserRecord {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** The language the user chose in their Discord client: every interaction carries it as `locale`. */
  locale: string;
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  /** Channel ids in creation order. */
  channelIds: string[];
  /** Member user ids with the time each joined (ISO 8601). */
  members: Map<string, string>;
  /** The @everyone role's permission bits. */
  everyone: bigint;
  createdAt: number;
  /** The server's language (Server Settings, Community): `preferred_locale`, and `guild_locale` on interactions. */
  preferredLocale: string;
  /** Roles other than @everyone, lowest first (nobody holds them here: they are what a real server carries). */
  roles: RoleRecord[];
}

export interface RoleRecord {
  id: string;
  name: string;
  permissions: bigint;
}

/** A channel permission overwrite: for @everyone (the guild's id) or one member (see permissions.ts). */
export interface Overwrite {
  id: string;
  type: 'role' | 'member';
  allow: bigint;
  deny: bigint;
}

export interface ChannelRecord {
  id: string;
  /** '' for a direct message channel, which belongs to no guild. */
  guildId: string;
  /** The user a direct message channel is with (the bot being the other end); null for guild channels. */
  recipientId: string | null;
  name: string;
  position: number;
  lastMessageId: string | null;
  /** Permission overwrites (see permissions.ts); a thread uses its parent's. */
  overwrites: Overwrite[];
  /** Set for a public thread: the text channel it lives in, and whether it is archived or locked. */
  thread: { parentId: string; archived: boolean; locked: boolean } | null;
  /** Set for a group DM (channel type 3): who made it and who is in it. The bot is never a member. */
  group?: { ownerId: string; recipientIds: string[] };
}

/**
 * A message and who may see it. `visibleTo` is null for ordinary messages and the
 * invoking user's id for ephemeral ones: Discord never shows an ephemeral message to
 * anybody else, nor returns it from channel endpoints.
 */
export interface StoredMessage {
  message: APIMessage;
  guildId: string;
  visibleTo: string | null;
  /** The interaction this message answers (original response or follow-up), if any. */
  interactionId: string | null;
  /** Number of edits so far: lets a waiter tell "edited since" from "as it was". */
  revision: number;
}

/** A file uploaded with a message, served back at `url`. */
export interface StoredAttachment {
  id: string;
  channelId: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  url: string;
}

/** Application commands registered by bulk overwrite: global, or for one guild. */
export interface RegisteredCommands {
  global: APIApplicationCommand[];
  byGuild: Map<string, APIApplicationCommand[]>;
}

/** What the driver's message events carry: the message as Discord would render it, and its audience. */
export interface MessageEvent {
  message: APIMessage;
  guildId: string;
  /** Null when everybody in the channel sees it; the one user who does otherwise. */
  visibleTo: string | null;
}

export interface MessageDeleteEvent {
  id: string;
  channelId: string;
  guildId: string;
  visibleTo: string | null;
}
