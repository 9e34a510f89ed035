import { describe, expect, it } from 'vitest';
import { type Action, apply, awaiting, createGame, type GameState } from '../../../src/engine/index.ts';

function play(s: GameState, ...actions: Action[]): GameState {
  for (const a of actions) s = apply(s, a).state;
  return s;
}

const everyoneDrops = (s: GameState): Action[] =>
  (s.deal?.players ?? []).map((playerId) => ({ type: 'declare', playerId, choice: 'drop' }));

describe('the table opened by its host', () => {
  it('seats the host when the game is created', () => {
    const s = createGame({ variant: 'three-card', rng: [1, 2, 3, 4], host: 'ann', hostName: 'Ann' });
    expect(s.players).toEqual([{ id: 'ann', name: 'Ann', legs: 0, leaving: false }]);
    expect(createGame({ variant: 'three-card', rng: [1, 2, 3, 4], host: 'ann' }).players).toEqual([]);
  });
});

describe('a countdown that ends between deals', () => {
  const opened = () =>
    play(
      createGame({ variant: 'three-card', rng: [5, 6, 7, 8], host: 'ann', hostName: 'Ann' }),
      { type: 'join', playerId: 'bob', name: 'Bob' },
      { type: 'join', playerId: 'cat', name: 'Cat' },
      { type: 'startDeal', by: 'ann' },
    );

  /** Deal 1 with everyone dropping: the pot carries to the next deal. */
  const afterOneDeal = (s: GameState) => play(s, ...everyoneDrops(s));

  it('starts the next deal', () => {
    const s = afterOneDeal(opened());
    expect(awaiting(s).kind).toBe('between-deals');
    const { state, events } = apply(s, { type: 'timeout' });
    expect(state.dealNo).toBe(s.dealNo + 1);
    expect(events).toContainEqual(expect.objectContaining({ type: 'DealStarted' }));
  });

  it('lets the first seated player deal when the host has left, and ends the game when too few are left', () => {
    let s = afterOneDeal(opened());
    expect(s.phase).toBe('between-deals');
    s = play(s, { type: 'leave', playerId: 'ann' });
    const dealt = apply(s, { type: 'timeout' });
    expect(dealt.state.deal?.players).toEqual(expect.arrayContaining(['bob', 'cat']));
    expect(dealt.state.deal?.players).not.toContain('ann');
    s = play(s, { type: 'leave', playerId: 'bob' });
    const { state, events } = apply(s, { type: 'timeout' });
    expect(state.phase).toBe('over');
    expect(events).toContainEqual(expect.objectContaining({ type: 'GameOver', pot: s.pot, reserve: s.reserve }));
  });
});
