import { HTTPError, RESTEvents, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discordRateLimits, noRateLimits } from '../../src/index.ts';
import { type Harness, startHarness } from '../harness.ts';

describe('rate limits and injected faults', () => {
  let h: Harness;
  let channel: TextChannel;
  let restBase: string;
  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits });
    channel = (await h.client.channels.fetch(h.channel.id)) as TextChannel;
    restBase = String(h.client.options.rest?.api);
  });
  beforeEach(() => {
    h.discord.setRateLimits(noRateLimits);
    h.discord.clearFaults();
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (content: string) =>
    fetch(`${restBase}/v10/channels/${h.channel.id}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bot ${h.discord.bot.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content }),
    });

  it('reports X-RateLimit headers and answers 429 with retry_after past the limit', async () => {
    h.discord.setRateLimits({
      ...discordRateLimits,
      // A window long enough that three posts one after the other fall in it on a busy machine.
      buckets: { ...discordRateLimits.buckets, 'message-create': { limit: 2, windowMs: 5_000 } },
    });
    const first = await post('one');
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    await post('two');
    const third = await post('three');
    expect(third.status).toBe(429);
    const body = (await third.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(5);
    expect(Number(third.headers.get('retry-after'))).toBeCloseTo(body.retry_after, 3);
    expect(h.discord.channelMessages(h.channel).some((m) => m.content === 'three')).toBe(false);
  });

  it('is honoured by discord.js: a burst is spread over windows, nothing lost', async () => {
    h.discord.setRateLimits({
      ...noRateLimits,
      buckets: { ...noRateLimits.buckets, 'message-create': { limit: 2, windowMs: 300 } },
    });
    const created: number[] = [];
    const onCreate = () => created.push(Date.now());
    h.discord.on('messageCreate', onCreate);
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, (_, i) => channel.send(`burst ${i}`)));
    h.discord.off('messageCreate', onCreate);
    expect(created).toHaveLength(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('lets discord.js wait out injected 429s and retry', async () => {
    const statuses: number[] = [];
    const onResponse = (_request: unknown, response: { status: number }) => statuses.push(response.status);
    h.client.rest.on(RESTEvents.Response, onResponse);
    h.discord.failRoute('POST /channels/*/messages', 429, 2, { retryAfterMs: 50 });
    const sent = await channel.send('after two 429s');
    h.client.rest.off(RESTEvents.Response, onResponse);
    expect(sent.content).toBe('after two 429s');
    expect(statuses).toEqual([429, 429, 200]);
    expect(h.discord.channelMessages(h.channel).filter((m) => m.content === 'after two 429s')).toHaveLength(1);
  });

  it('answers 500s that discord.js retries, then gives up on', async () => {
    h.discord.failRoute('POST /channels/*/messages', 500, 2);
    expect((await channel.send('third time lucky')).content).toBe('third time lucky');
    h.discord.failRoute(/^POST \/channels\/\d+\/messages$/, 500, 4);
    const error = await channel.send('never').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).status).toBe(500);
    expect(h.discord.channelMessages(h.channel).some((m) => m.content === 'never')).toBe(false);
  });

  it('can fail after applying, so a retried callback meets 40060', async () => {
    const codes: unknown[] = [];
    h.onInteraction(async (i) => {
      if (i.isChatInputCommand()) await i.reply('applied once').catch((e: { code?: number }) => codes.push(e.code));
    });
    h.discord.failRoute('POST /interactions/*/*/callback', 500, 1, { afterHandling: true });
    const handle = h.discord.runCommand(h.ann, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    await expect.poll(() => codes).toEqual([40060]);
    expect((await handle.response()).content).toBe('applied once');
  });
});
