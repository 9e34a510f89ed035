import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { test } from '../fixture.ts';
import type { World } from '../world.ts';
import { frame, RawSocket } from './raw-socket.ts';
import { ActivitySocket, socketPathFor, withActivity } from './sockets.ts';

/**
 * Floods as an attacker sends them, against the bot's own Activity server (in this test's
 * process): random codes at `/api/session`, random instance ids at `/api/ticket`, presses
 * on sockets that never read. Each costs the bot a bounded number of Discord calls and a
 * bounded amount of memory, and a real player signs in meanwhile. Bounds here are
 * generous and functional; the timing targets are the bench's (`activity-hostile`).
 */

const TOKEN_ROUTE = 'POST /oauth2/token';
const INSTANCE_ROUTE = 'GET /applications/:applicationId/activity-instances/:instanceId';
/** The bot's operator's own proxy: only its X-Forwarded-For names a client. */
const LIMITS = { trustedProxies: ['127.0.0.1'], addressBurst: 20, addressPerSecond: 2 };

const calls = (world: World, route: string) => world.discord.requestCounts().byRoute[route]?.count ?? 0;

/** `count` requests, `concurrency` at a time; the statuses answered. */
async function flood(count: number, concurrency: number, request: (i: number) => Promise<Response>) {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const response = await request(i);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

const post = (world: World, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${world.bot.activityPort()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A real player's sign-in, start to snapshot: session, ticket, socket; how long it took. */
async function signIn(world: World, name: string, instanceId: string) {
  const started = performance.now();
  const [socket] = (await ActivitySocket.openAll(world, [name], instanceId)) as [ActivitySocket];
  return { socket, ms: performance.now() - started };
}

/** A slash command in the channel, answered (the interaction's response) within the test's patience. */
async function chatAnswers(world: World): Promise<void> {
  const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
  expect(lobby).toBeTruthy();
}

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

describe('floods at the Activity', () => {
  test('of random codes reach Discord a bounded number of times, and a player still signs in', async ({
    startWorld,
  }) => {
    const world = await startWorld(withActivity({ players: ['ann', 'bob'] }, LIMITS));
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const before = calls(world, TOKEN_ROUTE);
    const started = performance.now();
    const flooding = flood(3000, 32, () =>
      post(world, '/api/session', { code: randomBytes(15).toString('hex') }, { 'X-Forwarded-For': '203.0.113.7' }),
    );
    const bob = await signIn(world, 'bob', instance.instanceId);
    // The chat's calls go on meanwhile: a game opened in the channel is answered.
    await chatAnswers(world);
    const statuses = await flooding;
    const seconds = (performance.now() - started) / 1000;
    expect(bob.ms).toBeLessThan(10_000);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(2500);
    // The address's burst (20) and refill (2/s), and bob's own exchange: nothing more reached Discord.
    expect(calls(world, TOKEN_ROUTE) - before).toBeLessThanOrEqual(20 + Math.ceil(2 * seconds) + 1);
    expect((await bob.socket.press('join')).type).toBe('answer');
    bob.socket.close();
  }, 120_000);

  test('of random instance ids reach Discord a bounded number of times, and a player still signs in', async ({
    startWorld,
  }) => {
    const world = await startWorld(withActivity({ players: ['ann', 'bob', 'eve'] }, LIMITS));
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const { session } = (await (
      await post(world, '/api/session', { code: world.discord.authorizeActivity(world.user('eve')) })
    ).json()) as { session: string };
    const before = calls(world, INSTANCE_ROUTE);
    const started = performance.now();
    const { guild, channel } = world;
    // Each request from another address (a botnet behind the trusted proxy): the user's bucket holds.
    const flooding = flood(3000, 32, (i) =>
      post(
        world,
        '/api/ticket',
        {
          instanceId: i % 2 ? `i-${1e15 + i}-gc-${guild.id}-${channel.id}` : `forged-${i}`,
          channelId: channel.id,
        },
        { Authorization: `Bearer ${session}`, 'X-Forwarded-For': `198.51.${i >> 8}.${i & 255}` },
      ),
    );
    const bob = await signIn(world, 'bob', instance.instanceId);
    // The chat's calls go on meanwhile: a game opened in the channel is answered.
    await chatAnswers(world);
    const statuses = await flooding;
    const seconds = (performance.now() - started) / 1000;
    expect(bob.ms).toBeLessThan(10_000);
    expect(statuses.filter((s) => s === 400).length).toBe(1500);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(1400);
    // The user's burst (6) and refill (0.5/s), and bob's own lookup.
    expect(calls(world, INSTANCE_ROUTE) - before).toBeLessThanOrEqual(6 + Math.ceil(0.5 * seconds) + 1);
    bob.socket.close();
  }, 120_000);

  test('of presses on sockets that never read: closed, memory bounded, a bystander unaffected', async ({
    startWorld,
  }) => {
    const world = await startWorld(withActivity({ players: ['ann', 'eve'] }));
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const [ann] = (await ActivitySocket.openAll(world, ['ann'], instance.instanceId)) as [ActivitySocket];
    world.discord.joinActivity(world.user('eve'), { instanceId: instance.instanceId });
    const port = world.bot.activityPort() as number;
    const idle = rssMb();
    const flooders = await Promise.all(
      [0, 1].map(async () => RawSocket.open(port, await socketPathFor(world, 'eve', instance.instanceId))),
    );
    for (const eve of flooders) eve.pause();
    // Each writes presses for up to 5 s, as fast as its connection takes them, never reading a byte.
    const deadline = performance.now() + 5_000;
    const closedAt: (number | null)[] = [null, null];
    const floods = flooders.map(async (eve, f) => {
      void eve.closed.then(() => {
        closedAt[f] = performance.now();
      });
      for (let i = 0; closedAt[f] === null && performance.now() < deadline; i++) {
        const press = { type: 'press', requestId: `e${f}-${i}`, press: 'leave', dealNo: 0 };
        eve.write(frame(Buffer.from(JSON.stringify(press))));
        if (i % 200 === 0) await new Promise((r) => setTimeout(r, 1));
      }
    });
    const answered = ann.press('leave');
    await Promise.all(floods);
    expect((await answered).type).toBe('answer');
    // The bot closes both (too many presses) before the attacker gives up.
    await Promise.all(flooders.map((eve) => eve.closed));
    for (const at of closedAt) expect(at).toBeLessThan(deadline);
    expect(rssMb() - idle).toBeLessThan(100);
    expect(ann.open).toBe(true);
    expect((await ann.press('leave')).type).toBe('answer');
    ann.close();
  }, 120_000);
});
