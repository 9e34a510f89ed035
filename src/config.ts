import { isIP } from 'node:net';
import type { ActivityLimits } from './activity/activity-limits.ts';

/**
 * Configuration from the environment (docs/OPERATING.md, "Configuration"). Bad values fail
 * fast with one clear line naming the variable.
 */
export interface Config {
  discordToken: string | null;
  /** REST base including `/api`, e.g. `https://discord.com/api` or the local Discord's. */
  discordApiUrl: string | null;
  databaseUrl: string;
  logLevel: string;
  guildId: string | null;
  /** How this machine runs the bot's gateway shards (see `parseSharding`). */
  sharding: Sharding;
  /** `METRICS_PORT`: where `/healthz` and `/metrics` are served (0: any free port, logged); off when null. */
  metricsPort: number | null;
  /** `HISTORY_DAYS`: hand histories are kept this many days; all of them when null. */
  historyDays: number | null;
  /**
   * `FAIRNESS_URL`: a page that tells players how to check a deal themselves, linked
   * from each Verify panel; no link when null.
   */
  fairnessUrl: string | null;
  /**
   * `ACTIVITY_PORT` and `DISCORD_CLIENT_SECRET`: where the bot serves its tables as a
   * Discord Activity, and the OAuth2 client secret it exchanges players' codes with; off
   * (null) when `ACTIVITY_PORT` is unset.
   */
  activity: ActivityConfig | null;
}

export interface ActivityConfig {
  port: number;
  clientSecret: string;
  /** The operator's ACTIVITY_* limits (docs/OPERATING.md); the rest keep ACTIVITY_LIMITS' values. */
  limits?: Partial<ActivityLimits>;
}

/**
 * The three ways to run the bot, with discord.js's own names (docs/SCALING.md):
 * - `single`: no setting; one process, one gateway connection, as always.
 * - `manager`: `SHARD_COUNT=N|auto` (and optionally `SHARDS=2,3`): this process is a
 *   launcher running discord.js's `ShardingManager`, one child process per shard of
 *   `shards` (all of them when null), out of `count` in all.
 * - `shard`: a child the manager started (`SHARDING_MANAGER` set): it runs shard
 *   `shards` of `count`, as the manager put them in its environment.
 */
export type Sharding =
  | { mode: 'single' }
  | { mode: 'manager'; count: number | 'auto'; shards: number[] | null }
  | { mode: 'shard'; shards: number[]; count: number };

/** Discord caps a bot's shard count far below this; anything bigger is a typo. */
export const MAX_SHARD_COUNT = 10_000;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export const DEFAULT_DATABASE_URL = 'file:./data/guts.db';

function nonEmpty(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const discordApiUrl = nonEmpty(env, 'DISCORD_API_URL');
  if (discordApiUrl && !/^https?:\/\/[^\s]+$/.test(discordApiUrl)) {
    throw new ConfigError(`DISCORD_API_URL must be an http(s) URL, got "${discordApiUrl}"`);
  }
  const databaseUrl = nonEmpty(env, 'DATABASE_URL') ?? DEFAULT_DATABASE_URL;
  if (!/^(file:|postgres(ql)?:\/\/|:memory:$)/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with file: or postgres://, got "${databaseUrl}"`);
  }
  const logLevel = (nonEmpty(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const guildId = nonEmpty(env, 'GUILD_ID');
  if (guildId && !/^\d{15,21}$/.test(guildId)) {
    throw new ConfigError(`GUILD_ID must be a Discord server id (digits), got "${guildId}"`);
  }
  const metricsText = nonEmpty(env, 'METRICS_PORT');
  if (metricsText !== null && !(/^\d+$/.test(metricsText) && Number(metricsText) <= 65535)) {
    throw new ConfigError(`METRICS_PORT must be a port number from 0 (any free one) to 65535, got "${metricsText}"`);
  }
  const historyText = nonEmpty(env, 'HISTORY_DAYS');
  if (historyText !== null && !(/^\d+$/.test(historyText) && Number(historyText) >= 1)) {
    throw new ConfigError(`HISTORY_DAYS must be a whole number of days (1 or more), got "${historyText}"`);
  }
  const activity = parseActivity(env);
  const fairnessUrl = nonEmpty(env, 'FAIRNESS_URL');
  if (fairnessUrl && !/^https?:\/\/[^\s()<>]+$/.test(fairnessUrl)) {
    throw new ConfigError(`FAIRNESS_URL must be an http(s) URL, got "${fairnessUrl}"`);
  }
  const sharding = parseSharding(env);
  if (sharding.mode === 'manager' && /^(file:)?:memory:$/.test(databaseUrl)) {
    throw new ConfigError(
      'SHARD_COUNT needs a database the shard processes share: a file: or postgres:// URL, not :memory:',
    );
  }
  if (sharding.mode === 'manager' && sharding.shards && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      'SHARDS splits the bot across machines, which needs a shared Postgres: set DATABASE_URL=postgres://…',
    );
  }
  return {
    discordToken: nonEmpty(env, 'DISCORD_TOKEN'),
    discordApiUrl,
    databaseUrl,
    logLevel,
    guildId,
    sharding,
    metricsPort: metricsText === null ? null : Number(metricsText),
    historyDays: historyText === null ? null : Number(historyText),
    activity,
    fairnessUrl,
  };
}

/** The Activity's settings: both, or neither (a secret alone is harmless, and ignored). */
function parseActivity(env: NodeJS.ProcessEnv): ActivityConfig | null {
  const portText = nonEmpty(env, 'ACTIVITY_PORT');
  if (portText === null) return null;
  if (!(/^\d+$/.test(portText) && Number(portText) >= 1 && Number(portText) <= 65535)) {
    throw new ConfigError(`ACTIVITY_PORT must be a port number from 1 to 65535, got "${portText}"`);
  }
  const clientSecret = nonEmpty(env, 'DISCORD_CLIENT_SECRET');
  if (clientSecret === null) {
    throw new ConfigError(
      'ACTIVITY_PORT needs DISCORD_CLIENT_SECRET (Developer Portal, OAuth2, Client Secret) to know who plays',
    );
  }
  return { port: Number(portText), clientSecret, limits: parseActivityLimits(env) };
}

/** A CSP source an operator may add to `frame-ancestors`: an http(s) origin (wildcards allowed) or 'self'. */
const FRAME_ANCESTOR = /^(?:'self'|https?:\/\/[A-Za-z0-9*.-]+(?::(?:\d{1,5}|\*))?)$/;

/** The Activity's knobs an operator sets (ACTIVITY_*), each checked; unset ones are left out. */
function parseActivityLimits(env: NodeJS.ProcessEnv): Partial<ActivityLimits> {
  const limits: Partial<ActivityLimits> = {};
  const counts = {
    ACTIVITY_MAX_CONNECTIONS: 'maxConnections',
    ACTIVITY_SOCKETS_PER_USER: 'socketsPerUser',
    ACTIVITY_TICKETS_PER_USER: 'ticketsPerUser',
    ACTIVITY_DISCORD_IN_FLIGHT: 'discordInFlight',
    ACTIVITY_DISCORD_PER_SECOND: 'discordPerSecond',
  } as const;
  for (const [name, key] of Object.entries(counts)) {
    const text = nonEmpty(env, name);
    if (text === null) continue;
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000)
      throw new ConfigError(`${name} must be a whole number from 1 to 1000000, got "${text}"`);
    limits[key] = Number(text);
  }
  const proxies = nonEmpty(env, 'ACTIVITY_TRUSTED_PROXIES');
  if (proxies !== null) {
    const list = proxies.split(',').map((p) => p.trim());
    const bad = list.find((p) => isIP(p) === 0);
    if (bad !== undefined)
      throw new ConfigError(`ACTIVITY_TRUSTED_PROXIES must be IP addresses separated by commas, got "${bad}"`);
    limits.trustedProxies = list;
  }
  const ancestors = nonEmpty(env, 'ACTIVITY_FRAME_ANCESTORS');
  if (ancestors !== null) {
    const list = ancestors.split(/[\s,]+/).filter(Boolean);
    const bad = list.find((a) => !FRAME_ANCESTOR.test(a));
    if (bad !== undefined)
      throw new ConfigError(
        `ACTIVITY_FRAME_ANCESTORS must be origins like https://example.com or 'self', got "${bad}"`,
      );
    limits.frameAncestors = list;
  }
  return limits;
}

function shardCountOf(text: string, name: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_SHARD_COUNT) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${MAX_SHARD_COUNT} or "auto", got "${text}"`);
  }
  return Number(text);
}

/**
 * `SHARD_COUNT` and `SHARDS` (discord.js's names). In a child of the sharding manager
 * (`SHARDING_MANAGER` set) they name the one shard to run; otherwise `SHARD_COUNT`
 * asks for the launcher, and `SHARDS` (which needs a numeric `SHARD_COUNT`) limits it
 * to this machine's shards.
 */
export function parseSharding(env: NodeJS.ProcessEnv): Sharding {
  const countText = nonEmpty(env, 'SHARD_COUNT')?.toLowerCase() ?? null;
  const shardsText = nonEmpty(env, 'SHARDS');
  if (nonEmpty(env, 'SHARDING_MANAGER')) {
    // Set by discord.js's ShardingManager for its children: SHARDS is one id, SHARD_COUNT a number.
    if (countText === null || shardsText === null) {
      throw new ConfigError('SHARDING_MANAGER is set but SHARDS or SHARD_COUNT is missing');
    }
    const count = shardCountOf(countText, 'SHARD_COUNT');
    return { mode: 'shard', shards: shardListOf(shardsText, count), count };
  }
  if (countText === null) {
    if (shardsText !== null)
      throw new ConfigError(`SHARDS needs SHARD_COUNT (the bot's shards in all), got SHARDS="${shardsText}" alone`);
    return { mode: 'single' };
  }
  const count = countText === 'auto' ? 'auto' : shardCountOf(countText, 'SHARD_COUNT');
  if (shardsText === null) return { mode: 'manager', count, shards: null };
  if (count === 'auto') {
    throw new ConfigError('SHARDS needs a fixed SHARD_COUNT (a number, not "auto"): every machine must agree on it');
  }
  return { mode: 'manager', count, shards: shardListOf(shardsText, count) };
}

function shardListOf(text: string, count: number): number[] {
  const parts = text.split(',').map((p) => p.trim());
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part))
      throw new ConfigError(`SHARDS must be shard ids separated by commas (like 2,3), got "${text}"`);
    const id = Number(part);
    if (id >= count)
      throw new ConfigError(`SHARDS has shard ${id}, but SHARD_COUNT=${count} numbers shards 0 to ${count - 1}`);
    if (ids.includes(id)) throw new ConfigError(`SHARDS names shard ${id} twice, in "${text}"`);
    ids.push(id);
  }
  return ids;
}
