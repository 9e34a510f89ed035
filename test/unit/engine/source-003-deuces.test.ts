import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import { Rng } from '../../../src/cards/rng.ts';
import { rankingFor } from '../../../src/engine/hand-spec.ts';
import {
  type Action,
  apply,
  awaiting,
  createGame,
  type GameEvent,
  type GameState,
  type Stack,
} from '../../../src/engine/index.ts';
import { parseOptions } from '../../../src/rules/index.ts';
import { run } from './driver.ts';

/** Source 003's variants 2 and 3 of four-two-two and four-two-three: `allDrop: "wimp-wild"`, `loneVsDeck`. */

function table(variant: string, options: Record<string, unknown>, pot = 10): GameState {
  let s = createGame({ variant, options, pot, rng: Rng.fromSeed(3).state(), host: 'ann' });
  for (const p of ['ann', 'bob', 'cat']) s = apply(s, { type: 'join', playerId: p, name: p }).state;
  return s;
}

const declare = (playerId: string, choice: 'stay' | 'drop'): Action => ({ type: 'declare', playerId, choice });
const showdownOf = (events: GameEvent[]) => {
  const sd = events.find((e) => e.type === 'Showdown');
  if (sd?.type !== 'Showdown') throw new Error('no showdown');
  return sd;
};

/** Ann alone against the deck: she holds `ann`, the deck's top cards are `deck`. */
function annAlone(variant: string, ann: string, deck: string, options: Record<string, unknown> = {}) {
  const stack: Stack = { cards: { ann: parseCards(ann) }, kitty: parseCards(deck) };
  return run(
    table(variant, { loneVsDeck: true, ...options }),
    { type: 'startDeal', by: 'ann', stack },
    declare('ann', 'stay'),
    declare('bob', 'drop'),
    declare('cat', 'drop'),
  );
}

describe('rankingFor', () => {
  it("ranks a hand shorter than the showdown's ranking by the ranking of its size (docs/RULES.md: Who wins a showdown)", () => {
    const o = parseOptions('four-two-two', {});
    expect(rankingFor(o, { ranking: 'five' }, 7)).toBe('five');
    expect(rankingFor(o, { ranking: 'five' }, 4)).toBe('four');
    expect(rankingFor(o, { ranking: 'five' }, 2)).toBe('two');
    expect(rankingFor(o, { ranking: 'three' }, 3)).toBe('three-guts');
    expect(rankingFor(parseOptions('three-card', { threeCardRanking: 'poker' }), { ranking: 'four' }, 3)).toBe(
      'three-poker',
    );
  });
});

describe('loneVsDeck', () => {
  it.each(['four-two-two', 'four-two-three'])(
    "in %s plays the lone stayer's four cards against the deck's top four, dealing nothing more",
    (variant) => {
      const { state, events } = annAlone(variant, 'Kh Kd 7c 4s', '2c 9h 9s 3d');
      const sd = showdownOf(events);
      expect(sd.opponent).toBe('deck');
      expect(sd.kittyCards).toEqual(parseCards('2c 9h 9s 3d'));
      expect(sd.kitty?.ranking).toBe('four');
      expect(sd.kitty?.category).toBe('three-of-a-kind');
      expect(sd.hands.map((h) => [h.playerId, h.hand.ranking, h.hand.category])).toEqual([['ann', 'four', 'pair']]);
      expect(sd.kittyWins).toBe(true);
      // No face-up cards and no community cards after the declaration.
      const afterReveal = events.slice(events.findIndex((e) => e.type === 'Revealed'));
      expect(afterReveal.some((e) => e.type === 'Dealt')).toBe(false);
      const matched = events.find((e) => e.type === 'PotMatched');
      expect(matched).toMatchObject({ losers: ['ann'], transfers: [{ amount: 10 }] });
      expect(state.pot).toBe(20);
      expect(state.phase).toBe('between-deals');
    },
  );

  it('lets a lone stayer who beats the deck take the pot and end the game', () => {
    const { state, events } = annAlone('four-two-two', 'As Ad 2h 5c', 'Kc Qs 8d 6h');
    expect(showdownOf(events)).toMatchObject({ winners: ['ann'], kittyWins: false, opponent: 'deck' });
    expect(events.find((e) => e.type === 'PotWon')).toMatchObject({ winners: ['ann'], transfers: [{ amount: 10 }] });
    expect(state.phase).toBe('over');
  });

  it('gives a tie to the deck, as a kitty takes its ties', () => {
    const { state, events } = annAlone('four-two-three', 'Qh Qd 8c 5s', 'Qs Qc 8d 5h');
    expect(showdownOf(events)).toMatchObject({ winners: [], losers: ['ann'], kittyWins: true, standOff: false });
    expect(state.pot).toBe(20);
  });

  it('gives a leg, not the pot, to a lone stayer who beats the deck when legs are on', () => {
    const { state } = annAlone('four-two-two', 'As Ad 2h 5c', 'Kc Qs 8d 6h', { legs: 2 });
    expect(state.players.find((p) => p.id === 'ann')?.legs).toBe(1);
    expect(state.pot).toBe(10);
  });

  it('leaves two or more stayers to each other', () => {
    const { events } = run(
      table('four-two-two', { loneVsDeck: true }),
      { type: 'startDeal', by: 'ann' },
      declare('ann', 'stay'),
      declare('bob', 'stay'),
      declare('cat', 'drop'),
    );
    const sd = showdownOf(events);
    expect(sd.opponent).toBeNull();
    expect(sd.kitty).toBeNull();
    expect(sd.hands.every((h) => h.hand.ranking === 'five')).toBe(true);
  });

  it('does not put the dealer in by default when everyone before dropped: the deck is there to beat', () => {
    const s = table('four-two-two', { loneVsDeck: true, declare: 'sequential' });
    const { state } = run(s, { type: 'startDeal', by: 'ann' }, declare('ann', 'drop'), declare('bob', 'drop'));
    expect(awaiting(state)).toMatchObject({ kind: 'declare', turn: 'cat', canDrop: true });
  });
});

describe('allDrop "wimp-wild" with four-card hands', () => {
  it('names the best dropped hand by the four-card ranking, and every dropper holding a 2 pays too', () => {
    const stack: Stack = {
      cards: { ann: parseCards('Ks Kd Kh 7c'), bob: parseCards('2c 5d 8h Jc'), cat: parseCards('Qs Qd 9c 4h') },
    };
    const { state, events } = run(
      table('four-two-two', { allDrop: 'wimp-wild' }),
      { type: 'startDeal', by: 'ann', stack },
      declare('ann', 'drop'),
      declare('bob', 'drop'),
      declare('cat', 'drop'),
    );
    const dropped = events.find((e) => e.type === 'AllDropped');
    if (dropped?.type !== 'AllDropped') throw new Error('no AllDropped');
    const payers = dropped.transfers.map((t) => (t.from.kind === 'player' ? [t.from.id, t.amount] : null));
    expect(payers.sort()).toEqual([
      ['ann', 10],
      ['bob', 10],
    ]);
    expect(state.pot).toBe(30);
  });
});
