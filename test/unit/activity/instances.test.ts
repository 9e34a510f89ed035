import { describe, expect, it } from 'vitest';
import type { ActivityDiscord, ActivityInstance } from '../../../src/activity/discord-api.ts';
import { INSTANCE_CACHE_MS, InstanceCache } from '../../../src/activity/instances.ts';

/** Discord's instance, as the bot token reads it: who is in it changes; every read is counted. */
function fakeDiscord(users: string[]) {
  const calls = { count: 0 };
  const discord: ActivityDiscord = {
    userOfCode: async () => null,
    instance: async (instanceId): Promise<ActivityInstance> => {
      calls.count++;
      return {
        instance_id: instanceId,
        launch_id: '1',
        location: { id: 'gc-100-200', kind: 'gc', channel_id: '200', guild_id: '100' },
        users: [...users],
      };
    },
  };
  return { discord, calls };
}

describe('the Activity instance cache', () => {
  it('keeps an answer a few seconds for the users it holds', async () => {
    const { discord, calls } = fakeDiscord(['ann', 'ben']);
    let now = 0;
    const cache = new InstanceCache(discord, () => now);
    expect((await cache.get('i-1', 'ann'))?.users).toContain('ann');
    expect((await cache.get('i-1', 'ben'))?.users).toContain('ben');
    expect(calls.count).toBe(1);
    now += INSTANCE_CACHE_MS;
    await cache.get('i-1', 'ann');
    expect(calls.count).toBe(2);
  });

  it('asks again for a user the kept answer lacks: who joined a second after another is not refused', async () => {
    const users = ['ann'];
    const { discord, calls } = fakeDiscord(users);
    const now = 0;
    const cache = new InstanceCache(discord, () => now);
    await cache.get('i-1', 'ann');
    users.push('ben');
    expect((await cache.get('i-1', 'ben'))?.users).toEqual(['ann', 'ben']);
    expect(calls.count).toBe(2);
    // The fresh answer is the one kept: Ann and Ben cost no further call.
    await cache.get('i-1', 'ann');
    await cache.get('i-1', 'ben');
    expect(calls.count).toBe(2);
    // Someone not in it is asked about, and still not there.
    expect((await cache.get('i-1', 'eve'))?.users).not.toContain('eve');
  });
});

describe('the Activity instance cache, for an instance Discord does not know', () => {
  it('remembers it is missing for a while: a flood of one made-up id asks Discord once', async () => {
    let calls = 0;
    const discord: ActivityDiscord = {
      userOfCode: async () => null,
      instance: async () => {
        calls++;
        return null;
      },
    };
    let now = 0;
    const cache = new InstanceCache(discord, () => now, 30_000);
    expect(await cache.get('i-9-pc-9', 'eve')).toBeNull();
    now += INSTANCE_CACHE_MS + 1;
    for (let i = 0; i < 10; i++) expect(await cache.get('i-9-pc-9', 'eve')).toBeNull();
    expect(calls).toBe(1);
    now += 30_000;
    await cache.get('i-9-pc-9', 'eve');
    expect(calls).toBe(2);
  });

  it('drops only the failed call’s own entry, never a newer one kept since', async () => {
    let fail: (err: Error) => void = () => {};
    let calls = 0;
    const instance: ActivityInstance = {
      instance_id: 'i-1',
      launch_id: '1',
      location: { id: 'gc-100-200', kind: 'gc', channel_id: '200', guild_id: '100' },
      users: ['ann'],
    };
    const discord: ActivityDiscord = {
      userOfCode: async () => null,
      instance: () => {
        calls++;
        // The first call hangs until failed by hand; later ones answer at once.
        return calls === 1 ? new Promise((_, reject) => (fail = reject)) : Promise.resolve(instance);
      },
    };
    let now = 0;
    const cache = new InstanceCache(discord, () => now);
    const first = cache.get('i-1', 'ben');
    // The first answer is past its few seconds: asked again, a newer entry is kept.
    now += INSTANCE_CACHE_MS;
    expect((await cache.get('i-1', 'ann'))?.users).toEqual(['ann']);
    fail(new Error('Discord is down'));
    await expect(first).rejects.toThrow('Discord is down');
    await cache.get('i-1', 'ann');
    expect(calls).toBe(2);
  });
});
