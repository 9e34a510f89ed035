import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ReactionFrame, ServerFrame } from '../../../src/activity/frames.ts';
import { ActivityHub, CLOSE_POLICY, type HubSocket } from '../../../src/activity/hub.ts';
import type { ActivityIdentity } from '../../../src/activity/identity.ts';
import { REACTION_LIMITS } from '../../../src/activity/reactions.ts';

/**
 * Reactions through the hub (issue 55): a fixed emote by index reaches every page of the
 * channel, within a socket's and a channel's limits; anything else a page sends as a
 * reaction (text, an emote out of the list) closes its socket, as a bad press does.
 */

class FakeSocket implements HubSocket {
  frames: (ServerFrame | ReactionFrame)[] = [];
  closed: number | null = null;
  private readonly handlers = { message: [] as ((d: unknown, b: boolean) => void)[], close: [] as (() => void)[] };

  send(data: string): void {
    this.frames.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closed = code ?? 1000;
    for (const h of this.handlers.close) h();
  }

  on(event: 'message' | 'close', listener: (...args: never[]) => void): this {
    (this.handlers[event] as unknown[]).push(listener);
    return this;
  }

  deliver(message: unknown): void {
    for (const h of this.handlers.message) h(Buffer.from(JSON.stringify(message)), false);
  }

  get reactions(): ReactionFrame[] {
    return this.frames.filter((f): f is ReactionFrame => f.type === 'reaction');
  }
}

const who = (userId: string, channelId = '200'): ActivityIdentity => ({
  userId,
  username: `u${userId}`,
  globalName: null,
  avatar: null,
  locale: 'en-US',
  instanceId: `i-${channelId}`,
  launchId: '1300000000000000000',
  channelId,
  guildId: '100',
});

function hubAt(clock: { now: number }) {
  // No table in any channel: reactions need none, and nothing here reads one.
  return new ActivityHub({
    tables: {
      pressTarget: () => {
        throw new Error('no press here');
      },
      tableIn: async () => null,
      gameNets: async () => {
        throw new Error('no table');
      },
      heldNets: () => undefined,
      standings: async () => {
        throw new Error('no table');
      },
      openGame: async () => {
        throw new Error('no table');
      },
      endedGame: async () => {
        throw new Error('no table');
      },
      newestBadges: async () => new Map(),
    },
    commits: {
      inFlight: 0,
      press: () => {
        throw new Error('no press here');
      },
      run: () => {
        throw new Error('no press here');
      },
    },
    log: pino({ level: 'silent' }),
    now: () => clock.now,
  });
}

async function attached(hub: ActivityHub, id: ActivityIdentity): Promise<FakeSocket> {
  const socket = new FakeSocket();
  hub.attach(socket, id);
  await expect.poll(() => socket.frames[0]?.type).toBe('snapshot');
  return socket;
}

describe('reactions in the Activity', () => {
  it("reach every page of the channel, and no other channel's", async () => {
    const clock = { now: 1_000_000 };
    const hub = hubAt(clock);
    const [ann, bob, elsewhere] = [
      await attached(hub, who('1')),
      await attached(hub, who('2')),
      await attached(hub, who('3', '201')),
    ];
    bob.deliver({ type: 'react', emote: 3 });
    expect(ann.reactions).toEqual([{ type: 'reaction', from: '2', emote: 3 }]);
    expect(bob.reactions).toEqual([{ type: 'reaction', from: '2', emote: 3 }]);
    expect(elsewhere.reactions).toEqual([]);
  });

  it("hold one socket to its burst and rate, and a channel's to its own, whoever reacts", async () => {
    const clock = { now: 1_000_000 };
    const hub = hubAt(clock);
    const pages = [];
    for (let i = 1; i <= 8; i++) pages.push(await attached(hub, who(String(i))));
    const [first] = pages as [FakeSocket];
    for (let i = 0; i < 10; i++) first.deliver({ type: 'react', emote: 0 });
    expect(first.reactions).toHaveLength(REACTION_LIMITS.socketBurst);
    expect(first.closed).toBeNull();
    // Every page reacts at once: the channel's pages are sent its burst, no more.
    for (const page of pages.slice(1)) for (let i = 0; i < 3; i++) page.deliver({ type: 'react', emote: 1 });
    expect(first.reactions).toHaveLength(REACTION_LIMITS.channelBurst);
    // A while later the socket has reactions back.
    clock.now += 1000 / REACTION_LIMITS.socketPerSecond;
    first.deliver({ type: 'react', emote: 2 });
    expect(first.reactions.at(-1)).toEqual({ type: 'reaction', from: '1', emote: 2 });
  });

  it('close a socket that floods on, or that sends text or an emote outside the list', async () => {
    const clock = { now: 1_000_000 };
    const hub = hubAt(clock);
    const flood = await attached(hub, who('1'));
    for (let i = 0; i < 200 && flood.closed === null; i++) flood.deliver({ type: 'react', emote: 0 });
    expect(flood.closed).toBe(CLOSE_POLICY);
    for (const forged of [
      { type: 'react', emote: 0, text: 'hello' },
      { type: 'react', emote: 5 },
      { type: 'react', emote: -1 },
      { type: 'react', emote: '👏' },
      { type: 'react', emote: 1.5 },
    ]) {
      const page = await attached(hub, who('2'));
      page.deliver(forged);
      expect(page.closed).toBe(CLOSE_POLICY);
    }
  });
});
