import { EventEmitter } from 'node:events';
import type { Clock } from '../clock.ts';
import { errors } from '../errors.ts';
import { EVERYONE_DEFAULT } from '../permissions.ts';
import { SnowflakeFactory } from '../snowflake.ts';
import type {
  ChannelRecord,
  GuildRecord,
  MessageDeleteEvent,
  MessageEvent,
  RegisteredCommands,
  RoleRecord,
  StoredAttachment,
  StoredMessage,
  UserRecord,
} from './types.ts';

export interface StoreEvents {
  messageCreate: [MessageEvent];
  messageUpdate: [MessageEvent];
  messageDelete: [MessageDeleteEvent];
}

/**
 * Everything the local Discord knows, in memory: users, guilds, channels, messages,
 * uploaded files and registered commands. Lookups that a REST route makes throw the
 * matching Discord error, so routes read straight through.
 */
/** An application emoji and its picture, as the CDN serves it at `/emojis/{id}.png`. */
export interface StoredEmoji {
  id: string;
  name: string;
  animated: boolean;
  contentType: string;
  bytes: Buffer;
}

export class Store extends EventEmitter<StoreEvents> {
  readonly ids: SnowflakeFactory;
  readonly users = new Map<string, UserRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  readonly attachments = new Map<string, StoredAttachment>();
  readonly commands: RegisteredCommands = { global: [], byGuild: new Map() };
  /** The application's own emojis (uploaded by the bot, usable in every server), by id. */
  readonly applicationEmojis = new Map<string, StoredEmoji>();
  /** Users who installed the application to their own account (a user install). */
  readonly userInstalls = new Set<string>();
  /** Messages per channel, in creation order. */
  private readonly messages = new Map<string, Map<string, StoredMessage>>();

  constructor(readonly clock: Clock) {
    super();
    this.ids = new SnowflakeFactory(() => clock.now());
  }

  /** A new snowflake, or `id` when the caller keeps its world's ids stable across runs (unused). */
  private newId(id?: string): string {
    if (id === undefined) return this.ids.next();
    if (!/^\d{17,20}$/.test(id) || this.users.has(id) || this.guilds.has(id) || this.channels.has(id)) {
      throw new RangeError(`id ${id} is not a free snowflake`);
    }
    return id;
  }

  createUser(username: string, bot = false, id?: string, locale = 'en-US'): UserRecord {
    const user: UserRecord = { id: this.newId(id), username, globalName: bot ? null : username, bot, locale };
    this.users.set(user.id, user);
    return user;
  }

  createGuild(name: string, ownerId: string, id?: string, preferredLocale = 'en-US'): GuildRecord {
    const guild: GuildRecord = {
      id: this.newId(id),
      name,
      ownerId,
      channelIds: [],
      members: new Map(),
      everyone: EVERYONE_DEFAULT,
      createdAt: this.clock.now(),
      preferredLocale,
      roles: [],
    };
    this.guilds.set(guild.id, guild);
    this.addMember(guild.id, ownerId);
    return guild;
  }

  createRole(guildId: string, name: string, permissions: bigint): RoleRecord {
    const role: RoleRecord = { id: this.newId(), name, permissions };
    this.guild(guildId).roles.push(role);
    return role;
  }

  addMember(guildId: string, userId: string): void {
    const guild = this.guild(guildId);
    this.user(userId);
    if (!guild.members.has(userId)) guild.members.set(userId, new Date(this.clock.now()).toISOString());
  }

  createChannel(guildId: string, name: string, id?: string): ChannelRecord {
    const guild = this.guild(guildId);
    const channel: ChannelRecord = {
      id: this.newId(id),
      guildId,
      recipientId: null,
      name,
      position: guild.channelIds.length,
      lastMessageId: null,
      overwrites: [],
      thread: null,
    };
    guild.channelIds.push(channel.id);
    this.channels.set(channel.id, channel);
    this.messages.set(channel.id, new Map());
    return channel;
  }

  user(id: string): UserRecord {
    const user = this.users.get(id);
    if (!user) throw new Error(`no user ${id}`);
    return user;
  }

  guild(id: string): GuildRecord {
    const guild = this.guilds.get(id);
    if (!guild) throw errors.unknownGuild();
    return guild;
  }

  /** The bot's direct message channel with a user, made on first use. */
  dmChannel(userId: string): ChannelRecord {
    this.user(userId);
    for (const c of this.channels.values()) if (c.recipientId === userId) return c;
    const channel: ChannelRecord = {
      id: this.newId(),
      guildId: '',
      recipientId: userId,
      name: '',
      position: 0,
      lastMessageId: null,
      overwrites: [],
      thread: null,
    };
    this.channels.set(channel.id, channel);
    this.messages.set(channel.id, new Map());
    return channel;
  }

  /** A group DM among users (the first its owner); the bot is not in it. */
  createGroupDm(ownerId: string, recipientIds: string[], name: string, id?: string): ChannelRecord {
    for (const recipientId of recipientIds) this.user(recipientId);
    const channel: ChannelRecord = {
      id: this.newId(id),
      guildId: '',
      recipientId: null,
      name,
      position: 0,
      lastMessageId: null,
      overwrites: [],
      thread: null,
      group: { ownerId, recipientIds: [...new Set([ownerId, ...recipientIds])] },
    };
    this.channels.set(channel.id, channel);
    this.messages.set(channel.id, new Map());
    return channel;
  }

  /** A public thread in a text channel (not among the guild's channels: its threads are listed apart). */
  createThread(parentId: string, name: string): ChannelRecord {
    const parent = this.channel(parentId);
    const thread: ChannelRecord = {
      id: this.newId(),
      guildId: parent.guildId,
      recipientId: null,
      name,
      position: 0,
      lastMessageId: null,
      overwrites: [],
      thread: { parentId, archived: false, locked: false },
    };
    this.channels.set(thread.id, thread);
    this.messages.set(thread.id, new Map());
    return thread;
  }

  /** The guild's threads that are not archived (what GUILD_CREATE lists). */
  activeThreads(guildId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && c.thread && !c.thread.archived);
  }

  /** The channel whose permission overwrites apply: a thread's parent, else the channel itself. */
  permissionChannel(channel: ChannelRecord): ChannelRecord {
    return channel.thread ? this.channel(channel.thread.parentId) : channel;
  }

  /** The channel is gone (deleted, or its server is): later lookups answer 10003. */
  deleteChannel(id: string): void {
    const channel = this.channel(id);
    this.channels.delete(id);
    this.messages.delete(id);
    const guild = this.guilds.get(channel.guildId);
    if (guild) guild.channelIds = guild.channelIds.filter((c) => c !== id);
  }

  /** The server is gone, with its channels: later lookups answer 10004 / 10003. */
  deleteGuild(id: string): void {
    for (const thread of [...this.channels.values()].filter((c) => c.guildId === id && c.thread)) {
      this.deleteChannel(thread.id);
    }
    for (const channelId of this.guild(id).channelIds) this.deleteChannel(channelId);
    this.guilds.delete(id);
  }

  channel(id: string): ChannelRecord {
    const channel = this.channels.get(id);
    if (!channel) throw errors.unknownChannel();
    return channel;
  }

  /** A message by id, whoever may see it; 10008 if it does not exist. */
  message(channelId: string, messageId: string): StoredMessage {
    const stored = this.findMessage(channelId, messageId);
    if (!stored) throw errors.unknownMessage();
    return stored;
  }

  findMessage(channelId: string, messageId: string): StoredMessage | null {
    return this.messages.get(channelId)?.get(messageId) ?? null;
  }

  /** The channel's messages as `viewerId` sees them, oldest first (the bot sees no ephemerals). */
  channelMessages(channelId: string, viewerId: string): StoredMessage[] {
    this.channel(channelId);
    const all = [...(this.messages.get(channelId)?.values() ?? [])];
    return all.filter((m) => m.visibleTo === null || m.visibleTo === viewerId);
  }

  insertMessage(stored: StoredMessage): void {
    const channel = this.channel(stored.message.channel_id);
    this.messages.get(channel.id)?.set(stored.message.id, stored);
    if (stored.visibleTo === null) channel.lastMessageId = stored.message.id;
    this.emit('messageCreate', { message: stored.message, guildId: stored.guildId, visibleTo: stored.visibleTo });
  }

  /** Announces an edit already applied to `stored.message`. */
  messageUpdated(stored: StoredMessage): void {
    this.emit('messageUpdate', { message: stored.message, guildId: stored.guildId, visibleTo: stored.visibleTo });
  }

  deleteMessage(stored: StoredMessage): void {
    const { id, channel_id: channelId } = stored.message;
    this.messages.get(channelId)?.delete(id);
    for (const attachment of stored.message.attachments) this.attachments.delete(attachment.id);
    this.emit('messageDelete', { id, channelId, guildId: stored.guildId, visibleTo: stored.visibleTo });
  }
}
