import { connect } from 'node:net';
import { describe, expect, onTestFinished } from 'vitest';
import { test } from '../fixture.ts';
import { withActivity } from './sockets.ts';

/**
 * Request targets Node's HTTP parser takes but the WHATWG URL parser refuses: as an
 * upgrade, or as a plain request, each is answered 400 on its own connection, and the bot
 * (in this test's process) goes on serving the next request.
 */

const BAD_TARGETS = ['http://[/ws', 'http://%/ws', '//[/ws', 'http://x:99999/ws'];

/** Writes one raw request and resolves with the status line the server answered (or '' if it only closed). */
function rawRequest(port: number, target: string, upgrade: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    // A connection left unanswered is ended here: its status line is then whatever came.
    const unanswered = setTimeout(() => socket.destroy(), 5_000);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(unanswered);
      resolve(received.split('\r\n')[0] ?? '');
    });
    const upgradeHeaders = upgrade
      ? 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n'
      : 'Connection: close\r\n';
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${upgradeHeaders}\r\n`);
  });
}

describe('request targets the URL parser refuses', () => {
  test('are answered 400, and the bot serves the next request', async ({ startWorld }) => {
    const world = await startWorld(withActivity({ players: ['ann'] }));
    const crashes: unknown[] = [];
    const crashed = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', crashed);
    onTestFinished(() => void process.off('uncaughtException', crashed));
    const port = world.bot.activityPort() as number;

    for (const target of BAD_TARGETS) {
      for (const upgrade of [true, false]) {
        expect(await rawRequest(port, target, upgrade), `${target}, upgrade: ${upgrade}`).toMatch(/^HTTP\/1\.1 400/);
        const session = await fetch(`http://127.0.0.1:${port}/api/session`, {
          method: 'POST',
          body: JSON.stringify({ code: world.discord.authorizeActivity(world.user('ann')) }),
        });
        expect(session.status).toBe(200);
      }
    }
    expect(crashes).toEqual([]);
  }, 60_000);
});
