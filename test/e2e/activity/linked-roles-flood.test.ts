import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDiscord } from '../../../src/activity/discord-api.ts';
import { type ActivityServer, startActivityServer } from '../../../src/activity/http-server.ts';
import { linkedRoles } from '../../../src/activity/linked-roles.ts';

/**
 * Linked roles' callback exchanges a code with Discord, as a sign-in does, and anyone can
 * fetch a good state from `/linked-roles`: a flood of callbacks with random codes from
 * one address is held to that address's bucket and share of the calls in flight, never
 * passed through to Discord one call each.
 */
describe("linked roles' callback under a flood", () => {
  let server: ActivityServer;
  let exchanges = 0;
  const discord: ActivityDiscord = {
    userOfCode: async () => {
      exchanges++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    },
    instance: async () => null,
  };

  beforeAll(async () => {
    server = await startActivityServer({
      port: 0,
      host: '127.0.0.1',
      clientSecret: 'a secret of the tests',
      discord,
      hub: { attach: (socket) => socket.close() },
      log: pino({ level: 'silent' }),
      limits: { addressBurst: 20, addressPerSecond: 1 },
      linkedRoles: (gated) =>
        linkedRoles({
          clientSecret: 'a secret of the tests',
          applicationId: () => '1',
          discord: gated,
          link: async () => {},
          log: pino({ level: 'silent' }),
          now: Date.now,
        }),
    });
  });
  afterAll(() => server.close());

  it('answers 429 past the bucket, and makes no more exchanges than the bucket lets through', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const start = await fetch(`${base}/linked-roles`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    expect(state).not.toBe('');
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        fetch(`${base}/linked-roles/callback?state=${state}&code=forged${i + j}`).then((r) => r.status),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0);
    // The bucket's 20, and at most what it refilled while the flood ran.
    expect(exchanges).toBeLessThanOrEqual(20 + 10);
  });
});
