import { describe, expect, it } from 'vitest';
import type { ActivityDiscord, ActivityInstance } from '../../../src/activity/discord-api.ts';
import { InstanceCache } from '../../../src/activity/instances.ts';
import { SESSION_LIFETIME_MS, Sessions } from '../../../src/activity/sessions.ts';
import { shardOfPlace, TICKET_LIFETIME_MS, Tickets } from '../../../src/activity/tickets.ts';

/**
 * Who a page is (sessions.ts, from the code Discord gives its `authorize`) and the
 * tickets that open its WebSocket (tickets.ts: only for a user Discord says is in the
 * instance, in the channel it runs in, once, on the shard that owns the table).
 */

const ANN = { id: '1', username: 'ann', global_name: 'Ann', avatar: null, locale: 'fr' };
const instance: ActivityInstance = {
  instance_id: 'i-1',
  launch_id: 'launch-1',
  location: { id: 'loc', kind: 'gc', channel_id: '200', guild_id: '100' },
  users: ['1'],
};

function world(shard = { id: 0, count: 1 }) {
  let now = 1_000;
  const discord: ActivityDiscord = {
    userOfCode: async (code) =>
      code === 'good' ? { accessToken: 'access', refreshToken: 'refresh', expiresIn: 604_800, user: ANN } : null,
    instance: async (id) => (id === instance.instance_id ? instance : null),
  };
  const sessions = new Sessions('secret', discord, () => now);
  const tickets = new Tickets('secret', sessions, new InstanceCache(discord, () => now), shard, () => now);
  return { sessions, tickets, later: (ms: number) => (now += ms) };
}

describe('a session', () => {
  it("is Discord's word on the code's user, for ten minutes", async () => {
    const { sessions, later } = world();
    expect(await sessions.open('made up')).toBeNull();
    const opened = await sessions.open('good');
    const user = { userId: '1', username: 'ann', globalName: 'Ann', avatar: null, locale: 'fr' };
    expect(opened).toMatchObject({ accessToken: 'access', user });
    expect(sessions.read(opened?.session ?? '')).toEqual(user);
    later(SESSION_LIFETIME_MS);
    expect(sessions.read(opened?.session ?? '')).toBeNull();
    expect(sessions.read('forged.session')).toBeNull();
  });
});

describe('a ticket', () => {
  it('opens one socket, for a user in the instance, in its channel, within 30 s', async () => {
    const { sessions, tickets, later } = world();
    const session = (await sessions.open('good'))?.session ?? '';
    const answer = await tickets.issue(session, { instanceId: 'i-1', channelId: '200' });
    if (typeof answer === 'string') throw new Error(answer);
    expect(answer.socket).toBe(`/ws?ticket=${encodeURIComponent(answer.ticket)}`);
    const who = tickets.redeem(answer.ticket);
    expect(who).toMatchObject({
      userId: '1',
      instanceId: 'i-1',
      launchId: 'launch-1',
      channelId: '200',
      guildId: '100',
    });
    expect(tickets.redeem(answer.ticket)).toBeNull(); // once
    const late = await tickets.issue(session, { instanceId: 'i-1' });
    if (typeof late === 'string') throw new Error(late);
    later(TICKET_LIFETIME_MS);
    expect(tickets.redeem(late.ticket)).toBeNull();
  });

  it('is refused, with why, to a bad session, an unknown instance, a user not in it, or another channel', async () => {
    const { sessions, tickets } = world();
    const session = (await sessions.open('good'))?.session ?? '';
    expect(await tickets.issue('forged', { instanceId: 'i-1' })).toBe('session');
    expect(await tickets.issue(session, { instanceId: 'i-2' })).toBe('instance');
    expect(await tickets.issue(session, { instanceId: 'i-1', channelId: '999' })).toBe('other-channel');
    const bob = world();
    const bobs = new Sessions(
      'secret',
      {
        userOfCode: async () => ({
          accessToken: 'b',
          refreshToken: 'rb',
          expiresIn: 604_800,
          user: { ...ANN, id: '2' },
        }),
        instance: async () => instance,
      },
      () => 1_000,
    );
    const bobSession = (await bobs.open('any'))?.session ?? '';
    expect(await bob.tickets.issue(bobSession, { instanceId: 'i-1' })).toBe('not-in-instance');
    expect(tickets.redeem('not a ticket')).toBeNull();
  });

  it("opens on the shard that owns the table's server, and only there", async () => {
    const count = 4;
    const owner = shardOfPlace('100', count);
    expect(shardOfPlace(null, count)).toBe(0);
    const { sessions, tickets } = world({ id: owner, count });
    const session = (await sessions.open('good'))?.session ?? '';
    const answer = await tickets.issue(session, { instanceId: 'i-1' });
    if (typeof answer === 'string') throw new Error(answer);
    expect(answer.socket.startsWith(`/s/${owner}/ws?ticket=`)).toBe(true);
    const elsewhere = world({ id: (owner + 1) % count, count });
    expect(elsewhere.tickets.redeem(answer.ticket)).toBeNull();
    expect(tickets.redeem(answer.ticket)).not.toBeNull();
  });
});
