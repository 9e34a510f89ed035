import { LocalDiscord } from '@guts/local-discord';
import { REST } from 'discord.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { restActivityDiscord } from '../../../src/activity/discord-api.ts';
import { type ActivityServer, startActivityServer } from '../../../src/activity/http-server.ts';
import type { ActivityIdentity } from '../../../src/activity/identity.ts';

/**
 * Two shard processes' Activity servers (SCALING.md): one public address whose proxy
 * sends `/s/{shard}/…` to that shard and the rest anywhere. A session made by one shard
 * is good on the other; a ticket names the shard that owns the channel's table, by
 * guild (DMs and group DMs: shard 0), and only that shard opens its socket.
 */
describe('the Activity with two shards', () => {
  const discord = new LocalDiscord();
  const servers: ActivityServer[] = [];
  const attached: ActivityIdentity[][] = [[], []];

  beforeAll(async () => {
    const { restBase } = await discord.start();
    const rest = new REST({ api: restBase }).setToken(discord.bot.token);
    for (const id of [0, 1]) {
      servers.push(
        await startActivityServer({
          port: 0,
          host: '127.0.0.1',
          clientSecret: discord.clientSecret,
          discord: restActivityDiscord(rest, () => discord.bot.user.id, discord.clientSecret),
          hub: {
            attach: (socket, who) => {
              attached[id]?.push(who);
              socket.close();
            },
          },
          log: pino({ level: 'silent' }),
          shard: { id, count: 2 },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await discord.stop();
  });

  const address = (shard: number) => `127.0.0.1:${servers[shard]?.port}`;
  const post = async (shard: number, path: string, body: unknown, session?: string) => {
    const response = await fetch(`http://${address(shard)}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(session ? { Authorization: `Bearer ${session}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  const open = (shard: number, path: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://${address(shard)}${path}`);
      ws.once('open', () => {
        resolve(101);
        ws.close();
      });
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });

  it("routes a server's socket to its guild's shard, whichever shard issued the ticket", async () => {
    const guild = discord.createGuild({ name: 'on shard one', shard: [1, 2] });
    const channel = discord.createChannel(guild, { name: 'poker' });
    const ann = discord.createUser({ name: 'ann', guilds: [guild] });
    const session = (await post(0, '/api/session', { code: discord.authorizeActivity(ann) })).body.session ?? '';
    const instance = discord.launchActivity(ann, channel);
    const issued = await post(0, '/api/ticket', { instanceId: instance.instanceId, channelId: channel.id }, session);
    expect(issued.status).toBe(200);
    const socket = issued.body.socket ?? '';
    expect(socket).toMatch(/^\/s\/1\/ws\?ticket=/);
    // Shard 0 neither owns the prefix nor the ticket: refused, nothing handed over.
    expect(await open(0, socket)).toBe(403);
    expect(await open(0, socket.replace('/s/1', ''))).toBe(403);
    expect(await open(1, socket)).toBe(101);
    await expect.poll(() => attached[1]?.map((who) => who.guildId)).toEqual([guild.id]);
    expect(attached[0]).toEqual([]);
  });

  it('routes a group DM to shard 0, where its table is kept', async () => {
    const ann = discord.createUser({ name: 'dee' });
    const bob = discord.createUser({ name: 'eve' });
    const group = discord.createGroupDm(ann, [bob], { name: 'friends' });
    const session = (await post(1, '/api/session', { code: discord.authorizeActivity(bob) })).body.session ?? '';
    const instance = discord.launchActivity(bob, group);
    const issued = await post(1, '/api/ticket', { instanceId: instance.instanceId, channelId: group.id }, session);
    expect(issued.body.socket).toMatch(/^\/s\/0\/ws\?ticket=/);
    expect(await open(1, issued.body.socket ?? '')).toBe(403);
    expect(await open(0, issued.body.socket ?? '')).toBe(101);
    await expect.poll(() => attached[0]?.map((who) => [who.channelId, who.guildId])).toEqual([[group.id, null]]);
  });
});
