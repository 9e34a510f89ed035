import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/card.ts';
import { type Action, apply, awaiting, createGame, type GameEvent, type GameState } from '../../../src/engine/index.ts';

const cards = (...texts: string[]) => texts.map((t) => parseCard(t));

/**
 * docs/RULES.md: The variants, settled reading (source 004, five-card draw): a player who says "in"
 * draws at once, before the next player is asked, so later players see how many cards
 * earlier players took.
 */
describe('five-card draw: drawing in turn', () => {
  function dealt(): GameState {
    let s = createGame({ variant: 'five-card-draw', rng: [9, 8, 7, 6], host: 'ann', hostName: 'ann', pot: 10 });
    for (const p of ['bob', 'cat']) s = apply(s, { type: 'join', playerId: p, name: p }).state;
    const stack = {
      cards: {
        ann: cards('As', 'Ad', '7c', '4h', '2s', 'Ac', 'Kd'),
        bob: cards('Ks', 'Kh', 'Qc', 'Jd', '3s'),
        cat: cards('9s', '9h', '5c', '6d', '8s', '9d'),
      },
    };
    return apply(s, { type: 'startDeal', by: 'ann', stack }).state;
  }
  const run = (s: GameState, ...actions: Action[]) => {
    const events: GameEvent[] = [];
    for (const a of actions) {
      const r = apply(s, a);
      s = r.state;
      events.push(...r.events);
    }
    return { s, events };
  };

  it('asks the next player only after the one who said "in" has drawn', () => {
    let { s } = run(dealt(), { type: 'declare', playerId: 'ann', choice: 'stay' });
    expect(awaiting(s)).toEqual({ kind: 'draw', pending: ['ann'], max: 3, turn: 'ann' });
    expect(() => apply(s, { type: 'declare', playerId: 'bob', choice: 'stay' })).toThrow(/drawing/);
    const ann = s.deal?.hands.ann ?? [];
    ({ s } = run(s, { type: 'draw', playerId: 'ann', cards: ann.slice(2, 4) }));
    expect(s.deal?.drawn).toEqual({ ann: 2 });
    expect(awaiting(s)).toMatchObject({ kind: 'declare', turn: 'bob' });
    // Bob lets his draw's countdown run out: he keeps his cards, and the turn moves on.
    ({ s } = run(s, { type: 'declare', playerId: 'bob', choice: 'stay' }, { type: 'timeout' }));
    expect(s.deal?.drawn).toEqual({ ann: 2, bob: 0 });
    const last = run(s, { type: 'declare', playerId: 'cat', choice: 'stay' });
    expect(awaiting(last.s)).toEqual({ kind: 'draw', pending: ['cat'], max: 3, turn: 'cat' });
    const end = run(last.s, { type: 'draw', playerId: 'cat', cards: [s.deal?.hands.cat?.[2] as number] });
    // Everyone drew in turn: no second draw; straight to the showdown.
    expect(end.events.map((e) => e.type)).toContain('Showdown');
    expect(end.s.phase).not.toBe('deal');
  });
});
