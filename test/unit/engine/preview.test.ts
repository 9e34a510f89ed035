import { describe, expect, it } from 'vitest';
import { apply, createGame, type GameState } from '../../../src/engine/index.ts';
import { dropCost, handPreview } from '../../../src/engine/preview.ts';

function dealt(variant: string, options: Record<string, unknown> = {}): GameState {
  let s = createGame({ variant, options, rng: [9, 8, 7, 6], host: 'a' });
  for (const id of ['a', 'b', 'c']) s = apply(s, { type: 'join', playerId: id, name: id }).state;
  return apply(s, { type: 'startDeal', by: 'a' }).state;
}

describe('what a player may know of their own hand mid-deal', () => {
  it('counts the Iron Cross 4th card still to come in the odds, and only visible board cards', () => {
    let s = dealt('iron-cross', { ante: 10 });
    const first = handPreview(s, 'a');
    expect(first.hand?.ranking).toBe('three-guts');
    expect(first.equity).toMatchObject({ privateCardsAtShowdown: 4, opponents: 2 });
    expect(dropCost(s)).toBe(0);
    for (const id of ['a', 'b', 'c']) s = apply(s, { type: 'declare', playerId: id, choice: 'stay' }).state;
    const second = handPreview(s, 'a');
    expect(second.equity?.privateCards).toHaveLength(4);
    expect(second.equity).not.toHaveProperty('privateCardsAtShowdown');
    expect(dropCost(s)).toBe(3); // 10% of 30, rounded half up
  });

  it('gives no hand or odds for Indian guts, where your own card is hidden from you', () => {
    expect(handPreview(dealt('indian'), 'a')).toEqual({ hand: null, equity: null });
  });

  it('leaves odds out for someone not in the deal', () => {
    expect(handPreview(dealt('three-card'), 'stranger')).toEqual({ hand: null, equity: null });
  });
});
