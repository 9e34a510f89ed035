import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATABASE_URL, loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('uses defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      discordToken: null,
      discordApiUrl: null,
      databaseUrl: DEFAULT_DATABASE_URL,
      logLevel: 'info',
      guildId: null,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      DISCORD_TOKEN: ' abc ',
      DISCORD_API_URL: 'http://127.0.0.1:9999/api',
      DATABASE_URL: 'postgres://u:p@localhost:5432/guts',
      LOG_LEVEL: 'DEBUG',
      GUILD_ID: '123456789012345678',
    });
    expect(c).toEqual({
      discordToken: 'abc',
      discordApiUrl: 'http://127.0.0.1:9999/api',
      databaseUrl: 'postgres://u:p@localhost:5432/guts',
      logLevel: 'debug',
      guildId: '123456789012345678',
    });
  });

  it.each([
    [{ DISCORD_API_URL: 'not a url' }, 'DISCORD_API_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ GUILD_ID: 'my-server' }, 'GUILD_ID'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
