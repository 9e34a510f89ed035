import { describe, expect, it } from 'vitest';
import { type ReplyHandle, ReplyTokens, TOKEN_FRESH_MS } from '../../src/discord/tokens.ts';

/** The three fields of a discord.js interaction that say where its reply stands. */
function handle(state: 'replied' | 'thinking' | 'deferred-update'): ReplyHandle {
  const fields = {
    replied: { deferred: false, replied: true, ephemeral: true },
    thinking: { deferred: true, replied: false, ephemeral: false },
    'deferred-update': { deferred: true, replied: false, ephemeral: null },
  }[state];
  return { ...fields } as unknown as ReplyHandle;
}

describe('ReplyTokens', () => {
  it('reaches a player through their newest interaction whose reply is posted', () => {
    let now = 0;
    const tokens = new ReplyTokens(() => now);
    const join = handle('replied');
    tokens.remember(1, 'bob', join);
    expect(tokens.fresh(1, 'bob')).toBe(join);
    const update = handle('deferred-update');
    tokens.remember(1, 'bob', update);
    expect(tokens.fresh(1, 'bob')).toBe(update);
    now += 1;
    expect(tokens.fresh(1, 'ann')).toBeNull();
  });

  it('falls back past a deferred reply not posted yet: a follow-up there would be public', () => {
    const tokens = new ReplyTokens(() => 0);
    const join = handle('replied');
    const thinking = handle('thinking');
    tokens.remember(1, 'bob', join);
    tokens.remember(1, 'bob', thinking);
    expect(tokens.fresh(1, 'bob')).toBe(join);
    // Once posted, the newest one is used again.
    (thinking as { replied: boolean }).replied = true;
    expect(tokens.fresh(1, 'bob')).toBe(thinking);
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
    expect(tokens.newest(1)).toBe(bob);
    // Bob's newest is a reply still thinking: a public follow-up would become it.
    now = 20;
    tokens.remember(1, 'bob', handle('thinking'));
    expect(tokens.newest(1)).toBe(bob);
    now = 10 + TOKEN_FRESH_MS;
    expect(tokens.alive(bob)).toBe(false);
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
    expect(tokens.alive(join)).toBe(false);
  });
});
