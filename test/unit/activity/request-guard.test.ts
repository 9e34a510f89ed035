import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ActivityDiscord } from '../../../src/activity/discord-api.ts';
import {
  addressKey,
  clientAddress,
  Gate,
  GateByKey,
  gatedDiscord,
  HttpRefusal,
  isInstanceId,
  KeyedBuckets,
  WaitingTickets,
} from '../../../src/activity/request-guard.ts';

const request = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe("the Activity's request guards", () => {
  it('takes an address from X-Forwarded-For only when a trusted proxy sent it, and then the one it added', () => {
    expect(clientAddress(request('203.0.113.9', '10.0.0.1'), [])).toBe('203.0.113.9');
    expect(clientAddress(request('203.0.113.9', '10.0.0.1'), ['127.0.0.1'])).toBe('203.0.113.9');
    // What the client wrote comes first; the proxy appends the address it saw.
    expect(clientAddress(request('127.0.0.1', '10.0.0.1, 198.51.100.4'), ['127.0.0.1'])).toBe('198.51.100.4');
    expect(clientAddress(request('127.0.0.1'), ['127.0.0.1'])).toBe('127.0.0.1');
  });

  it("knows an instance id by Discord's form, in a server's channel or a DM", () => {
    expect(isInstanceId('i-1276580072400224306-gc-1273143298767802479-1273143299380117577')).toBe(true);
    expect(isInstanceId('i-1276580072400224306-pc-1273143299380117577')).toBe(true);
    for (const forged of ['', 'i-1', '../../users/@me', 'i-1-gc-2-3?x=1', `i-${'9'.repeat(30)}-pc-1`, 'I-1-pc-2'])
      expect(isInstanceId(forged)).toBe(false);
  });

  it('gives each key its own bucket, refilled with time', () => {
    const buckets = new KeyedBuckets(2, 1);
    expect([buckets.take('a', 0), buckets.take('a', 0), buckets.take('a', 0)]).toEqual([true, true, false]);
    expect(buckets.take('b', 0)).toBe(true);
    expect(buckets.take('a', 1_000)).toBe(true);
  });

  it('runs the cap of Discord calls at once, lets a few wait their turn, and refuses more with 429', async () => {
    const pending: (() => void)[] = [];
    const discord: ActivityDiscord = {
      userOfCode: () => new Promise((resolve) => pending.push(() => resolve(null))),
      instance: async () => null,
    };
    const gated = gatedDiscord(discord, 2, 1, 60_000);
    const running = [gated.userOfCode('a'), gated.userOfCode('b')];
    const waiting = gated.userOfCode('c');
    await expect(gated.userOfCode('d')).rejects.toEqual(new HttpRefusal(429, 'busy'));
    expect(gated.load()).toBe(3);
    pending.shift()?.();
    await running[0];
    // The waiting call took the place freed.
    await expect.poll(() => pending.length).toBe(2);
    for (const done of pending.splice(0)) done();
    await Promise.all([running[1], waiting]);
    expect(gated.load()).toBe(0);
  });

  it('refuses a call that waited its longest', async () => {
    const gate = new Gate(1, 5, 20);
    const never = gate.run(() => new Promise(() => {}));
    await expect(gate.run(async () => 1)).rejects.toEqual(new HttpRefusal(429, 'busy'));
    expect(gate.load).toBe(1);
    void never;
  });

  it('gives each address its own gate', async () => {
    const gates = new GateByKey(1, 0);
    let release = () => {};
    const held = gates.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    await expect(gates.run('a', async () => 1)).rejects.toEqual(new HttpRefusal(429, 'busy'));
    expect(await gates.run('b', async () => 2)).toBe(2);
    release();
    await held;
    expect(await gates.run('a', async () => 3)).toBe(3);
  });

  it("caps a user's tickets waiting to be used, until one is used or expires", () => {
    const waiting = new WaitingTickets(2);
    waiting.issued('ann', 't1', 100);
    waiting.issued('ann', 't2', 200);
    expect(waiting.hasRoom('ann', 0)).toBe(false);
    expect(waiting.hasRoom('bob', 0)).toBe(true);
    waiting.used('ann', 't1');
    expect(waiting.hasRoom('ann', 0)).toBe(true);
    waiting.issued('ann', 't3', 300);
    expect(waiting.hasRoom('ann', 250)).toBe(true);
  });

  it('forgets the least recently seen users past its bound: users who never return are not kept for ever', () => {
    const waiting = new WaitingTickets(2, 100);
    for (let i = 0; i < 1_000; i++) waiting.issued(`user-${i}`, `ticket-${i}`, 30_000);
    expect(waiting.size).toBe(100);
    expect(waiting.hasRoom('user-999', 0)).toBe(true);
  });

  it('keys an IPv6 address by its /64, and an IPv4-mapped one as its IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('refuses the Activity’s Discord calls past their rate, however few are in flight', async () => {
    let calls = 0;
    const discord: ActivityDiscord = {
      userOfCode: async () => {
        calls++;
        return null;
      },
      instance: async () => null,
    };
    let now = 0;
    const gated = gatedDiscord(discord, 8, 64, 5_000, { perSecond: 10, burst: 20, now: () => now });
    const outcomes = [];
    for (let i = 0; i < 30; i++)
      outcomes.push(
        await gated.userOfCode('c').then(
          () => 'called',
          (e) => e.reason,
        ),
      );
    expect(outcomes.filter((o) => o === 'called')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'discord-rate')).toHaveLength(10);
    now += 1_000;
    expect(await gated.userOfCode('c')).toBeNull();
    expect(calls).toBe(21);
  });
});
