import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiscord, noRateLimits } from '../../src/index.ts';
import { SpecChecker, specReportDirVariable } from '../../src/spec/checker.ts';

/**
 * Every REST request body the bot sends and every response the local Discord answers is
 * checked against Discord's OpenAPI spec (the `discord-api-spec` package); what fails it
 * fails `stop()`, naming the route and the field.
 */
describe('the local Discord checked against Discord’s spec', () => {
  let discord: LocalDiscord | null = null;
  // These tests break the spec on purpose and see stop() fail: they stay out of the run's
  // "spec checks" line, whose violations must be 0 (this file runs in a worker of its own).
  const reportDir = process.env[specReportDirVariable];
  beforeAll(() => {
    delete process.env[specReportDirVariable];
  });
  afterAll(() => {
    if (reportDir !== undefined) process.env[specReportDirVariable] = reportDir;
  });
  afterEach(async () => {
    discord?.takeSpecViolations();
    await discord?.stop();
    discord = null;
  });

  async function started() {
    discord = new LocalDiscord({ rateLimits: noRateLimits });
    const { restBase } = await discord.start();
    const guild = discord.createGuild({ name: 'game night' });
    const channelId = discord.createChannel(guild, { name: 'poker' }).id;
    const auth = { Authorization: `Bot ${discord.bot.token}` };
    const post = (body: unknown) =>
      fetch(`${restBase}/v10/channels/${channelId}/messages`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    return { local: discord, restBase, channelId, auth, post };
  }

  it('checks good traffic, counts it, and stops cleanly', async () => {
    const { local, restBase, channelId, auth, post } = await started();
    expect((await post({ content: 'deal', embeds: [{ title: 'Iron cross', color: 0x2ecc71 }] })).status).toBe(200);
    expect((await fetch(`${restBase}/v10/channels/${channelId}/messages`, { headers: auth })).status).toBe(200);
    expect(local.specCounts()).toEqual({ requests: 2, responses: 2, violations: 0 });
    await expect(local.stop()).resolves.toBeUndefined();
  });

  it('answers what discord.js and deploy-commands ask first in the spec’s shape', async () => {
    const { local, restBase, auth } = await started();
    for (const path of ['/gateway', '/gateway/bot', '/users/@me', '/applications/@me']) {
      expect((await fetch(`${restBase}/v10${path}`, { headers: auth })).status).toBe(200);
    }
    expect(local.takeSpecViolations()).toEqual([]);
  });

  it('fails on a request body the spec refuses, naming the route and the field', async () => {
    const { local, post } = await started();
    // The local Discord itself lets a colour name through; Discord's schema wants an integer.
    await post({ content: 'deal', embeds: [{ title: 'Iron cross', color: 'green' }] });
    expect(local.specCounts().violations).toBe(1);
    await expect(local.stop()).rejects.toThrow(
      /POST \/channels\/\{channel_id\}\/messages request embeds\.0\.color: Invalid input: expected number, received string/,
    );
  });

  it('checks the payload_json of a multipart body', async () => {
    const { local, restBase, channelId, auth } = await started();
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'cards', tts: 'yes', attachments: [{ id: '0' }] }));
    form.append('files[0]', new Blob([Buffer.from('png')], { type: 'image/png' }), 'cards.png');
    await fetch(`${restBase}/v10/channels/${channelId}/messages`, { method: 'POST', headers: auth, body: form });
    expect(local.takeSpecViolations()).toEqual([
      {
        route: 'POST /channels/{channel_id}/messages',
        direction: 'request',
        field: 'tts',
        message: 'Invalid input: expected boolean, received string',
      },
    ]);
  });

  it('fails on a response the spec refuses, naming the route and the field', async () => {
    const { local, restBase, auth } = await started();
    // A local Discord that renders its bot's name wrong: the answer to GET /users/@me breaks the spec.
    (local.bot.user as { username: unknown }).username = 42;
    expect((await fetch(`${restBase}/v10/users/@me`, { headers: auth })).status).toBe(200);
    await expect(local.stop()).rejects.toThrow(
      /GET \/users\/@me response username: Invalid input: expected string, received number/,
    );
  });

  it('fails on a route the spec does not have', async () => {
    const { local, restBase, auth } = await started();
    await fetch(`${restBase}/v10/channels/1/dealer`, { headers: auth });
    await expect(local.stop()).rejects.toThrow(/GET \/channels\/1\/dealer request \(body\): no such route/);
  });

  it('matches literal segments before parameters, as the spec’s paths do', () => {
    const checker = new SpecChecker();
    expect(checker.route('PATCH', '/webhooks/1/token/messages/@original')?.template).toBe(
      '/webhooks/{webhook_id}/{webhook_token}/messages/@original',
    );
    expect(checker.route('PATCH', '/webhooks/1/token/messages/2')?.template).toBe(
      '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}',
    );
    expect(checker.violations()).toEqual([]);
  });

  it('tells a callback union apart by its type and names the field inside the meant option', () => {
    const checker = new SpecChecker();
    const route = checker.route('POST', '/interactions/1/token/callback');
    if (!route) throw new Error('no callback route in the spec');
    checker.request(route, { type: 4, data: { content: 'x', embeds: [{ color: 'red' }] } });
    checker.request(route, { type: 7, data: { components: [{ type: 1, components: [{ type: 2, style: 9 }] }] } });
    expect(checker.takeViolations().map((v) => v.field)).toEqual([
      'data.embeds.0.color',
      'data.components.0.components.0.style',
    ]);
  });
});
