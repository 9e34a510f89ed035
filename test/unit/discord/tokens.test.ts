import { describe, expect, it } from 'vitest';
import { type AnsweredInteraction, ReplyTokens, TOKEN_FRESH_MS } from '../../../src/discord/tokens.ts';

/** The fields of a discord.js interaction a token handle reads, and the three that say where its reply stands. */
function handle(state: 'replied' | 'thinking' | 'deferred-update'): AnsweredInteraction {
  const fields = {
    replied: { deferred: false, replied: true, ephemeral: true },
    thinking: { deferred: true, replied: false, ephemeral: false },
    'deferred-update': { deferred: true, replied: false, ephemeral: null },
  }[state];
  return {
    client: {},
    applicationId: '1',
    token: 't',
    channelId: '2',
    authorizingIntegrationOwners: { guildId: '9', userId: null },
    ...fields,
  } as unknown as AnsweredInteraction;
}

describe('ReplyTokens', () => {
  it('reaches a player through their newest interaction whose reply is posted', () => {
    let now = 0;
    const tokens = new ReplyTokens(() => now);
    const join = handle('replied');
    tokens.remember(1, 'bob', join);
    expect(tokens.fresh(1, 'bob')).toBe(tokens.handleOf(join));
    const update = handle('deferred-update');
    tokens.remember(1, 'bob', update);
    expect(tokens.fresh(1, 'bob')).toBe(tokens.handleOf(update));
    now += 1;
    expect(tokens.fresh(1, 'ann')).toBeNull();
  });

  it('falls back past a deferred reply not posted yet: a follow-up there would be public', () => {
    const tokens = new ReplyTokens(() => 0);
    const join = handle('replied');
    const thinking = handle('thinking');
    tokens.remember(1, 'bob', join);
    tokens.remember(1, 'bob', thinking);
    expect(tokens.fresh(1, 'bob')).toBe(tokens.handleOf(join));
    // Once posted, the newest one is used again.
    (thinking as { replied: boolean }).replied = true;
    expect(tokens.fresh(1, 'bob')).toBe(tokens.handleOf(thinking));
  });

  it('gives nothing once every kept token is too old, or the table is forgotten', () => {
    let now = 0;
    const tokens = new ReplyTokens(() => now);
    tokens.remember(1, 'bob', handle('replied'));
    now = TOKEN_FRESH_MS;
    expect(tokens.fresh(1, 'bob')).toBeNull();
    tokens.remember(1, 'bob', handle('replied'));
    tokens.forget(1);
    expect(tokens.fresh(1, 'bob')).toBeNull();
  });

  it("carries the table's public messages on its youngest usable token, whoever pressed", () => {
    let now = 0;
    const tokens = new ReplyTokens(() => now);
    expect(tokens.newest(1)).toBeNull();
    const ann = handle('replied');
    tokens.remember(1, 'ann', ann);
    now = 10;
    const bob = handle('replied');
    tokens.remember(1, 'bob', bob);
    tokens.remember(2, 'cat', handle('replied'));
    expect(tokens.newest(1)).toBe(tokens.handleOf(bob));
    // Bob's newest is a reply still thinking: a public follow-up would become it.
    now = 20;
    tokens.remember(1, 'bob', handle('thinking'));
    expect(tokens.newest(1)).toBe(tokens.handleOf(bob));
    now = 10 + TOKEN_FRESH_MS;
    expect(tokens.alive(tokens.handleOf(bob))).toBe(false);
    expect(tokens.newest(1)).toBeNull();
  });

  it('dates a token from when it was first remembered, not from later presses of the same interaction', () => {
    let now = 0;
    const tokens = new ReplyTokens(() => now);
    const join = handle('replied');
    tokens.remember(1, 'bob', join);
    now = TOKEN_FRESH_MS - 1;
    tokens.remember(1, 'bob', join);
    now = TOKEN_FRESH_MS;
    expect(tokens.alive(tokens.handleOf(join))).toBe(false);
  });

  it('keeps of an interaction only what its token is used for: never the interaction, its message or its member', () => {
    const tokens = new ReplyTokens(() => 0);
    const interaction = {
      ...handle('replied'),
      message: { id: '9', components: [{ big: 'x'.repeat(10_000) }] },
      member: { user: { id: '3' } },
    } as unknown as AnsweredInteraction;
    const kept = tokens.remember(1, 'bob', interaction);
    // Everything reachable from the handle, the client aside (one per bot).
    const seen = new Set<unknown>();
    const walk = (value: unknown): void => {
      if (typeof value !== 'object' || value === null || seen.has(value) || value === interaction.client) return;
      seen.add(value);
      if (value instanceof WeakRef) return; // does not keep what it points at
      for (const key of Reflect.ownKeys(value)) walk((value as Record<string | symbol, unknown>)[key]);
    };
    walk(kept);
    expect(seen.has(interaction)).toBe(false);
    expect(seen.has((interaction as unknown as { message: unknown }).message)).toBe(false);
    expect(JSON.stringify([...seen].filter((v) => !(v instanceof WeakRef)))).not.toMatch(/xxxx|member/);
    expect(kept.channelId).toBe('2');
    expect(kept.via.applicationId).toBe('1');
    // The token is kept for calls, never written out (a log line with the handle).
    expect(kept.via.token).toBe('t');
    expect(JSON.stringify(kept.via)).not.toMatch(/token|"t"/);
  });
});
