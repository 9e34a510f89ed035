import {
  type Channel,
  type Client,
  Events,
  GatewayDispatchEvents,
  type GatewayGuildCreateDispatchData,
  type GuildBasedChannel,
  type GuildMember,
  type Role,
} from 'discord.js';
import type { Logger } from '../log.ts';
import type { StepListener } from '../table/steps.ts';
import type { Tables } from '../table/tables.ts';

let warningQuieted = false;

/**
 * Which servers' channels and roles discord.js keeps. By default it caches every
 * server's from GUILD_CREATE (about 38 KB a server: channels, their permission
 * overwrites, roles), but the bot reads them only to work out its own permissions in the
 * channels of running tables (channel-loss.ts, `watchPermissions`). So only the servers
 * with a running table keep theirs.
 *
 * discord.js warns that limiting these caches "will break functionality"; what it breaks
 * is what this module makes up for. Its CHANNEL_UPDATE and GUILD_ROLE_UPDATE handlers
 * emit nothing for a channel or role they do not hold, and `permissionsFor` computes from
 * the cached roles: so when a table starts running in a server (opened, or resumed after
 * a restart) its channels, roles and the bot's member are fetched (`GuildCache.load`),
 * and once they are in, its tables are rechecked (a change made meanwhile was not
 * heard). Threads are kept in every server: there are few, and a command's
 * `interaction.channel` (is it a thread? permissions.ts) is read from this cache.
 */
export class KeptGuilds {
  /**
   * discord.js's warning, printed to stderr on every start, would tell an operator
   * something is broken: here it is a debug line instead. Every other warning is left
   * as it was.
   */
  static quietCacheWarning(log: Logger): void {
    if (warningQuieted) return;
    warningQuieted = true;
    const emit = process.emitWarning.bind(process);
    process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
      const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
      if (type === 'UnsupportedCacheOverwriteWarning') {
        log.debug({ warning: String(warning) }, 'discord.js caches limited on purpose (guild-cache.ts)');
        return;
      }
      (emit as (...args: unknown[]) => void)(warning, ...rest);
    }) as typeof process.emitWarning;
  }

  private readonly kept = new Set<string>();

  /** `Options.cacheWithLimits` settings: nothing kept, but threads, direct messages and kept servers' channels, roles and bot member. */
  readonly limits = {
    ChannelManager: { maxSize: 0, keepOverLimit: (channel: Channel) => this.keeps(channel) },
    GuildChannelManager: { maxSize: 0, keepOverLimit: (channel: GuildBasedChannel) => this.keeps(channel) },
    RoleManager: { maxSize: 0, keepOverLimit: (role: Role) => this.kept.has(role.guild.id) },
    // Only the bot's own member (guild.members.me: its roles, for permissions).
    GuildMemberManager: {
      maxSize: 0,
      keepOverLimit: (member: GuildMember) => member.id === member.client.user.id && this.kept.has(member.guild.id),
    },
  } as const;

  has(guildId: string): boolean {
    return this.kept.has(guildId);
  }

  add(guildId: string): void {
    this.kept.add(guildId);
  }

  delete(guildId: string): void {
    this.kept.delete(guildId);
  }

  private keeps(channel: Channel): boolean {
    return channel.isDMBased() || channel.isThread() || this.kept.has(channel.guildId);
  }
}

/** Keeps the channels and roles of the servers with a running table, loading them when a table starts running there. */
export class GuildCache {
  /** Servers being loaded or loaded, since they were kept. */
  private readonly loads = new Map<string, Promise<void>>();
  private readonly loaded = new Set<string>();
  private readonly onLoaded: ((guildId: string) => void)[] = [];

  constructor(
    private readonly client: Client,
    private readonly tables: Tables,
    private readonly kept: KeptGuilds,
    private readonly log: Logger,
  ) {}

  /**
   * A server's GUILD_CREATE (at start-up, for every server at once) reaches discord.js
   * without the channels, roles and members it would not keep: it would build each of
   * them to drop it at once, and that burst of garbage grows the heap for good. discord.js
   * emits the raw packet just before it handles it, and that is the object it handles.
   */
  trimGuildCreates(): void {
    this.client.on(Events.Raw, (packet: { t?: string; d?: GatewayGuildCreateDispatchData }) => {
      const guild = packet.t === GatewayDispatchEvents.GuildCreate ? packet.d : undefined;
      if (!guild || this.kept.has(guild.id)) return;
      guild.channels = [];
      guild.roles = [];
      guild.members = [];
    });
  }

  /** Wraps the table layer's listener: a table that runs, resumes or ends keeps or lets go of its server. */
  watchSteps(listener: StepListener): StepListener {
    return {
      committed: (step) => {
        const guildId = step.record.guildId;
        if (step.record.running) this.keep(guildId);
        else if (this.tables.runningInGuild(guildId).length === 0) this.release(guildId);
        listener.committed(step);
      },
      publish: (step) => listener.publish(step),
      resumed: (tableId) => {
        const guildId = this.tables.placeOf(tableId)?.guildId;
        if (guildId) this.keep(guildId);
        listener.resumed(tableId);
      },
      tell: (tableId, key) => listener.tell(tableId, key),
    };
  }

  /** Whether the server's channels, roles and the bot's member are cached (its permissions can be worked out). */
  isLoaded(guildId: string): boolean {
    return this.loaded.has(guildId);
  }

  /** Resolves once the server is loaded (at once for one not kept, or one the bot is not in). */
  ready(guildId: string): Promise<void> {
    return this.loads.get(guildId) ?? Promise.resolve();
  }

  /** `then` runs for each server once its channels and roles are in. */
  whenLoaded(then: (guildId: string) => void): void {
    this.onLoaded.push(then);
  }

  private keep(guildId: string): void {
    if (this.loads.has(guildId)) return;
    this.kept.add(guildId);
    this.loads.set(guildId, this.load(guildId));
  }

  private async load(guildId: string): Promise<void> {
    // A group DM's table, or a server that never invited the bot: nothing of it is cached.
    const guild = this.client.guilds.cache.get(guildId);
    if (!guild) return;
    try {
      await Promise.all([guild.channels.fetch(), guild.roles.fetch(), guild.members.fetchMe()]);
      // A table in a thread no longer listed among the active ones (archived).
      const channelIds = this.tables.runningInGuild(guildId).map((rt) => rt.record.channelId);
      await Promise.all(
        channelIds
          .filter((id) => !this.client.channels.cache.has(id))
          .map((id) => this.client.channels.fetch(id).catch(() => null)),
      );
    } catch (err) {
      // Its table's next call or press will say what is wrong.
      this.log.warn({ err, guildId }, "could not load a table's server channels and roles");
      return;
    }
    if (!this.kept.has(guildId)) return; // its tables ended meanwhile
    this.loaded.add(guildId);
    for (const then of this.onLoaded) then(guildId);
  }

  /** Its last table ended: its channels, roles and the bot's member go (threads stay, as in every server). */
  private release(guildId: string): void {
    if (!this.kept.has(guildId)) return;
    this.kept.delete(guildId);
    this.loads.delete(guildId);
    this.loaded.delete(guildId);
    const guild = this.client.guilds.cache.get(guildId);
    if (!guild) return;
    for (const channel of guild.channels.cache.values()) {
      if (channel.isThread()) continue;
      guild.channels.cache.delete(channel.id);
      this.client.channels.cache.delete(channel.id);
    }
    guild.roles.cache.clear();
    guild.members.cache.clear();
  }
}
