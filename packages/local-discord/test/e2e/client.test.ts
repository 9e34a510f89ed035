import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  MessageFlags,
  StringSelectMenuBuilder,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gutsCommand, type Harness, specRefusals, startHarness } from '../harness.ts';

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function buttons(...labels: string[]) {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    labels.map((label) =>
      new ButtonBuilder().setCustomId(`g:1:1:${label.toLowerCase()}`).setLabel(label).setStyle(ButtonStyle.Primary),
    ),
  );
}

describe('discord.js against the local Discord', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  beforeEach(() => {
    h.handlerErrors.length = 0;
  });
  afterAll(async () => {
    await h.close();
  });

  it('reaches ready with the guild, its channels and members cached', () => {
    const guild = h.client.guilds.cache.get(h.guild.id);
    expect(guild?.name).toBe('game night');
    expect(h.client.channels.cache.get(h.channel.id)?.type).toBe(ChannelType.GuildText);
    expect(guild?.members.cache.has(h.ann.id)).toBe(true);
    expect(guild?.members.cache.has(h.client.user?.id ?? '')).toBe(true);
    expect(h.client.user?.bot).toBe(true);
    expect(h.client.application?.id).toBe(h.discord.bot.user.id);
  });

  it('keeps command ids across bulk overwrites', async () => {
    const before = h.discord.registeredCommands(h.guild)[0]?.id;
    const again = await h.client.application?.commands.set([gutsCommand], h.guild.id);
    expect(again?.first()?.id).toBe(before);
    expect(h.discord.registeredCommands(h.guild).map((c) => c.name)).toEqual(['guts']);
  });

  it('delivers a slash command with typed options and shows a public reply to everybody', async () => {
    const seen: unknown[] = [];
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      seen.push([
        i.commandName,
        i.options.getSubcommand(),
        i.options.getString('variant'),
        i.options.getInteger('ante'),
        i.options.getUser('dealer')?.username,
      ]);
      await i.reply({ content: 'Table open', components: [buttons('Join')] });
    });
    const handle = h.discord.runCommand(h.ann, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', ante: 10, dealer: h.bob },
    });
    const reply = await handle.response();
    expect(seen).toEqual([['guts', 'start', 'iron-cross', 10, 'bob']]);
    expect(reply.content).toBe('Table open');
    expect(reply.interaction_metadata?.user.id).toBe(h.ann.id);
    expect((await handle.acknowledged()).type).toBe(4);
    expect(h.discord.channelMessages(h.channel, { as: h.bob }).map((m) => m.id)).toContain(reply.id);
  });

  it('refuses invocations the Discord client would refuse', () => {
    expect(() =>
      h.discord.runCommand(h.ann, h.channel, 'guts', { subcommand: 'start', options: { variant: 'poker' } }),
    ).toThrow(/one of/);
    expect(() => h.discord.runCommand(h.ann, h.channel, 'guts', { subcommand: 'start', options: {} })).toThrow(
      /required/,
    );
    expect(() =>
      h.discord.runCommand(h.ann, h.channel, 'guts', {
        subcommand: 'start',
        options: { variant: 'iron-cross', ante: 0 },
      }),
    ).toThrow(/range/);
    expect(() => h.discord.runCommand(h.ann, h.channel, 'nope')).toThrow(/not registered/);
  });

  it('shows ephemeral replies and follow-ups only to the invoking user', async () => {
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'only you', flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'also only you', flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'everyone' });
    });
    const handle = h.discord.runCommand(h.ann, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card' },
    });
    await h.discord.waitForMessage(h.channel, (m) => m.content === 'everyone', { as: h.bob });
    const annSees = h.discord.channelMessages(h.channel, { as: h.ann }).map((m) => m.content);
    const bobSees = h.discord.channelMessages(h.channel, { as: h.bob }).map((m) => m.content);
    expect(annSees).toEqual(expect.arrayContaining(['only you', 'also only you', 'everyone']));
    expect(bobSees).not.toContain('only you');
    expect(bobSees).not.toContain('also only you');
    expect(handle.followUps().map((m) => m.content)).toEqual(['also only you', 'everyone']);
    expect((handle.original()?.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    // The bot cannot read ephemerals through the channel either.
    const channel = (await h.client.channels.fetch(h.channel.id)) as TextChannel;
    const fetched = await channel.messages.fetch({ limit: 100 });
    expect(fetched.map((m) => m.content)).not.toContain('only you');
  });

  it('defers, edits @original, fetches it and deletes a follow-up', async () => {
    let deleted = false;
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      const thinking = await i.fetchReply();
      expect(thinking.flags.has(MessageFlags.Loading)).toBe(true);
      await i.editReply({ content: 'dealt' });
      const extra = await i.followUp({ content: 'temporary' });
      await i.webhook.deleteMessage(extra);
      deleted = true;
    });
    const handle = h.discord.runCommand(h.ann, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    expect((await handle.acknowledged()).type).toBe(5);
    const reply = await handle.response();
    expect(reply.content).toBe('dealt');
    expect((reply.flags ?? 0) & MessageFlags.Loading).toBe(0);
    // The follow-up is posted after the reply: wait until the handler has deleted it.
    await expect.poll(() => deleted).toBe(true);
    expect(h.discord.channelMessages(h.channel).some((m) => m.content === 'temporary')).toBe(false);
    expect(h.handlerErrors).toEqual([]);
  });

  it('lets the first follow-up after a deferral replace the loading message', async () => {
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.followUp({ content: 'done thinking' });
    });
    const handle = h.discord.runCommand(h.ann, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    const reply = await handle.response();
    expect(reply.content).toBe('done thinking');
    expect(handle.followUps()).toEqual([]);
  });

  it('presses buttons by label: update (7) and deferred update (6) then edit', async () => {
    const channel = (await h.client.channels.fetch(h.channel.id)) as TextChannel;
    const table = await channel.send({ content: 'Deal 1', components: [buttons('Stay', 'Drop')] });
    h.onInteraction(async (i) => {
      if (!i.isButton()) return;
      if (i.customId.endsWith('stay')) {
        await i.update({ content: `${i.user.username} decided`, components: [buttons('Stay', 'Drop')] });
      } else {
        await i.deferUpdate();
        await i.message.edit({ content: `${i.user.username} dropped` });
      }
    });
    const stay = h.discord.pressButton(h.ann, table.id, 'Stay');
    expect((await stay.response()).content).toBe('ann decided');
    expect((await stay.acknowledged()).type).toBe(7);
    const drop = h.discord.pressButton(h.bob, table.id, 'g:1:1:drop');
    expect((await drop.response()).content).toBe('bob dropped');
    expect((await drop.acknowledged()).type).toBe(6);
    expect(() => h.discord.pressButton(h.ann, table.id, 'Fold')).toThrow(/no button/);
  });

  it("updates (7) only the message whose button was pressed: another message is the token's only if it posted it", async () => {
    const channel = (await h.client.channels.fetch(h.channel.id)) as TextChannel;
    const table = await channel.send({ content: 'the table', components: [buttons('Stay', 'Drop')] });
    const menu = await channel.send({ content: 'a menu', components: [buttons('Stay', 'Drop')] });
    const codes: unknown[] = [];
    h.onInteraction(async (i) => {
      if (!i.isButton()) return;
      await i.update({ content: 'updated by the press' });
      // The table was posted by the channel route, not this token: 10008.
      await i.webhook.editMessage(table.id, { content: 'taken over' }).catch((e) => codes.push(e.code));
    });
    await h.discord.pressButton(h.ann, menu.id, 'Stay').response();
    await expect.poll(() => codes).toEqual([10008]);
    const texts = Object.fromEntries(h.discord.channelMessages(h.channel).map((m) => [m.id, m.content]));
    expect(texts[menu.id]).toBe('updated by the press');
    expect(texts[table.id]).toBe('the table');
  });

  it('returns the reply with the callback when asked (with_response)', async () => {
    const ids: string[] = [];
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      const response = await i.reply({ content: 'lobby', withResponse: true });
      ids.push(response.resource?.message?.id ?? 'none');
    });
    const handle = h.discord.runCommand(h.ann, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    const reply = await handle.response();
    await expect.poll(() => ids).toEqual([reply.id]);
  });

  it('picks from a string select menu on an ephemeral message, checking the values', async () => {
    h.onInteraction(async (i) => {
      if (i.isChatInputCommand()) {
        const menu = new StringSelectMenuBuilder()
          .setCustomId('g:1:1:bet')
          .setPlaceholder('Your bet')
          .addOptions({ label: 'Ten', value: '10' }, { label: 'Twenty', value: '20' });
        await i.reply({
          content: 'bet?',
          components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
          flags: MessageFlags.Ephemeral,
        });
      } else if (i.isStringSelectMenu()) {
        await i.update({ content: `bet ${i.values.join()}`, components: [] });
      }
    });
    const ask = h.discord.runCommand(h.ann, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    const menu = await ask.response();
    expect(() => h.discord.selectOptions(h.bob, menu, 'Your bet', ['10'])).toThrow(/not visible/);
    expect(() => h.discord.selectOptions(h.ann, menu, 'Your bet', ['30'])).toThrow(/no option 30/);
    expect(() => h.discord.selectOptions(h.ann, menu, 'Your bet', ['10', '20'])).toThrow(/1 to 1/);
    const pick = h.discord.selectOptions(h.ann, menu, 'Your bet', ['20']);
    const updated = await pick.response();
    expect(updated.id).toBe(menu.id);
    expect(updated.content).toBe('bet 20');
    expect(updated.components).toEqual([]);
    expect(h.discord.channelMessages(h.channel, { as: h.bob }).some((m) => m.id === menu.id)).toBe(false);
  });

  it('posts, edits and reads channel messages, with a PNG uploaded as multipart', async () => {
    const channel = (await h.client.channels.fetch(h.channel.id)) as TextChannel;
    const sent = await channel.send({
      content: 'board',
      files: [new AttachmentBuilder(png, { name: 'board.png' })],
      embeds: [{ title: 'Board', image: { url: 'attachment://board.png' } }],
    });
    const attachment = sent.attachments.first();
    expect(attachment?.name).toBe('board.png');
    expect(attachment?.width).toBe(1);
    expect(sent.embeds[0]?.image?.url).toBe(attachment?.url);
    const served = await fetch(attachment?.url ?? '');
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    const edited = await sent.edit({ content: 'board v2' });
    expect(edited.editedTimestamp).not.toBeNull();
    expect(edited.attachments.size).toBe(1);
    const fetched = await channel.messages.fetch({ message: sent.id, force: true });
    expect(fetched.content).toBe('board v2');
    const seen: string[] = [];
    h.discord.on('messageDelete', (e) => seen.push(e.id));
    await fetched.delete();
    expect(seen).toEqual([sent.id]);
    expect(h.discord.attachment(attachment?.id ?? '')).toBeNull();
  });

  it('tells a connected client about guilds and channels created later; global commands work there', async () => {
    const guild = h.discord.createGuild({ name: 'second night' });
    const channel = h.discord.createChannel(guild, { name: 'cards' });
    const carl = h.discord.createUser({ name: 'carl', guilds: [guild] });
    await expect.poll(() => h.client.channels.cache.get(channel.id)?.type).toBe(ChannelType.GuildText);
    expect(() =>
      h.discord.runCommand(carl, h.channel, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } }),
    ).toThrow(/not in guild/);
    expect(() =>
      h.discord.runCommand(carl, channel, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } }),
    ).toThrow(/not registered/);
    await h.client.application?.commands.set([gutsCommand]);
    h.onInteraction(async (i) => {
      if (i.isChatInputCommand()) await i.reply(`hello ${i.guild?.name}`);
    });
    const handle = h.discord.runCommand(carl, channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    expect((await handle.response()).content).toBe('hello second night');
  });

  it('answers unknown routes with a Discord-style 404', async () => {
    const { restBase } = { restBase: `${h.client.options.rest?.api}` };
    const response = await fetch(`${restBase}/v10/nowhere/at/all`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: '404: Not Found', code: 0 });
    expect(specRefusals(h.discord)).toEqual(['GET /nowhere/at/all request']);
  });
});
