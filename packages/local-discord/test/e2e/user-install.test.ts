import {
  ApplicationIntegrationType,
  ChannelType,
  DiscordAPIError,
  Events,
  type Interaction,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvocationError, noRateLimits } from '../../src/index.ts';
import { type Harness, startHarness } from '../harness.ts';

function codeOf(error: unknown): number | string {
  return error instanceof DiscordAPIError ? error.code : String(error);
}

/** A command a user may install and run anywhere: guild, bot DM, group DM. */
const anywhere = new SlashCommandBuilder()
  .setName('deal')
  .setDescription('Deal a hand')
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel)
  .toJSON();
const guildOnly = new SlashCommandBuilder().setName('guildonly').setDescription('Only where invited').toJSON();

describe('user installs: group DMs and servers that never invited the bot', () => {
  let h: Harness;
  const seen: Interaction[] = [];
  const dispatched: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits });
    await h.client.application?.commands.set([anywhere, guildOnly]);
    h.client.on(Events.Raw, (packet: { t?: string }) => {
      if (packet.t) dispatched.push(packet.t);
    });
  });
  afterAll(async () => {
    await h.close();
  });

  const answering = (reply: (i: Interaction) => Promise<unknown>) =>
    h.onInteraction(async (i) => {
      seen.push(i);
      await reply(i);
    });

  it('offers the command in a group DM only to a user who installed the app', async () => {
    const cat = h.discord.createUser({ name: 'cat' });
    const group = h.discord.createGroupDm(h.ann, [h.bob, cat], { name: 'friends' });
    expect(() => h.discord.runCommand(h.ann, group, 'deal')).toThrow(InvocationError);
    h.discord.installApp(h.ann);
    expect(() => h.discord.runCommand(h.ann, group, 'guildonly')).toThrow(InvocationError);
    answering(async (i) => (i.isChatInputCommand() ? i.reply('dealt') : undefined));
    const handle = h.discord.runCommand(h.ann, group, 'deal');
    expect((await handle.response()).content).toBe('dealt');
    const payload = handle.payload as unknown as Record<string, unknown>;
    expect(payload.context).toBe(InteractionContextType.PrivateChannel);
    expect(payload.authorizing_integration_owners).toEqual({ '1': h.ann.id });
    expect(payload.guild_id).toBeUndefined();
    expect(payload.member).toBeUndefined();
    expect((payload.user as { id: string }).id).toBe(h.ann.id);
    const channel = payload.channel as { type: number; owner_id: string; recipients: { id: string }[] };
    expect(channel.type).toBe(ChannelType.GroupDM);
    expect(channel.owner_id).toBe(h.ann.id);
    expect(channel.recipients.map((r) => r.id).sort()).toEqual([h.ann.id, h.bob.id, cat.id].sort());
    const granted =
      PermissionFlagsBits.AttachFiles | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.MentionEveryone;
    expect(BigInt(payload.app_permissions as string)).toBe(granted);
  });

  it('holds at most 10 people in a group DM; one added later may run commands there, and the bot hears nothing', async () => {
    const friends = Array.from({ length: 9 }, (_, n) => h.discord.createUser({ name: `friend${n}` }));
    expect(() => h.discord.createGroupDm(h.ann, [...friends, h.bob])).toThrow(/at most 10 people, not 11/);
    const group = h.discord.createGroupDm(h.ann, friends.slice(0, 8), { id: '424242424242424242' });
    expect(group.id).toBe('424242424242424242');
    const newcomer = friends[8]!;
    h.discord.installApp(newcomer);
    expect(() => h.discord.runCommand(newcomer, group, 'deal')).toThrow(/not in group DM/);
    dispatched.length = 0;
    h.discord.addToGroupDm(group, newcomer);
    expect(dispatched).toEqual([]);
    answering(async (i) => (i.isChatInputCommand() ? i.reply('dealt') : undefined));
    const handle = h.discord.runCommand(newcomer, group, 'deal');
    expect((await handle.response()).content).toBe('dealt');
    const channel = (handle.payload as unknown as { channel: { recipients: { id: string }[] } }).channel;
    expect(channel.recipients.map((r) => r.id)).toContain(newcomer.id);
    expect(() => h.discord.addToGroupDm(group, h.bob)).toThrow(/is full/);
  });

  it('answers 50001 to every channel route in a group DM and dispatches nothing of it', async () => {
    const group = h.discord.createGroupDm(h.ann, [h.bob]);
    dispatched.length = 0;
    const refusedBefore = h.discord.invalidRequests();
    answering(async (i) => (i.isChatInputCommand() ? i.reply('public answer') : undefined));
    await h.discord.runCommand(h.ann, group, 'deal').response();
    const codes = [];
    for (const call of [
      () => h.client.rest.post(Routes.channelMessages(group.id), { body: { content: 'hi' } }),
      () => h.client.rest.get(Routes.channelMessages(group.id)),
      () => h.client.rest.get(Routes.channel(group.id)),
    ]) {
      codes.push(await call().then(() => 'ok', codeOf));
    }
    expect(codes).toEqual([50001, 50001, 50001]);
    expect(h.discord.invalidRequests() - refusedBefore).toBe(3);
    expect(dispatched.filter((t) => t !== 'INTERACTION_CREATE')).toEqual([]);
  });

  it('a server that never invited the bot: context 0, only the user install, no gateway events, 50001', async () => {
    const place = h.discord.createGuild({ name: 'no bots here', owner: h.bob, bot: false });
    const room = h.discord.createChannel(place, { name: 'lounge' });
    h.discord.addMember(place, h.ann);
    expect(h.client.guilds.cache.has(place.id)).toBe(false);
    answering(async (i) => (i.isChatInputCommand() ? i.reply('hi') : undefined));
    const handle = h.discord.runCommand(h.ann, room, 'deal');
    expect((await handle.response()).flags ?? 0).toBe(0);
    const payload = handle.payload as unknown as Record<string, unknown>;
    expect(payload.context).toBe(InteractionContextType.Guild);
    expect(payload.guild_id).toBe(place.id);
    expect(payload.authorizing_integration_owners).toEqual({ '1': h.ann.id });
    const code = await h.client.rest.post(Routes.channelMessages(room.id), { body: { content: 'x' } }).catch(codeOf);
    expect(code).toBe(50001);
    expect(h.client.guilds.cache.has(place.id)).toBe(false);
    expect(() => h.discord.runCommand(h.bob, room, 'deal')).toThrow(InvocationError); // bob never installed it
  });

  it('allows 5 follow-ups per interaction when only a user install authorizes it, then 40094', async () => {
    const group = h.discord.createGroupDm(h.ann, [h.bob]);
    const codes: unknown[] = [];
    answering(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('first');
      for (let n = 0; n < 6; n++) codes.push(await i.followUp(`follow-up ${n}`).then(() => 'ok', codeOf));
      // Edits of the original response are no follow-ups.
      codes.push(await i.editReply('first, edited').then(() => 'edited', codeOf));
    });
    h.discord.runCommand(h.ann, group, 'deal');
    await expect.poll(() => codes.length).toBe(7);
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 40094, 'edited']);
  });

  it('has no follow-up limit where the bot was invited', async () => {
    const codes: unknown[] = [];
    await h.client.application?.commands.set([anywhere], h.guild.id);
    answering(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('first');
      for (let n = 0; n < 6; n++) codes.push(await i.followUp(`follow-up ${n}`).then(() => 'ok', codeOf));
    });
    h.discord.runCommand(h.ann, h.channel, 'deal');
    await expect.poll(() => codes.length).toBe(6);
    expect(codes.every((c) => c === 'ok')).toBe(true);
  });

  it('makes public answers ephemeral in a server whose @everyone may not use external apps', async () => {
    const place = h.discord.createGuild({ name: 'strict', owner: h.bob, bot: false });
    const room = h.discord.createChannel(place, { name: 'general' });
    h.discord.addMember(place, h.ann);
    h.discord.setServerPermissions(place, { deny: ['UseExternalApps'] });
    answering(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('for everyone?');
      await i.followUp('me too?');
    });
    const handle = h.discord.runCommand(h.ann, room, 'deal');
    const payload = handle.payload as unknown as { member: { permissions: string } };
    expect(BigInt(payload.member.permissions) & PermissionFlagsBits.UseExternalApps).toBe(0n);
    expect((await handle.response()).flags).toBe(MessageFlags.Ephemeral);
    await expect.poll(() => h.discord.channelMessages(room, { as: h.ann }).length).toBe(2);
    expect(h.discord.channelMessages(room)).toEqual([]);
  });

  it('a press on a message in a group DM carries the authorization of the command that made it', async () => {
    const group = h.discord.createGroupDm(h.ann, [h.bob]);
    answering(async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({
          content: 'table',
          components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Join', custom_id: 'join' }] }],
        });
      } else if (i.isButton()) await i.reply({ content: 'joined', flags: MessageFlags.Ephemeral });
    });
    const table = await h.discord.runCommand(h.ann, group, 'deal').response();
    const press = h.discord.pressButton(h.bob, table, 'Join');
    expect((await press.response()).content).toBe('joined');
    const payload = press.payload as unknown as Record<string, unknown>;
    expect(payload.authorizing_integration_owners).toEqual({ '1': h.ann.id });
    expect((payload.user as { id: string }).id).toBe(h.bob.id);
    expect(payload.context).toBe(InteractionContextType.PrivateChannel);
  });
});
