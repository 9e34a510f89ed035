import {
  type CacheFactory,
  Client,
  DefaultRestOptions,
  GatewayIntentBits,
  Options,
  type RESTOptions,
  type User,
} from 'discord.js';
import { appliedCallbacks } from './applied-callbacks.ts';
import type { CallbackFirstDispatcher } from './callback-first-dispatcher.ts';
import type { KeptGuilds } from './guild-cache.ts';

/**
 * How often discord.js drops its idle per-route queues. Each interaction token is a
 * route of its own (follow-ups and edits through `/webhooks/:app/:token`), so with
 * discord.js's default (an hour) a busy bot holds a queue for every press of the last
 * hour; tokens live 15 minutes, and a queue made again costs nothing.
 */
export const REST_HANDLER_SWEEP_MS = 60_000;
/**
 * How long discord.js keeps a route's rate-limit bucket id (its "hash") once unused, and
 * how often it looks. Each interaction token's routes learn one; by default they live 24
 * hours (swept every 4): a day of presses. A token is dead after 15 minutes; a channel
 * route whose hash goes learns it again from its next answer.
 */
export const REST_HASH_LIFETIME_MS = 16 * 60_000;
export const REST_HASH_SWEEP_MS = 5 * 60_000;

/** How the bot's discord.js client talks to Discord (see `BotOptions`). */
export interface ClientSettings {
  /** REST base including `/api` (DISCORD_API_URL); Discord's when null. */
  apiUrl: string | null;
  /**
   * Requests per second discord.js allows itself outside interaction callbacks:
   * Discord's global limit, 50 unless Discord raised it for the bot.
   */
  restGlobalPerSecond?: number;
  /** The gateway shards this process runs, of `shardCount` (a child of the sharding manager); one connection when absent. */
  shards?: number[];
  shardCount?: number;
  /** How often idle REST queues are dropped (default REST_HANDLER_SWEEP_MS). */
  restHandlerSweepMs?: number;
  /** How long an unused route hash is kept, and how often they are swept (REST_HASH_LIFETIME_MS, REST_HASH_SWEEP_MS). */
  restHashLifetimeMs?: number;
  restHashSweepMs?: number;
}

/**
 * What the bot keeps of each server (discord.js's caches): the servers, their threads,
 * and, where a table runs, their channels, roles and its own member, which the
 * permission checks read (guild-cache.ts). Nothing else is read: a member, user, message
 * or emoji comes with the interaction that names it. A cache at 0 still hands out the
 * object it was given; it just does not keep it.
 */
const CACHE_LIMITS = {
  // The bot edits its messages by id and never reads them back.
  MessageManager: 0,
  ReactionManager: 0,
  ReactionUserManager: 0,
  UserManager: { maxSize: 0, keepOverLimit: (user: User) => user.id === user.client.user.id },
  PresenceManager: 0,
  VoiceStateManager: 0,
  GuildEmojiManager: 0,
  BaseGuildEmojiManager: 0,
  GuildStickerManager: 0,
  GuildScheduledEventManager: 0,
  StageInstanceManager: 0,
  GuildInviteManager: 0,
  GuildBanManager: 0,
  AutoModerationRuleManager: 0,
  ApplicationCommandManager: 0,
  DMMessageManager: 0,
  GuildMessageManager: 0,
  GuildSoundboardSoundManager: 0,
  ThreadMemberManager: 0,
  // Channels, roles and members: `KeptGuilds.limits`.
} as const;

/**
 * `Options.cacheWithLimits`, but a cache limited to 0 is one collection for every manager
 * of its kind: it never holds anything (a 0 limit stores nothing), and every server and
 * channel would otherwise carry a dozen empty ones of its own (a few KB a server).
 */
function sharingEmptyCaches(limits: Record<string, unknown>): CacheFactory {
  const withLimits = Options.cacheWithLimits(limits);
  const shared = new Map<string, ReturnType<CacheFactory>>();
  return (managerType, holds, manager) => {
    const name = limits[manager.name] === undefined ? managerType.name : manager.name;
    if (limits[name] !== 0) return withLimits(managerType, holds, manager);
    let cache = shared.get(name);
    if (!cache) shared.set(name, (cache = withLimits(managerType, holds, manager)));
    return cache;
  };
}

/** The bot's discord.js client: its caches, its shards, and its REST requests over `lanes`. */
export function createClient(settings: ClientSettings, lanes: CallbackFirstDispatcher, kept: KeptGuilds): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    makeCache: sharingEmptyCaches({ ...CACHE_LIMITS, ...kept.limits }),
    // Nothing the bot writes pings anyone: a display name or a ledger note may say @everyone.
    allowedMentions: { parse: [] },
    ...(settings.shards && settings.shardCount ? { shards: settings.shards, shardCount: settings.shardCount } : {}),
    rest: restOptions(settings, lanes),
  });
}

/** How the bot's REST requests go: its limits and sweeps, over `lanes`. */
export function restOptions(settings: ClientSettings, lanes: CallbackFirstDispatcher): Partial<RESTOptions> {
  return {
    ...(settings.apiUrl ? { api: settings.apiUrl } : {}),
    globalRequestsPerSecond: settings.restGlobalPerSecond ?? 50,
    handlerSweepInterval: settings.restHandlerSweepMs ?? REST_HANDLER_SWEEP_MS,
    hashLifetime: settings.restHashLifetimeMs ?? REST_HASH_LIFETIME_MS,
    hashSweepInterval: settings.restHashSweepMs ?? REST_HASH_SWEEP_MS,
    agent: lanes,
    // An answer Discord applied but reported as failed is not failed (applied-callbacks.ts).
    makeRequest: appliedCallbacks(DefaultRestOptions.makeRequest),
  };
}

/**
 * Which tables this process resumes: those of the servers its shards hold, and, where
 * the bot is in no server (a user install brought it), those whose interactions come to
 * its shards: a group DM's (its ledger keyed by its channel) to shard 0, as every event
 * without a server, a server's by Discord's shard formula.
 */
export function servedHere(client: Client, shards: number[] = [0], shardCount = 1) {
  return (guildId: string, channelId: string): boolean => {
    if (client.guilds.cache.has(guildId)) return true;
    const shard = guildId === channelId ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
    return shards.includes(shard);
  };
}
