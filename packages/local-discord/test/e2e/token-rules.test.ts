import { DiscordAPIError, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noRateLimits } from '../../src/index.ts';
import { type Harness, startHarness } from '../harness.ts';

function codeOf(error: unknown): number | string {
  return error instanceof DiscordAPIError ? error.code : String(error);
}

describe('interaction routes and tokens follow Discord', () => {
  let h: Harness;
  let api: string;
  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits });
    api = `${String(h.client.options.rest?.api)}/v10`;
  });
  afterAll(async () => {
    await h.close();
  });

  const start = () =>
    h.discord.runCommand(h.ann, h.channel, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } });

  const post = (path: string, body: unknown, auth: boolean) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(auth ? { Authorization: `Bot ${h.discord.bot.token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it('leaves interaction callbacks and interaction webhooks out of the global limit', async () => {
    h.discord.setRateLimits({ ...noRateLimits, globalPerSecond: 1 });
    const statuses: number[] = [];
    let done = false;
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      const channelPath = `/channels/${h.channel.id}/messages`;
      statuses.push((await post(channelPath, { content: 'uses the global second' }, true)).status);
      statuses.push((await post(channelPath, { content: 'over the global limit' }, true)).status);
      statuses.push(
        (await post(`/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'a' } }, false)).status,
      );
      statuses.push((await post(`/webhooks/${i.applicationId}/${i.token}`, { content: 'b' }, false)).status);
      done = true;
    });
    start();
    await expect.poll(() => done).toBe(true);
    h.discord.setRateLimits(noRateLimits);
    expect(statuses).toEqual([200, 429, 204, 204]);
  });

  it("holds a channel's public webhook messages to its own hidden limit (a shared-scope 429), leaving ephemeral ones and other channels alone", async () => {
    h.discord.setRateLimits({
      ...noRateLimits,
      buckets: { ...noRateLimits.buckets, 'webhook-channel': { limit: 3, windowMs: 60_000 } },
    });
    const other = h.discord.createChannel(h.guild, { name: 'other' });
    const answers: { where: string; status: number; scope: string | null; retryAfter: unknown }[] = [];
    const invalidBefore = h.discord.invalidRequests();
    let done = 0;
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      const where = i.channelId === other.id ? 'other' : 'poker';
      await post(`/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'lobby' } }, false);
      const sends = where === 'other' ? [0] : [0, 0, 0, 64, 0];
      for (const flags of sends) {
        const res = await post(`/webhooks/${i.applicationId}/${i.token}`, { content: 'deal', flags }, false);
        const body = (await res.json().catch(() => null)) as { retry_after?: unknown } | null;
        answers.push({
          where,
          status: res.status,
          scope: res.headers.get('x-ratelimit-scope'),
          retryAfter: body?.retry_after,
        });
      }
      done++;
    });
    h.discord.runCommand(h.ann, h.channel, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } });
    await expect.poll(() => done).toBe(1);
    h.discord.runCommand(h.ann, other, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } });
    await expect.poll(() => done).toBe(2);
    h.discord.setRateLimits(noRateLimits);
    expect(answers.map((a) => [a.where, a.status])).toEqual([
      ['poker', 204],
      ['poker', 204],
      ['poker', 204],
      ['poker', 204], // ephemeral: not a channel message
      ['poker', 429],
      ['other', 204],
    ]);
    const refused = answers[4];
    expect(refused?.scope).toBe('shared');
    expect(refused?.retryAfter).toBeGreaterThan(59);
    // A shared limit is the channel's, not the bot's fault: Discord does not count it.
    expect(h.discord.invalidRequests()).toBe(invalidBefore);
  });

  it('refuses UPDATE_MESSAGE (7) and DEFERRED_UPDATE_MESSAGE (6) to a slash command, leaving it unacknowledged', async () => {
    const codes: unknown[] = [];
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      for (const type of [7, 6]) {
        await h.client.rest
          .post(Routes.interactionCallback(i.id, i.token), { body: { type, data: { content: 'x' } }, auth: false })
          .catch((error) => codes.push(codeOf(error)));
      }
      await i.reply('answered properly');
    });
    const handle = start();
    await expect.poll(() => codes).toEqual([50035, 50035]);
    expect((await handle.response()).content).toBe('answered properly');
  });

  it('answers 10008 when a token edits or deletes a message it did not create', async () => {
    const codes: unknown[] = [];
    let otherFollowUp = '';
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('mine');
      const followUp = await i.followUp('also mine');
      if (!otherFollowUp) {
        otherFollowUp = followUp.id;
        return;
      }
      const channelMessage = await h.client.rest.post(Routes.channelMessages(h.channel.id), {
        body: { content: 'a channel message' },
      });
      const foreignIds = [(channelMessage as { id: string }).id, otherFollowUp];
      for (const id of foreignIds) {
        await i.webhook.editMessage(id, { content: 'taken over' }).catch((error) => codes.push(codeOf(error)));
        await i.webhook.deleteMessage(id).catch((error) => codes.push(codeOf(error)));
      }
    });
    start();
    await expect.poll(() => otherFollowUp).not.toBe('');
    start();
    await expect.poll(() => codes).toEqual([10008, 10008, 10008, 10008]);
    expect(h.discord.channelMessages(h.channel).some((m) => m.content === 'taken over')).toBe(false);
  });

  it('keeps a thread archive for token calls as for channel calls: a follow-up unarchives, an edit or a locked thread answers 50083', async () => {
    const thread = h.discord.createThread(h.channel, { name: 'late game' });
    const codes: unknown[] = [];
    let done = false;
    h.onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('in the thread');
      const posted = await i.followUp('before the archive');
      h.discord.archiveThread(thread);
      await i.webhook.editMessage(posted.id, { content: 'edited' }).catch((error) => codes.push(codeOf(error)));
      await i.followUp('brings it back');
      codes.push('unarchived');
      h.discord.archiveThread(thread, { locked: true });
      await i.followUp('refused').catch((error) => codes.push(codeOf(error)));
      done = true;
    });
    h.discord.runCommand(h.ann, thread, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } });
    await expect.poll(() => done).toBe(true);
    expect(codes).toEqual([50083, 'unarchived', 50083]);
    const texts = h.discord.channelMessages(thread).map((m) => m.content);
    expect(texts).toContain('brings it back');
    expect(texts).not.toContain('edited');
    expect(texts).not.toContain('refused');
  });
});
