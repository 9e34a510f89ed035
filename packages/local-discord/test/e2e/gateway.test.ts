import { Client, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { AdjustableClock, LocalDiscord } from '../../src/index.ts';
import { connect } from '../raw-gateway.ts';

describe('gateway', () => {
  let discord: LocalDiscord;
  afterEach(async () => {
    await discord.stop();
  });

  it('says HELLO, acks heartbeats, and answers IDENTIFY with READY then one GUILD_CREATE per guild of the shard', async () => {
    const clock = new AdjustableClock();
    discord = new LocalDiscord({ heartbeatIntervalMs: 5000, clock });
    const { gatewayUrl } = await discord.start();
    // Guild ids carry their creation millisecond, which picks the shard: spread them over both.
    const guilds = [];
    const shardOf = (id: string) => Number((BigInt(id) >> 22n) % 2n);
    while (guilds.length < 6 || new Set(guilds.map((g) => shardOf(g.id))).size < 2) {
      guilds.push(discord.createGuild({ name: `g${guilds.length}` }));
      clock.advance(1);
    }
    const gw = await connect(gatewayUrl);
    gw.send({ op: 1, d: null });
    gw.send({
      op: 2,
      d: { token: discord.bot.token, intents: GatewayIntentBits.Guilds, shard: [1, 2], properties: {} },
    });
    await expect.poll(() => gw.received.filter((p) => p.t === 'GUILD_CREATE').length).toBeGreaterThan(0);
    expect(gw.received[0]).toMatchObject({ op: 10, d: { heartbeat_interval: 5000 } });
    expect(gw.received[1]).toMatchObject({ op: 11 });
    const ready = gw.received[2];
    expect(ready).toMatchObject({
      op: 0,
      t: 'READY',
      s: 1,
      d: { v: 10, shard: [1, 2], resume_gateway_url: gatewayUrl },
    });
    const onShard = guilds.filter((g) => shardOf(g.id) === 1).map((g) => g.id);
    await expect.poll(() => gw.received.filter((p) => p.t === 'GUILD_CREATE').length).toBe(onShard.length);
    const created = gw.received.filter((p) => p.t === 'GUILD_CREATE').map((p) => (p.d as { id: string }).id);
    expect(created.sort()).toEqual(onShard.sort());
    expect(gw.received.slice(2).map((p) => p.s)).toEqual(gw.received.slice(2).map((_, i) => i + 1));
    gw.socket.close();
  });

  it('closes with 4004 on a bad token and 4003 before identifying', async () => {
    discord = new LocalDiscord();
    const { gatewayUrl } = await discord.start();
    const bad = await connect(gatewayUrl);
    bad.send({ op: 2, d: { token: 'wrong', intents: 1, properties: {} } });
    await expect.poll(() => bad.closeCode()).toBe(4004);
    const early = await connect(gatewayUrl);
    early.send({ op: 3, d: {} });
    await expect.poll(() => early.closeCode()).toBe(4003);
  });

  it('answers a RESUME of an unknown session with INVALID_SESSION', async () => {
    discord = new LocalDiscord();
    const { gatewayUrl } = await discord.start();
    const gw = await connect(gatewayUrl);
    gw.send({ op: 6, d: { token: discord.bot.token, session_id: 'nope', seq: 3 } });
    await expect.poll(() => gw.received.find((p) => p.op === 9)).toEqual({ op: 9, d: false });
    gw.socket.close();
  });

  it('makes discord.js login fail on a wrong token', async () => {
    discord = new LocalDiscord();
    const { restBase } = await discord.start();
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: restBase } });
    await expect(client.login('not-the-token')).rejects.toThrow(/token/i);
    await client.destroy();
  });

  it('closes with 4014 on a privileged intent the application was not granted', async () => {
    discord = new LocalDiscord();
    const { gatewayUrl } = await discord.start();
    const members = await connect(gatewayUrl);
    members.send({ op: 2, d: { token: discord.bot.token, intents: 1 | (1 << 1), properties: {} } });
    await expect.poll(() => members.closeCode()).toBe(4014);
    const content = await connect(gatewayUrl);
    content.send({ op: 2, d: { token: discord.bot.token, intents: 1 | (1 << 15), properties: {} } });
    await expect.poll(() => content.closeCode()).toBe(4014);
  });

  it("sends a channel's overwrites and @everyone's permissions as they change, and only with the Guilds intent", async () => {
    discord = new LocalDiscord();
    const { gatewayUrl } = await discord.start();
    const guild = discord.createGuild({ name: 'g' });
    const channel = discord.createChannel(guild, { name: 'poker' });
    const identify = async (intents: number) => {
      const gw = await connect(gatewayUrl);
      gw.send({ op: 2, d: { token: discord.bot.token, intents, properties: {} } });
      await expect.poll(() => gw.received.find((p) => p.t === 'READY')).toBeDefined();
      return gw;
    };
    // The newest session of a shard gets its events: the one without the intent first.
    const without = await identify(GatewayIntentBits.GuildMessages);
    discord.setPermissions(channel, discord.bot.user, { deny: ['EmbedLinks'] });
    discord.setServerPermissions(guild, { deny: ['AddReactions'] });
    await new Promise((r) => setTimeout(r, 300));
    expect(without.received.filter((p) => p.t === 'CHANNEL_UPDATE' || p.t === 'GUILD_ROLE_UPDATE')).toEqual([]);
    const withGuilds = await identify(GatewayIntentBits.Guilds);
    discord.setPermissions(channel, discord.bot.user, { deny: ['SendMessages'] });
    discord.setServerPermissions(guild, { deny: ['AttachFiles'] });
    await expect.poll(() => withGuilds.received.find((p) => p.t === 'GUILD_ROLE_UPDATE')).toBeDefined();
    const update = withGuilds.received.find((p) => p.t === 'CHANNEL_UPDATE')?.d as {
      permission_overwrites: { id: string; type: number; allow: string; deny: string }[];
    };
    expect(update.permission_overwrites).toEqual([
      { id: discord.bot.user.id, type: 1, allow: '0', deny: String(1n << 11n) },
    ]);
    const role = withGuilds.received.find((p) => p.t === 'GUILD_ROLE_UPDATE')?.d as {
      guild_id: string;
      role: { id: string; permissions: string };
    };
    expect(role.guild_id).toBe(guild.id);
    expect(role.role.id).toBe(guild.id); // @everyone has the guild's id
    const everyone = BigInt(role.role.permissions);
    expect([everyone & (1n << 15n), everyone & (1n << 6n), everyone & (1n << 11n)]).toEqual([0n, 0n, 1n << 11n]);
    withGuilds.socket.close();
    without.socket.close();
  });

  it("carries a server's roles in GUILD_CREATE and announces a new one with GUILD_ROLE_CREATE", async () => {
    discord = new LocalDiscord();
    const { gatewayUrl } = await discord.start();
    const guild = discord.createGuild({ name: 'g' });
    const mods = discord.createRole(guild, { name: 'mods', allow: ['ManageGuild'] });
    const gw = await connect(gatewayUrl);
    gw.send({ op: 2, d: { token: discord.bot.token, intents: GatewayIntentBits.Guilds, properties: {} } });
    await expect.poll(() => gw.received.find((p) => p.t === 'GUILD_CREATE')).toBeDefined();
    const created = gw.received.find((p) => p.t === 'GUILD_CREATE')?.d as {
      roles: { id: string; name: string; position: number; permissions: string }[];
    };
    expect(created.roles.map((r) => [r.name, r.position])).toEqual([
      ['@everyone', 0],
      ['mods', 1],
    ]);
    expect(created.roles[1]).toMatchObject({ id: mods.id, permissions: String(1n << 5n) });
    const dj = discord.createRole(guild, { name: 'dj' });
    await expect.poll(() => gw.received.find((p) => p.t === 'GUILD_ROLE_CREATE')).toBeDefined();
    expect(gw.received.find((p) => p.t === 'GUILD_ROLE_CREATE')?.d).toMatchObject({
      guild_id: guild.id,
      role: { id: dj.id, name: 'dj', position: 2, permissions: '0' },
    });
    gw.socket.close();
  });

  it('lets a granted privileged intent through', async () => {
    discord = new LocalDiscord({ privilegedIntents: 1 << 1 });
    const { gatewayUrl } = await discord.start();
    const gw = await connect(gatewayUrl);
    gw.send({ op: 2, d: { token: discord.bot.token, intents: 1 | (1 << 1), properties: {} } });
    await expect.poll(() => gw.received.find((p) => p.t === 'READY')).toBeDefined();
    gw.socket.close();
  });
});
