import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATABASE_URL, loadConfig, parseSharding } from '../../src/config.ts';

describe('configuration from the environment', () => {
  it('uses defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      discordToken: null,
      discordApiUrl: null,
      databaseUrl: DEFAULT_DATABASE_URL,
      logLevel: 'info',
      guildId: null,
      sharding: { mode: 'single' },
      metricsPort: null,
      historyDays: null,
      activity: null,
      fairnessUrl: null,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      DISCORD_TOKEN: ' abc ',
      DISCORD_API_URL: 'http://127.0.0.1:9999/api',
      DATABASE_URL: 'postgres://u:p@localhost:5432/guts',
      LOG_LEVEL: 'DEBUG',
      GUILD_ID: '123456789012345678',
      METRICS_PORT: '9464',
      HISTORY_DAYS: '30',
      ACTIVITY_PORT: '8090',
      DISCORD_CLIENT_SECRET: ' s3cret ',
      FAIRNESS_URL: 'https://example.com/fair',
    });
    expect(c).toEqual({
      discordToken: 'abc',
      discordApiUrl: 'http://127.0.0.1:9999/api',
      databaseUrl: 'postgres://u:p@localhost:5432/guts',
      logLevel: 'debug',
      guildId: '123456789012345678',
      sharding: { mode: 'single' },
      metricsPort: 9464,
      historyDays: 30,
      activity: { port: 8090, clientSecret: 's3cret', limits: {} },
      fairnessUrl: 'https://example.com/fair',
    });
  });

  it("reads the Activity's limits an operator sets", () => {
    const c = loadConfig({
      ACTIVITY_PORT: '8090',
      DISCORD_CLIENT_SECRET: 's',
      ACTIVITY_TRUSTED_PROXIES: '127.0.0.1, ::1',
      ACTIVITY_FRAME_ANCESTORS: "'self' http://127.0.0.1:*",
      ACTIVITY_MAX_CONNECTIONS: '500',
      ACTIVITY_SOCKETS_PER_USER: '3',
      ACTIVITY_TICKETS_PER_USER: '5',
      ACTIVITY_DISCORD_IN_FLIGHT: '16',
    });
    expect(c.activity?.limits).toEqual({
      trustedProxies: ['127.0.0.1', '::1'],
      frameAncestors: ["'self'", 'http://127.0.0.1:*'],
      maxConnections: 500,
      socketsPerUser: 3,
      ticketsPerUser: 5,
      discordInFlight: 16,
    });
  });

  it('takes METRICS_PORT=0 as any free port (the bot logs the one it got)', () => {
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it.each([
    [{ DISCORD_API_URL: 'not a url' }, 'DISCORD_API_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ GUILD_ID: 'my-server' }, 'GUILD_ID'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ METRICS_PORT: 'http' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '-1' }, 'METRICS_PORT'],
    [{ HISTORY_DAYS: '0' }, 'HISTORY_DAYS'],
    [{ HISTORY_DAYS: '1.5' }, 'HISTORY_DAYS'],
    [{ ACTIVITY_PORT: '0', DISCORD_CLIENT_SECRET: 's' }, 'ACTIVITY_PORT'],
    [{ ACTIVITY_PORT: '8090' }, 'DISCORD_CLIENT_SECRET'],
    [{ FAIRNESS_URL: 'docs/FAIRNESS.md' }, 'FAIRNESS_URL'],
    [{ ACTIVITY_PORT: '1', DISCORD_CLIENT_SECRET: 's', ACTIVITY_TRUSTED_PROXIES: 'proxy' }, 'ACTIVITY_TRUSTED_PROXIES'],
    [
      { ACTIVITY_PORT: '1', DISCORD_CLIENT_SECRET: 's', ACTIVITY_FRAME_ANCESTORS: '*; script-src *' },
      'ACTIVITY_FRAME_ANCESTORS',
    ],
    [{ ACTIVITY_PORT: '1', DISCORD_CLIENT_SECRET: 's', ACTIVITY_SOCKETS_PER_USER: '0' }, 'ACTIVITY_SOCKETS_PER_USER'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('sharding settings (SHARD_COUNT, SHARDS)', () => {
  const pg = { DATABASE_URL: 'postgres://u:p@db:5432/guts' };

  it('runs one process when nothing is set', () => {
    expect(parseSharding({})).toEqual({ mode: 'single' });
    expect(parseSharding({ SHARD_COUNT: '  ' })).toEqual({ mode: 'single' });
  });

  it('runs the manager for SHARD_COUNT=N or auto', () => {
    expect(parseSharding({ SHARD_COUNT: '4' })).toEqual({ mode: 'manager', count: 4, shards: null });
    expect(parseSharding({ SHARD_COUNT: 'AUTO' })).toEqual({ mode: 'manager', count: 'auto', shards: null });
    expect(loadConfig({ SHARD_COUNT: '2' }).sharding).toEqual({ mode: 'manager', count: 2, shards: null });
  });

  it("runs only this machine's shards for SHARDS with SHARD_COUNT", () => {
    expect(parseSharding({ SHARD_COUNT: '4', SHARDS: '2, 3' })).toEqual({ mode: 'manager', count: 4, shards: [2, 3] });
    expect(loadConfig({ ...pg, SHARD_COUNT: '4', SHARDS: '0' }).sharding).toEqual({
      mode: 'manager',
      count: 4,
      shards: [0],
    });
  });

  it("runs the manager's one shard in a child process", () => {
    expect(parseSharding({ SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '2' })).toEqual({
      mode: 'shard',
      shards: [1],
      count: 2,
    });
    // A child is not refused for SQLite: the machine-split check is the manager's.
    expect(loadConfig({ SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '4' }).sharding.mode).toBe('shard');
  });

  it.each([
    [{ SHARD_COUNT: '0' }, /^SHARD_COUNT must be a whole number from 1 to 10000 or "auto", got "0"$/],
    [{ SHARD_COUNT: 'two' }, /SHARD_COUNT must be .* got "two"/],
    [{ SHARD_COUNT: '1.5' }, /SHARD_COUNT must be/],
    [{ SHARD_COUNT: '-1' }, /SHARD_COUNT must be/],
    [{ SHARD_COUNT: '99999' }, /SHARD_COUNT must be/],
    [{ SHARDS: '1' }, /^SHARDS needs SHARD_COUNT/],
    [{ SHARD_COUNT: 'auto', SHARDS: '1' }, /^SHARDS needs a fixed SHARD_COUNT/],
    [{ SHARD_COUNT: '4', SHARDS: '4' }, /^SHARDS has shard 4, but SHARD_COUNT=4 numbers shards 0 to 3$/],
    [{ SHARD_COUNT: '4', SHARDS: '1,1' }, /^SHARDS names shard 1 twice/],
    [{ SHARD_COUNT: '4', SHARDS: '1;2' }, /^SHARDS must be shard ids separated by commas/],
    [{ SHARD_COUNT: '4', SHARDS: '1,' }, /^SHARDS must be shard ids/],
    [{ SHARDING_MANAGER: 'true', SHARD_COUNT: '2' }, /SHARDS or SHARD_COUNT is missing/],
  ])('refuses %j with one line', (env, message) => {
    expect(() => parseSharding(env)).toThrow(ConfigError);
    expect(() => parseSharding(env)).toThrow(message);
  });

  it('refuses SHARDS (a split across machines) on SQLite: Postgres is required', () => {
    expect(() => loadConfig({ SHARD_COUNT: '4', SHARDS: '2,3' })).toThrow(
      /^SHARDS splits the bot across machines, which needs a shared Postgres: set DATABASE_URL=postgres:\/\/…$/,
    );
    expect(() => loadConfig({ SHARD_COUNT: '4', SHARDS: '2,3', DATABASE_URL: 'file:/data/guts.db' })).toThrow(
      ConfigError,
    );
  });

  it('refuses SHARD_COUNT on an in-memory database the processes could not share', () => {
    expect(() => loadConfig({ SHARD_COUNT: '2', DATABASE_URL: ':memory:' })).toThrow(/^SHARD_COUNT needs a database/);
  });

  it('`guts start` exits 2 with one line on a bad value', () => {
    const run = spawnSync(process.execPath, ['bin/guts.js', 'start'], {
      env: { ...process.env, SHARD_COUNT: 'lots', DISCORD_TOKEN: 'x' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('guts: SHARD_COUNT must be a whole number from 1 to 10000 or "auto", got "lots"\n');
  });

  it('`guts start` without DISCORD_TOKEN says how to set it and exits 2 (`npm start` opens the playground)', () => {
    const { DISCORD_TOKEN: _, ...env } = process.env;
    const run = spawnSync(process.execPath, ['bin/guts.js', 'start'], { env, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^guts: set DISCORD_TOKEN to your bot's token \(.*\)\n$/);
  });
});
