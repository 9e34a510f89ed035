import { DiscordAPIError, Events, MessageFlags, Routes, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdjustableClock, noRateLimits } from '../../src/index.ts';
import { type Harness, specRefusals, startHarness } from '../harness.ts';

function codeOf(error: unknown): number | string {
  return error instanceof DiscordAPIError ? error.code : String(error);
}

describe('the local Discord enforces what Discord enforces', () => {
  const clock = new AdjustableClock();
  let h: Harness;
  let channel: TextChannel;
  beforeAll(async () => {
    h = await startHarness({ clock, rateLimits: noRateLimits });
    channel = (await h.client.channels.fetch(h.channel.id)) as TextChannel;
  });
  beforeEach(() => {
    h.discord.resetLatency();
  });
  afterAll(async () => {
    await h.close();
  });

  const start = () =>
    h.discord.runCommand(h.ann, h.channel, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } });

  it('answers 10062 to a callback after the 3-second deadline and counts it missed', async () => {
    const codes: unknown[] = [];
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      clock.advance(3001);
      await i.reply('too late').catch((error) => codes.push(codeOf(error)));
    });
    const handle = start();
    await expect.poll(() => codes).toEqual([10062]);
    expect(handle.original()).toBeNull();
    expect(h.discord.latency()).toMatchObject({ dispatched: 1, acknowledged: 0, missed: 1 });
  });

  it('answers 40060 to a second acknowledgement', async () => {
    const codes: unknown[] = [];
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      const body = { type: 4, data: { content: 'hello' } };
      await h.client.rest.post(Routes.interactionCallback(i.id, i.token), { body, auth: false });
      await h.client.rest
        .post(Routes.interactionCallback(i.id, i.token), { body, auth: false })
        .catch((error) => codes.push(codeOf(error)));
    });
    const handle = start();
    await expect.poll(() => codes).toEqual([40060]);
    expect(h.discord.channelMessages(h.channel).filter((m) => m.interaction_metadata?.id === handle.id)).toHaveLength(
      1,
    );
  });

  it('expires interaction tokens after 15 minutes (50027)', async () => {
    const codes: unknown[] = [];
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('dealt');
      await i.followUp('still fresh');
      clock.advance(15 * 60 * 1000 + 1);
      await i.followUp('stale').catch((error) => codes.push(codeOf(error)));
      await i.editReply('stale edit').catch((error) => codes.push(codeOf(error)));
    });
    const handle = start();
    await expect.poll(() => codes).toEqual([50027, 50027]);
    expect(handle.followUps().map((m) => m.content)).toEqual(['still fresh']);
    expect(handle.original()?.content).toBe('dealt');
  });

  it('rejects over-long content with 50035 and leaves the interaction unacknowledged', async () => {
    const errors: unknown[] = [];
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('x'.repeat(2001)).catch((error) => errors.push(error));
      await i.reply({ content: 'short enough', flags: MessageFlags.Ephemeral });
    });
    const handle = start();
    expect((await handle.response()).content).toBe('short enough');
    const error = errors[0] as DiscordAPIError;
    expect(error.code).toBe(50035);
    expect(error.rawError).toMatchObject({
      errors: {
        data: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } },
      },
    });
    expect(specRefusals(h.discord)).toEqual([
      'POST /interactions/{interaction_id}/{interaction_token}/callback request data.content',
    ]);
  });

  it('rejects too many rows, too many buttons, long and duplicate custom ids', async () => {
    const button = (id: string) => ({ type: 2, style: 1, label: 'b', custom_id: id });
    const row = (...ids: string[]) => ({ type: 1, components: ids.map(button) });
    const attempt = (components: unknown[]) =>
      channel.send({ content: 'x', components: components as never }).then(
        () => null,
        (error: DiscordAPIError) => (error.rawError as { errors?: unknown }).errors,
      );
    expect(await attempt([row('a'), row('b'), row('c'), row('d'), row('e'), row('f')])).toEqual({
      components: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 5 or fewer in length.' }] },
    });
    expect(await attempt([row('a', 'b', 'c', 'd', 'e', 'f')])).toMatchObject({
      components: { 0: { components: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } } },
    });
    expect(await attempt([row('a'.repeat(101))])).toMatchObject({
      components: { 0: { components: { 0: { custom_id: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } } },
    });
    expect(await attempt([row('same', 'same')])).toMatchObject({
      components: {
        0: { components: { 1: { custom_id: { _errors: [{ code: 'COMPONENT_CUSTOM_ID_DUPLICATED' }] } } } },
      },
    });
    expect(await attempt([row('a'.repeat(100), 'b'), row('c')])).toBeNull();
    expect(specRefusals(h.discord)).toEqual([
      'POST /channels/{channel_id}/messages request components.0.components',
      'POST /channels/{channel_id}/messages request components.0.components.0.custom_id',
    ]);
  });

  it('rejects embeds over their limits and empty messages', async () => {
    const tooLong = await channel
      .send({ embeds: [{ title: 't'.repeat(257) }] })
      .catch((e: DiscordAPIError) => e.rawError);
    expect(tooLong).toMatchObject({
      code: 50035,
      errors: { embeds: { 0: { title: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } },
    });
    const fields = Array.from({ length: 2 }, () => ({ name: 'n', value: 'v'.repeat(1024) }));
    const tooBig = await channel
      .send({ embeds: [{ description: 'd'.repeat(4096), fields }] })
      .catch((e: DiscordAPIError) => e.rawError);
    expect(tooBig).toMatchObject({ errors: { embeds: { _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED' }] } } });
    const empty = await h.client.rest
      .post(Routes.channelMessages(h.channel.id), { body: { content: '' } })
      .catch(codeOf);
    expect(empty).toBe(50006);
    expect(specRefusals(h.discord)).toEqual(['POST /channels/{channel_id}/messages request embeds.0.title']);
  });

  it('needs the bot token on bot routes', async () => {
    const { restBase } = { restBase: String(h.client.options.rest?.api) };
    const response = await fetch(`${restBase}/v10/channels/${h.channel.id}/messages`, {
      headers: { Authorization: 'Bot nope' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: '401: Unauthorized', code: 0 });
  });

  it('resumes a dropped gateway session and replays what the bot missed', async () => {
    const resumed = new Promise<number>((resolve) =>
      h.client.once(Events.ShardResume, (_id, replayed) => resolve(replayed)),
    );
    h.onInteraction(async (i) => {
      if (i.isChatInputCommand()) await i.reply('back');
    });
    h.discord.dropGateway();
    const handle = start(); // dispatched while the socket is down: kept for the RESUME
    expect(handle.delivered).toBe(false);
    expect(await resumed).toBeGreaterThanOrEqual(1);
    expect((await handle.response()).content).toBe('back');
    expect(h.discord.botConnected).toBe(true);
    const after = start();
    expect((await after.response()).content).toBe('back');
    expect(h.discord.latency()).toMatchObject({ dispatched: 2, acknowledged: 2, missed: 0 });
  });
});
