import { LocalDiscord, noRateLimits } from '@guts/local-discord';
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { proxySettings } from '../../../src/cli/commands/rest-proxy.ts';
import { ConfigError } from '../../../src/config.ts';
import { type RestProxy, startRestProxy } from '../../../src/shards/rest-proxy.ts';

describe('guts rest-proxy options', () => {
  it('listens on 8080 of every interface by default and goes on to DISCORD_API_URL', () => {
    expect(proxySettings({}, {})).toEqual({ port: 8080, host: '0.0.0.0', upstream: null });
    expect(proxySettings({ port: '9000', host: '127.0.0.1' }, { DISCORD_API_URL: 'http://127.0.0.1:1/api' })).toEqual({
      port: 9000,
      host: '127.0.0.1',
      upstream: 'http://127.0.0.1:1/api',
    });
    expect(proxySettings({}, { REST_PROXY_PORT: '8081' }).port).toBe(8081);
    expect(proxySettings({ port: '9001' }, { REST_PROXY_PORT: '8081' }).port).toBe(9001);
  });

  it.each([[{ port: 'x' }], [{ port: '70000' }]])('refuses %j', (given) => {
    expect(() => proxySettings(given, {})).toThrow(ConfigError);
  });
});

describe('the REST proxy', () => {
  let discord: LocalDiscord;
  let proxy: RestProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await discord.stop();
  });

  it("passes every process's requests on to Discord, the token as given", async () => {
    discord = new LocalDiscord({ rateLimits: noRateLimits });
    const { restBase } = await discord.start();
    proxy = await startRestProxy({ port: 0, host: '127.0.0.1', upstream: restBase });
    const guild = discord.createGuild({ name: 'g' });
    const channel = discord.createChannel(guild, { name: 'poker' });
    const rest = new REST({ api: proxy.url }).setToken(discord.bot.token);
    expect(await rest.get(Routes.user('@me'))).toMatchObject({ id: discord.bot.user.id });
    await rest.post(Routes.channelMessages(channel.id), { body: { content: 'through the proxy' } });
    expect(discord.channelMessages(channel).map((m) => m.content)).toContain('through the proxy');
    // A wrong token is Discord's to refuse, as without the proxy.
    const stranger = new REST({ api: proxy.url, retries: 0 }).setToken('not-the-token');
    await expect(stranger.get(Routes.user('@me'))).rejects.toMatchObject({ status: 401 });
  });

  it('holds every process to one global budget', async () => {
    discord = new LocalDiscord({ rateLimits: noRateLimits });
    const { restBase } = await discord.start();
    proxy = await startRestProxy({ port: 0, host: '127.0.0.1', upstream: restBase, globalRequestsPerSecond: 10 });
    const guild = discord.createGuild({ name: 'g' });
    const channel = discord.createChannel(guild, { name: 'poker' });
    // Two processes, each allowing itself 10 a second: 20 a second in all without the proxy.
    const processes = [0, 1].map(() =>
      new REST({ api: proxy?.url ?? '', globalRequestsPerSecond: 10 }).setToken(discord.bot.token),
    );
    discord.resetRequestCounts();
    const started = Date.now();
    await Promise.all(
      processes.flatMap((rest, p) =>
        Array.from({ length: 10 }, (_, i) =>
          rest.post(Routes.channelMessages(channel.id), { body: { content: `${p}-${i}` } }),
        ),
      ),
    );
    // All 20 arrive, but at 10 a second: not within the first second.
    expect(discord.channelMessages(channel)).toHaveLength(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  }, 30_000);
});
