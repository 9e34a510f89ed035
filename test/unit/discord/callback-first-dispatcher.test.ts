import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CallbackFirstDispatcher, isInteractionCallback } from '../../../src/discord/callback-first-dispatcher.ts';

describe('isInteractionCallback', () => {
  it('is true only for an interaction callback', () => {
    expect(isInteractionCallback('/api/v10/interactions/123/aBc-_d/callback')).toBe(true);
    expect(isInteractionCallback('/api/v10/interactions/123/tok/callback?with_response=true')).toBe(true);
    expect(isInteractionCallback('/api/v10/webhooks/1/tok')).toBe(false);
    expect(isInteractionCallback('/api/v10/webhooks/1/tok/messages/@original')).toBe(false);
    expect(isInteractionCallback('/api/v10/channels/1/messages')).toBe(false);
  });
});

/** A Discord stand-in that answers callbacks at once and holds every other request until released. */
async function holdingServer() {
  const held: ServerResponse[] = [];
  let waiting: (() => void) | null = null;
  let holding = true;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (!holding || isInteractionCallback(request.url ?? '')) return void response.end('{}');
      held.push(response);
      waiting?.();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    api: `http://127.0.0.1:${port}/api`,
    held,
    async heldAtLeast(n: number) {
      while (held.length < n) await new Promise<void>((resolve) => (waiting = resolve));
    },
    release() {
      holding = false;
      for (const response of held) response.end('{}');
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

describe('CallbackFirstDispatcher', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('answers a press while every socket of the shared pool waits on a follow-up', async () => {
    const discord = await holdingServer();
    cleanup.push(() => discord.close());
    const lanes = new CallbackFirstDispatcher({ callbacks: 2, others: 2 });
    cleanup.push(() => lanes.destroy());
    const rest = new REST({ api: discord.api, retries: 0, timeout: 30_000 }).setToken('t').setAgent(lanes);
    // Four follow-ups on different tokens (discord.js queues one route's requests one by
    // one): two hold both sockets of the shared pool, two wait for one.
    const followUps = ['a', 'b', 'c', 'd'].map((token) =>
      rest.post(Routes.webhook('1', token), { body: { content: 'cards' }, auth: false }),
    );
    await discord.heldAtLeast(2);
    const answered = await rest.post(Routes.interactionCallback('9', 'press'), { body: { type: 6 }, auth: false });
    expect(answered).toEqual({});
    expect(discord.held).toHaveLength(2);
    discord.release();
    expect(await Promise.all(followUps)).toEqual([{}, {}, {}, {}]);
  });
});
