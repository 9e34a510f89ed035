import type { TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noRateLimits } from '../../src/local-discord/index.ts';
import { type Harness, startHarness } from './harness.ts';

describe('request accounting by bucket', () => {
  let h: Harness;
  let channel: TextChannel;
  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits });
    channel = (await h.client.channels.fetch(h.channel.id)) as TextChannel;
  });
  afterAll(async () => {
    await h.close();
  });

  it('counts channel calls as global and interaction callbacks, follow-ups and @original edits as exempt', async () => {
    let done = false;
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('dealt');
      await i.followUp('more');
      await i.editReply('dealt again');
      await channel.send('channel message');
      done = true;
    });
    h.discord.resetRequestCounts();
    h.discord.runCommand(h.ann, h.channel, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } });
    await expect.poll(() => done).toBe(true);
    const counts = h.discord.requestCounts();
    expect(counts.byRoute).toMatchObject({
      'POST /interactions/:interactionId/:token/callback': { count: 1, exempt: true },
      'POST /webhooks/:applicationId/:token': { count: 1, exempt: true },
      'PATCH /webhooks/:applicationId/:token/messages/:messageId': { count: 1, exempt: true },
      'POST /channels/:channelId/messages': { count: 1, exempt: false },
    });
    expect(counts.exempt).toBe(3);
    expect(counts.global).toBe(
      Object.values(counts.byRoute)
        .filter((entry) => !entry.exempt)
        .reduce((sum, entry) => sum + entry.count, 0),
    );
    expect(counts.global).toBeGreaterThanOrEqual(1);
  });

  it('starts again from zero after a reset', async () => {
    await channel.send('counted');
    h.discord.resetRequestCounts();
    expect(h.discord.requestCounts()).toEqual({ global: 0, exempt: 0, byRoute: {} });
    await channel.send('counted after reset');
    expect(h.discord.requestCounts()).toMatchObject({
      global: 1,
      exempt: 0,
      byRoute: { 'POST /channels/:channelId/messages': { count: 1, exempt: false } },
    });
  });
});
