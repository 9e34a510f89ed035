import { DiscordAPIError } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../harness.ts';

/** What a bot reads of a server over REST, beside the gateway: its channels, roles and own member. */
describe('guild routes of the local Discord', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => (err instanceof DiscordAPIError ? err.code : err),
    );

  it("lists a server's channels (not its threads) and its roles with @everyone, as Discord's spec shapes them", async () => {
    const guild = h.discord.createGuild({ name: 'club' });
    const general = h.discord.createChannel(guild, { name: 'general' });
    h.discord.createThread(general, { name: 'side game' });
    h.discord.createRole(guild, { name: 'dealers', allow: ['ManageMessages'] });
    const rest = h.client.rest;
    const channels = (await rest.get(`/guilds/${guild.id}/channels`)) as { id: string; name: string }[];
    expect(channels.map((c) => c.name)).toEqual(['general']);
    const roles = (await rest.get(`/guilds/${guild.id}/roles`)) as { id: string; name: string; permissions: string }[];
    expect(roles.map((r) => r.name)).toEqual(['@everyone', 'dealers']);
    expect(roles[0]?.id).toBe(guild.id);
    expect(roles[1]?.permissions).toBe(String(1n << 13n));
    const me = (await rest.get(`/guilds/${guild.id}/members/${h.discord.bot.user.id}`)) as { user: { id: string } };
    expect(me.user.id).toBe(h.discord.bot.user.id);
  });

  it('feeds discord.js fetches of channels, roles and the bot member', async () => {
    const guild = h.client.guilds.cache.get(h.guild.id);
    expect((await guild?.channels.fetch())?.map((c) => c?.id)).toEqual([h.channel.id]);
    expect((await guild?.roles.fetch())?.has(h.guild.id)).toBe(true);
    expect((await guild?.members.fetchMe({ force: true }))?.id).toBe(h.discord.bot.user.id);
  });

  it('answers 10004 for an unknown server, 50001 for one without the bot, 10013 and 10007 for an unknown user or a non-member', async () => {
    const rest = h.client.rest;
    expect(await code(rest.get('/guilds/100000000000000001/channels'))).toBe(10004);
    const noBot = h.discord.createGuild({ name: 'no bots', bot: false });
    expect(await code(rest.get(`/guilds/${noBot.id}/roles`))).toBe(50001);
    expect(await code(rest.get(`/guilds/${noBot.id}/channels`))).toBe(50001);
    expect(await code(rest.get(`/guilds/${h.guild.id}/members/100000000000000002`))).toBe(10013);
    const outsider = h.discord.createUser({ name: 'dee', guilds: [] });
    expect(await code(rest.get(`/guilds/${h.guild.id}/members/${outsider.id}`))).toBe(10007);
  });
});
