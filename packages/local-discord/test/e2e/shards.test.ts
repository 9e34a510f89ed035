import { GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiscord } from '../../src/index.ts';
import { connect } from '../raw-gateway.ts';

const intents = GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages;
const shardOf = (id: string, count: number) => Number((BigInt(id) >> 22n) % BigInt(count));

describe('shards', () => {
  let discord: LocalDiscord;
  afterEach(async () => {
    await discord.stop();
  });

  async function identify(gatewayUrl: string, shard: [number, number]) {
    const gw = await connect(gatewayUrl);
    gw.send({ op: 2, d: { token: discord.bot.token, intents, shard, properties: {} } });
    return gw;
  }

  const guildCreates = (gw: Awaited<ReturnType<typeof connect>>) =>
    gw.received.filter((p) => p.t === 'GUILD_CREATE').map((p) => (p.d as { id: string }).id);

  it('GET /gateway/bot recommends the configured shard count with a session start limit', async () => {
    discord = new LocalDiscord({ shards: 3 });
    const { restBase, gatewayUrl } = await discord.start();
    const response = await fetch(`${restBase}/v10/gateway/bot`, {
      headers: { Authorization: `Bot ${discord.bot.token}` },
    });
    expect(await response.json()).toMatchObject({
      url: gatewayUrl,
      shards: 3,
      session_start_limit: { total: 1000, remaining: 1000, max_concurrency: 1 },
    });
  });

  it('mints guild ids on the asked shard', () => {
    discord = new LocalDiscord();
    const ids = [0, 1, 2, 2, 1, 0, 2].map((shard, i) => discord.createGuild({ name: `g${i}`, shard: [shard, 3] }).id);
    expect(ids.map((id) => shardOf(id, 3))).toEqual([0, 1, 2, 2, 1, 0, 2]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(() => discord.createGuild({ name: 'nowhere', shard: [3, 3] })).toThrow(RangeError);
  });

  it('refuses a shard id out of range with 4010', async () => {
    discord = new LocalDiscord({ shards: 2 });
    const { gatewayUrl } = await discord.start();
    const gw = await identify(gatewayUrl, [2, 2]);
    await expect.poll(() => gw.closeCode()).toBe(4010);
  });

  it("sends each guild's GUILD_CREATE and events only to the connection of the shard that owns it", async () => {
    discord = new LocalDiscord({ shards: 2 });
    const { gatewayUrl, restBase } = await discord.start();
    const early = [
      discord.createGuild({ name: 'a', shard: [0, 2] }),
      discord.createGuild({ name: 'b', shard: [1, 2] }),
    ];
    const shard0 = await identify(gatewayUrl, [0, 2]);
    const shard1 = await identify(gatewayUrl, [1, 2]);
    await expect.poll(() => [guildCreates(shard0), guildCreates(shard1)]).toEqual([[early[0]?.id], [early[1]?.id]]);
    const late = discord.createGuild({ name: 'c', shard: [1, 2] });
    await expect.poll(() => guildCreates(shard1)).toEqual([early[1]?.id, late.id]);
    const channel = discord.createChannel(late, { name: 'poker' });
    await fetch(`${restBase}/v10/channels/${channel.id}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bot ${discord.bot.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'on shard 1' }),
    });
    await expect.poll(() => shard1.received.some((p) => p.t === 'MESSAGE_CREATE')).toBe(true);
    expect(guildCreates(shard0)).toEqual([early[0]?.id]);
    expect(shard0.received.some((p) => p.t === 'MESSAGE_CREATE' || p.t === 'CHANNEL_CREATE')).toBe(false);
    shard0.socket.close(1000);
    shard1.socket.close(1000);
  });
});
