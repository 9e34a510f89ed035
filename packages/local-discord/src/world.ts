import { type APIApplicationCommand, ChannelType, Locale } from 'discord-api-types/v10';
import { LocalDiscordBase, type Ref } from './base.ts';
import { InvocationError } from './commands.ts';
import { bitsOf, type PermissionName } from './permissions.ts';
import { apiChannel, apiGuildCreate, apiMember, apiRole, apiThread, apiUser, everyoneRole } from './state/render.ts';
import type { ChannelRecord, GuildRecord, Overwrite, RoleRecord, UserRecord } from './state/types.ts';

export const GROUP_DM_MAX_MEMBERS = 10;

/** A user's or server's language: one of Discord's locales (its client offers no other). */
function checkedLocale(locale: string | undefined): string {
  if (locale === undefined) return Locale.EnglishUS;
  if (!(Object.values(Locale) as string[]).includes(locale)) throw new RangeError(`${locale} is not a Discord locale`);
  return locale;
}

/** The world the users live in, built as they and server admins would: users, servers, channels, roles, permissions, threads, group DMs. */
export class LocalDiscordWorld extends LocalDiscordBase {
  /**
   * `id` (a snowflake) keeps a world's ids stable across runs, e.g. the playground's ledger.
   * `locale` is the language the user's client is set to (a Discord locale; en-US unsaid).
   */
  createUser(options: { name: string; guilds?: Ref[]; id?: string; locale?: string }): UserRecord {
    const user = this.store.createUser(options.name, false, options.id, checkedLocale(options.locale));
    const guilds = options.guilds ?? [...this.store.guilds.values()];
    for (const guild of guilds) this.addMember(guild, user);
    return user;
  }

  /** The user switches their client's language: their next interactions carry `locale`. */
  setUserLocale(user: Ref | string, locale: string): UserRecord {
    const record = this.store.user(typeof user === 'string' ? user : user.id);
    record.locale = checkedLocale(locale);
    return record;
  }

  /**
   * A guild the bot is in; `owner` defaults to a new user named after the guild.
   * `shard: [id, count]` mints an id that lands on that shard of `count`.
   */
  createGuild(options: {
    name: string;
    owner?: Ref;
    id?: string;
    shard?: [number, number];
    /** The server's language (a Discord locale; en-US unsaid). */
    locale?: string;
    /** False: nobody invited the bot; the app comes only through players' user installs. Default true. */
    bot?: boolean;
  }): GuildRecord {
    const ownerId = options.owner?.id ?? this.store.createUser(`${options.name}-owner`).id;
    const id = options.shard ? this.shardedGuildIds.next(...options.shard) : options.id;
    const guild = this.store.createGuild(options.name, ownerId, id, checkedLocale(options.locale));
    if (options.bot === false) return guild;
    this.store.addMember(guild.id, this.bot.user.id);
    this.gateway.dispatch(guild.id, 'GUILD_CREATE', apiGuildCreate(this.store, guild, this.bot.user.id));
    return guild;
  }

  /**
   * `user` adds the app to their own account (Developer Portal: User Install, scope
   * applications.commands): its global commands that allow a user install follow them
   * into group DMs and servers that never invited the bot.
   */
  installApp(user: Ref): void {
    this.store.user(user.id);
    this.store.userInstalls.add(user.id);
  }

  /**
   * A group DM (channel type 3) that `owner` made with `members`. The bot is never in
   * one: its channel routes answer 50001 and the gateway says nothing of it.
   */
  createGroupDm(owner: Ref, members: Ref[], options: { name?: string; id?: string } = {}): ChannelRecord {
    const recipientIds = new Set([owner.id, ...members.map((m) => m.id)]);
    if (recipientIds.size > GROUP_DM_MAX_MEMBERS) {
      throw new InvocationError(`a group DM holds at most ${GROUP_DM_MAX_MEMBERS} people, not ${recipientIds.size}`);
    }
    return this.store.createGroupDm(owner.id, [...recipientIds], options.name ?? '', options.id);
  }

  /**
   * A member of the group DM adds `user` to it (Add Friends to DM). The bot, never a
   * member, hears nothing of it; a full group DM (10 people) refuses.
   */
  addToGroupDm(group: Ref, user: Ref): void {
    const channel = this.store.channel(group.id);
    if (!channel.group) throw new InvocationError(`channel ${group.id} is not a group DM`);
    this.store.user(user.id);
    const recipients = channel.group.recipientIds;
    if (recipients.includes(user.id)) return;
    if (recipients.length >= GROUP_DM_MAX_MEMBERS) {
      throw new InvocationError(`group DM ${group.id} is full: it holds at most ${GROUP_DM_MAX_MEMBERS} people`);
    }
    recipients.push(user.id);
  }

  createChannel(guild: Ref, options: { name: string; id?: string }): ChannelRecord {
    const channel = this.store.createChannel(guild.id, options.name, options.id);
    this.gateway.dispatch(guild.id, 'CHANNEL_CREATE', apiChannel(channel));
    return channel;
  }

  /** A role in the server (Server Settings → Roles → Create Role): the bot gets GUILD_ROLE_CREATE. */
  createRole(guild: Ref, options: { name: string; allow?: PermissionName[] }): RoleRecord {
    const record = this.store.guild(guild.id);
    const role = this.store.createRole(record.id, options.name, bitsOf(options.allow ?? []));
    this.gateway.dispatch(record.id, 'GUILD_ROLE_CREATE', { guild_id: record.id, role: apiRole(record, role) });
    return role;
  }

  /**
   * Sets a channel permission overwrite for one member (`who` a user, the bot
   * included) or for @everyone, as a server admin would in the channel's settings.
   * Replaces any earlier overwrite for them; an empty allow and deny removes it.
   */
  setPermissions(
    channel: Ref,
    who: Ref | 'everyone',
    change: { allow?: PermissionName[]; deny?: PermissionName[] },
  ): void {
    const record = this.store.channel(channel.id);
    const id = who === 'everyone' ? record.guildId : who.id;
    const overwrite: Overwrite = {
      id,
      type: who === 'everyone' ? 'role' : 'member',
      allow: bitsOf(change.allow ?? []),
      deny: bitsOf(change.deny ?? []),
    };
    record.overwrites = record.overwrites.filter((o) => o.id !== id);
    if (overwrite.allow || overwrite.deny) record.overwrites.push(overwrite);
    this.gateway.dispatch(record.guildId, 'CHANNEL_UPDATE', apiChannel(record));
  }

  /**
   * Changes what @everyone may do in the whole server (Server Settings → Roles), as an
   * admin would: the bot gets GUILD_ROLE_UPDATE, and every channel without an
   * overwrite saying otherwise follows.
   */
  setServerPermissions(guild: Ref, change: { allow?: PermissionName[]; deny?: PermissionName[] }): void {
    const record = this.store.guild(guild.id);
    record.everyone = (record.everyone & ~bitsOf(change.deny ?? [])) | bitsOf(change.allow ?? []);
    this.gateway.dispatch(record.id, 'GUILD_ROLE_UPDATE', { guild_id: record.id, role: everyoneRole(record) });
  }

  /**
   * Someone deletes the channel or thread: the bot gets CHANNEL_DELETE (THREAD_DELETE),
   * and calls on it answer 10003 Unknown Channel.
   */
  deleteChannel(channel: Ref): void {
    const record = this.store.channel(channel.id);
    const thread = record.thread;
    const payload = thread
      ? { id: record.id, guild_id: record.guildId, parent_id: thread.parentId, type: ChannelType.PublicThread }
      : apiChannel(record);
    this.store.deleteChannel(channel.id);
    this.gateway.dispatch(record.guildId, thread ? 'THREAD_DELETE' : 'CHANNEL_DELETE', payload);
  }

  /** Someone starts a public thread in a text channel: the bot gets THREAD_CREATE. */
  createThread(channel: Ref, options: { name: string }): ChannelRecord {
    const thread = this.store.createThread(channel.id, options.name);
    this.gateway.dispatch(thread.guildId, 'THREAD_CREATE', { ...apiThread(thread), newly_created: true });
    return thread;
  }

  /**
   * The thread is archived (Discord does it after a while without messages), and
   * locked too if a moderator locks it: edits in it answer 50083, and a post either
   * unarchives it or, when locked, answers 50083.
   */
  archiveThread(thread: Ref, options: { locked?: boolean } = {}): void {
    const record = this.store.channel(thread.id);
    if (!record.thread) throw new Error(`channel ${thread.id} is not a thread`);
    record.thread.archived = true;
    record.thread.locked = options.locked ?? false;
    this.gateway.dispatch(record.guildId, 'THREAD_UPDATE', apiThread(record));
  }

  /**
   * The bot is removed from the server (kicked, or the server deleted): it gets
   * GUILD_DELETE without \`unavailable\`, and its calls on the server's channels answer
   * 50001 Missing Access (10003 once the server itself is deleted).
   */
  removeBot(guild: Ref, options: { deleteGuild?: boolean } = {}): void {
    const record = this.store.guild(guild.id);
    // Sent before the bot leaves: dispatches go to the guild's members.
    this.gateway.dispatch(record.id, 'GUILD_DELETE', { id: record.id });
    record.members.delete(this.bot.user.id);
    if (options.deleteGuild) this.store.deleteGuild(record.id);
  }

  addMember(guild: Ref, user: Ref): void {
    const record = this.store.guild(guild.id);
    if (record.members.has(user.id)) return;
    this.store.addMember(guild.id, user.id);
    this.gateway.dispatch(guild.id, 'GUILD_MEMBER_ADD', {
      ...apiMember(this.store, record, user.id),
      guild_id: guild.id,
    });
  }

  /** `user` leaves the server (or is kicked): the bot hears GUILD_MEMBER_REMOVE, as Discord sends it. */
  removeMember(guild: Ref, user: Ref): void {
    const record = this.store.guild(guild.id);
    if (!record.members.delete(user.id)) return;
    this.gateway.dispatch(guild.id, 'GUILD_MEMBER_REMOVE', {
      guild_id: guild.id,
      user: apiUser(this.store.user(user.id)),
    });
  }

  /** Commands the bot registered by bulk overwrite: a guild's, or the global ones. */
  registeredCommands(guild?: Ref): APIApplicationCommand[] {
    return guild ? (this.store.commands.byGuild.get(guild.id) ?? []) : this.store.commands.global;
  }
}
