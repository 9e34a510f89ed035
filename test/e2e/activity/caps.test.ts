import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Worlds } from '../fixture.ts';
import type { World } from '../world.ts';
import { RawSocket } from './raw-socket.ts';
import { socketPathFor, withActivity } from './sockets.ts';

/**
 * The Activity's caps, against the bot's own server with short timeouts: one user's
 * tickets and sockets, a heartbeat that ends a socket that stops answering, requests
 * that trickle in (headers, bodies), connections past the cap, and refusals that write
 * no line each at info.
 */

const LIMITS = {
  ticketsPerUser: 2,
  socketsPerUser: 2,
  userBurst: 50,
  addressBurst: 100,
  pingIntervalMs: 300,
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  bodyTimeoutMs: 1_000,
  maxConnections: 20,
};

/** A plain TCP connection; resolves when the bot ends it. */
function tcp(port: number): { socket: Socket; ended: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.on('data', () => {});
  return { socket, ended: new Promise((resolve) => socket.once('close', () => resolve())) };
}

describe('the Activity’s caps', () => {
  const worlds = new Worlds();
  let world: World;
  let instanceId: string;
  const infoLines: string[] = [];
  const port = () => world.bot.activityPort() as number;

  beforeAll(async () => {
    const lines = new Writable({
      write(chunk, _encoding, done) {
        infoLines.push(String(chunk));
        done();
      },
    });
    world = await worlds.start({
      ...withActivity({ players: ['ann', 'bob', 'cat'] }, LIMITS),
      log: pino({ level: 'info' }, lines),
    });
    instanceId = world.discord.launchActivity(world.user('ann'), world.channel).instanceId;
    for (const name of ['bob', 'cat']) world.discord.joinActivity(world.user(name), { instanceId });
  });
  afterAll(() => worlds.closeAll());

  it('issues a user as many tickets waiting to be used as the cap, then 429 until one is used', async () => {
    const first = await socketPathFor(world, 'bob', instanceId);
    await socketPathFor(world, 'bob', instanceId);
    await expect(socketPathFor(world, 'bob', instanceId)).rejects.toThrow(/expected 429 to be 200/);
    const used = await RawSocket.open(port(), first);
    expect(await socketPathFor(world, 'bob', instanceId)).toMatch(/^\/ws\?ticket=/);
    used.destroy();
  });

  it('opens a user as many sockets at once as the cap, then refuses the upgrade with 429', async () => {
    const open = [await RawSocket.open(port(), await socketPathFor(world, 'cat', instanceId))];
    open.push(await RawSocket.open(port(), await socketPathFor(world, 'cat', instanceId)));
    const refusedPath = await socketPathFor(world, 'cat', instanceId);
    await expect(RawSocket.open(port(), refusedPath)).rejects.toThrow(/429/);
    for (const socket of open) socket.destroy();
    // The refused upgrade did not use its ticket up: it opens once there is room.
    const tryOpen = async () => {
      try {
        (await RawSocket.open(port(), refusedPath)).destroy();
        return 'opened';
      } catch (err) {
        return String(err);
      }
    };
    await expect.poll(tryOpen, { timeout: 10_000 }).toBe('opened');
  });

  it('pings every socket and ends one that stops answering; one that answers stays', async () => {
    // A raw socket never answers a ping; the ws client does, by itself.
    const silent = await RawSocket.open(port(), await socketPathFor(world, 'ann', instanceId));
    const answering = new WebSocket(`ws://127.0.0.1:${port()}${await socketPathFor(world, 'ann', instanceId)}`);
    await new Promise((resolve) => answering.once('open', resolve));
    await silent.closed;
    await new Promise((r) => setTimeout(r, 4 * LIMITS.pingIntervalMs));
    expect(answering.readyState).toBe(WebSocket.OPEN);
    answering.close();
  });

  it('ends a request whose headers or body trickle in', async () => {
    const started = performance.now();
    const headers = tcp(port());
    headers.socket.write('POST /api/session HTTP/1.1\r\nHost: x\r\n');
    const body = tcp(port());
    body.socket.write(
      'POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const drip = setInterval(() => body.socket.write(' '), 200);
    await Promise.all([headers.ended, body.ended]);
    clearInterval(drip);
    // Well before Node's defaults (a minute for headers, five for a request).
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('holds no more connections than the cap, and serves again once they go', async () => {
    const held = Array.from({ length: 40 }, () => tcp(port()));
    // Past the cap, Node ends the connection as soon as it is accepted.
    await Promise.race([Promise.all(held.slice(20).map((c) => c.ended)), new Promise((r) => setTimeout(r, 10_000))]);
    expect(held.slice(20).every((c) => c.socket.destroyed)).toBe(true);
    for (const c of held) c.socket.destroy();
    await expect.poll(() => socketPathFor(world, 'ann', instanceId).then(() => true), { timeout: 10_000 }).toBe(true);
  });

  it('writes no info line per refused upgrade or request', async () => {
    const before = infoLines.length;
    for (let i = 0; i < 50; i++) {
      await RawSocket.open(port(), `/ws?ticket=forged-${i}`).catch(() => null);
      await fetch(`http://127.0.0.1:${port()}/api/session`, { method: 'POST', body: '{"code":"made-up"}' });
    }
    expect(infoLines.slice(before).filter((l) => /refused/.test(l))).toEqual([]);
  });
});
