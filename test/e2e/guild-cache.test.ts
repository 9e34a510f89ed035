import type { Client } from 'discord.js';
import { describe, expect } from 'vitest';
import { test } from './fixture.ts';
import type { World } from './world.ts';

/**
 * The bot keeps the channels and roles of the servers where a table runs, and no
 * other server's (guild-cache.ts: memory grows with tables, not with servers), yet
 * still hears an admin take its permissions away at a table's server.
 */
describe("the servers' channels and roles the bot keeps", () => {
  /** Servers of 5 channels and 3 roles the bot is in, without a table; once discord.js has them. */
  async function moreServers(w: World, count: number): Promise<{ id: string; channelIds: string[] }[]> {
    const servers = Array.from({ length: count }, (_, s) => {
      const guild = w.discord.createGuild({ name: `server ${s}` });
      const channelIds = Array.from({ length: 5 }, (_, c) => w.discord.createChannel(guild, { name: `c${c}` }).id);
      for (let r = 0; r < 3; r++) w.discord.createRole(guild, { name: `role ${r}` });
      return { id: guild.id, channelIds };
    });
    await eventually(() => servers.every((s) => w.bot.client.guilds.cache.has(s.id)), 'the bot got the servers');
    return servers;
  }

  async function eventually(done: () => boolean, what: string): Promise<void> {
    const end = Date.now() + 10_000;
    while (!done()) {
      if (Date.now() > end) throw new Error(`not so after 10 s: ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** What discord.js holds of a server: its channels (in both caches), roles and the bot's member. */
  function held(client: Client, guildId: string, channelIds: string[]) {
    const guild = client.guilds.cache.get(guildId);
    return {
      channels: guild?.channels.cache.size,
      clientChannels: channelIds.filter((id) => client.channels.cache.has(id)).length,
      roles: guild?.roles.cache.size,
      me: Boolean(guild?.members.me),
    };
  }
  const nothing = { channels: 0, clientChannels: 0, roles: 0, me: false };

  test('holds no channels or roles of a server without a running table; a table brings its server in, its end lets it go', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob'] });
    const w = world;
    const servers = await moreServers(w, 20);
    const client = w.bot.client;
    for (const s of servers) expect(held(client, s.id, s.channelIds)).toEqual(nothing);
    expect(held(client, w.guild.id, [w.channel.id])).toEqual(nothing);

    await w.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    await w.bot.idle();
    // @everyone: the only role of the home server. The server's load starts with the table
    // and is not a step idle() waits for.
    const home = { channels: 1, clientChannels: 1, roles: 1, me: true };
    await eventually(
      () => JSON.stringify(held(client, w.guild.id, [w.channel.id])) === JSON.stringify(home),
      'home loaded',
    );
    expect(held(client, w.guild.id, [w.channel.id])).toEqual(home);
    for (const s of servers) expect(held(client, s.id, s.channelIds)).toEqual(nothing);

    await w.reply('ann', 'guts', { subcommand: 'stop' });
    await w.bot.idle();
    expect((await w.tableRecord()).running).toBe(false);
    expect(held(client, w.guild.id, [w.channel.id])).toEqual(nothing);
  });

  const takeAway = {
    "in the channel's settings": (w: World) =>
      w.discord.setPermissions(w.channel, w.discord.bot.user, { deny: ['SendMessages'] }),
    "in the server's @everyone role": (w: World) => w.discord.setServerPermissions(w.guild, { deny: ['SendMessages'] }),
  };
  test.for(Object.entries(takeAway))(
    'in one of many servers, pauses the table when an admin takes Send Messages away %s',
    async ([_where, takeSendMessages], { startWorld }) => {
      const w = await startWorld({ players: ['ann', 'bob'], pauseMs: 60_000 });
      await moreServers(w, 20);
      const lobby = await w.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
      await w.press('bob', lobby, 'Join').response();
      await w.press('ann', lobby, 'Deal').acknowledged();
      await w.waitForTitle(/: deal 1$/);
      await w.bot.idle();
      const { id } = await w.tableRecord();
      expect(w.bot.tables.isPaused(id)).toBe(false);
      takeSendMessages(w);
      await eventually(() => w.bot.tables.isPaused(id), 'the table paused');
      const told = await w.waitFor((m) => /can't post in this channel any more/.test(m.content ?? ''), 'bob');
      expect(told.flags ?? 0).toBe(64);
      expect(w.discord.invalidRequests()).toBe(0);
    },
  );

  test('after a restart, loads the server of a resumed table and pauses it when Send Messages is taken away', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob'], pauseMs: 60_000 });
    const w = world;
    const lobby = await w.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    await w.press('bob', lobby, 'Join').response();
    await w.press('ann', lobby, 'Deal').acknowledged();
    const table = await w.waitForTitle(/: deal 1$/);
    await w.press('ann', table, 'Stay').response(); // a press of each: their tokens tell them
    await w.press('bob', table, 'Stay').response();
    await w.crashBot();
    await w.startBot();
    const servers = await moreServers(w, 5);
    const client = w.bot.client;
    await eventually(() => client.channels.cache.has(w.channel.id), "the resumed table's server loaded");
    for (const s of servers) expect(held(client, s.id, s.channelIds)).toEqual(nothing);
    const { id } = await w.tableRecord();
    expect(w.bot.tables.isPaused(id)).toBe(false);
    w.discord.setServerPermissions(w.guild, { deny: ['SendMessages'] });
    await eventually(() => w.bot.tables.isPaused(id), 'the resumed table paused');
    expect(w.discord.invalidRequests()).toBe(0);
  });
});
