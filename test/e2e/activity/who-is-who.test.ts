import { AdjustableClock } from '@guts/local-discord';
import { InteractionResponseType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ActivityIdentity } from '../../../src/activity/identity.ts';
import { SESSION_LIFETIME_MS } from '../../../src/activity/sessions.ts';
import { World } from '../world.ts';

/** Who the bot handed to the table side: what a refusal must never add to. */
const attached: ActivityIdentity[] = [];

describe('the Activity: who is who, against the local Discord', () => {
  let world: World;
  const clock = new AdjustableClock();
  const base = () => `http://127.0.0.1:${world.bot.activityPort()}`;

  const post = async (path: string, body: unknown, session?: string) => {
    const response = await fetch(`${base()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(session ? { Authorization: `Bearer ${session}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** What the page does after the SDK's `authorize`: the code to the bot, a session back. */
  const sessionOf = async (name: string) => {
    const answer = await post('/api/session', { code: world.discord.authorizeActivity(world.user(name)) });
    expect(answer.status).toBe(200);
    return answer.body as { session: string; accessToken: string; user: { userId: string } };
  };
  const ticket = (session: string, instanceId: string, channelId: string = world.channel.id) =>
    post('/api/ticket', { instanceId, channelId }, session);
  /** Opens the socket of a ticket answer; resolves with the HTTP status of a refused upgrade, or 101. */
  const open = (socket: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${world.bot.activityPort()}${socket}`);
      ws.once('open', () => {
        resolve(101);
        ws.close();
      });
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });

  beforeAll(async () => {
    world = await World.start({
      rateLimits: 'none',
      clock,
      activityHub: () => ({
        attach: (socket, who) => {
          attached.push(who);
          socket.close();
        },
      }),
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('exchanges the code with Discord, checks the instance, and hands one socket to the hub', async () => {
    const { session, accessToken, user } = await sessionOf('ann');
    expect(user.userId).toBe(world.user('ann').id);
    expect(accessToken).not.toBe('');
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const answer = await ticket(session, instance.instanceId);
    expect(answer.status).toBe(200);
    expect(await open(answer.body.socket as string)).toBe(101);
    await expect.poll(() => attached.length).toBe(1);
    expect(attached[0]).toEqual({
      userId: world.user('ann').id,
      username: 'ann',
      globalName: 'ann',
      avatar: null,
      locale: 'en-US',
      instanceId: instance.instanceId,
      launchId: instance.launchId,
      channelId: world.channel.id,
      guildId: world.guild.id,
    });
    world.discord.leaveActivity(world.user('ann'), instance);
  });

  it('answers Open table on the lobby with LAUNCH_ACTIVITY, opening the Activity for the presser', async () => {
    const lobby = await world.reply('bob', 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } });
    const ack = await world.press('bob', lobby, 'Open table').acknowledged();
    expect(ack.type).toBe(InteractionResponseType.LaunchActivity);
    const running = world.discord.activityInstanceIn(world.channel);
    expect(running?.users).toEqual([world.user('bob').id]);
    world.discord.leaveActivity(world.user('bob'), running ?? { instanceId: '' });
  });

  it('refuses a code Discord did not make (no mock code is ever taken)', async () => {
    expect((await post('/api/session', { code: 'mock_code' })).status).toBe(403);
    const used = world.discord.authorizeActivity(world.user('ann'));
    expect((await post('/api/session', { code: used })).status).toBe(200);
    expect((await post('/api/session', { code: used })).status).toBe(403);
  });

  describe('refuses with 403, and hands nothing to the hub', () => {
    let before = 0;
    beforeAll(() => {
      before = attached.length;
    });
    afterAll(() => {
      expect(attached.length).toBe(before);
    });

    it('a forged session', async () => {
      const { session } = await sessionOf('ann');
      const instance = world.discord.launchActivity(world.user('ann'), world.channel);
      const [body, signature] = session.split('.');
      const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
      const forged = Buffer.from(JSON.stringify({ ...claims, userId: world.user('bob').id })).toString('base64url');
      expect((await ticket(`${forged}.${signature}`, instance.instanceId)).status).toBe(403);
      expect((await ticket('made.up', instance.instanceId)).status).toBe(403);
      // The page says why in words: a session nobody vouches for is answered in the browser's language.
      const response = await fetch(`${base()}/api/ticket`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: 'Bearer made.up',
          'Accept-Language': 'de-DE,de;q=0.9',
        },
        body: JSON.stringify({ instanceId: instance.instanceId }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: 'session',
        text: expect.stringMatching(/^Discord bestätigt nicht/),
      });
      world.discord.leaveActivity(world.user('ann'), instance);
    });

    it('an expired session', async () => {
      const { session } = await sessionOf('ann');
      const instance = world.discord.launchActivity(world.user('ann'), world.channel);
      clock.advance(SESSION_LIFETIME_MS + 1);
      expect((await ticket(session, instance.instanceId)).status).toBe(403);
      world.discord.leaveActivity(world.user('ann'), instance);
    });

    it('a user not in the instance', async () => {
      const { session } = await sessionOf('bob');
      const instance = world.discord.launchActivity(world.user('ann'), world.channel);
      expect(await ticket(session, instance.instanceId)).toEqual({
        status: 403,
        body: { error: 'not-in-instance', text: expect.stringMatching(/can't let you in/) },
      });
      // Nor an instance that ended.
      world.discord.leaveActivity(world.user('ann'), instance);
      const bobs = world.discord.launchActivity(world.user('bob'), world.channel);
      world.discord.leaveActivity(world.user('bob'), bobs);
      expect((await ticket(session, bobs.instanceId)).status).toBe(403);
    });

    it("an instance of another channel than the page's", async () => {
      const { session } = await sessionOf('ann');
      const elsewhere = world.discord.createChannel(world.guild, { name: 'lounge' });
      const instance = world.discord.launchActivity(world.user('ann'), elsewhere);
      expect((await ticket(session, instance.instanceId, world.channel.id)).status).toBe(403);
      world.discord.leaveActivity(world.user('ann'), instance);
    });

    it('a ticket used twice, or made up', async () => {
      const { session } = await sessionOf('cat');
      const instance = world.discord.launchActivity(world.user('cat'), world.channel);
      const answer = await ticket(session, instance.instanceId);
      expect(answer.status).toBe(200);
      // The first use is this block's one socket; the second is refused.
      expect(await open(answer.body.socket as string)).toBe(101);
      await expect.poll(() => attached.length).toBe(before + 1);
      before += 1;
      expect(await open(answer.body.socket as string)).toBe(403);
      expect(await open('/ws?ticket=made.up')).toBe(403);
      expect(await open('/ws')).toBe(403);
      world.discord.leaveActivity(world.user('cat'), instance);
    });
  });
});
