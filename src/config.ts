/**
 * Configuration from the environment (DESIGN.md "Configuration"). Bad values fail
 * fast with one clear line naming the variable.
 */
export interface Config {
  discordToken: string | null;
  /** REST base including `/api`, e.g. `https://discord.com/api` or the local Discord's. */
  discordApiUrl: string | null;
  databaseUrl: string;
  logLevel: string;
  guildId: string | null;
}

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
  return { discordToken: nonEmpty(env, 'DISCORD_TOKEN'), discordApiUrl, databaseUrl, logLevel, guildId };
}
