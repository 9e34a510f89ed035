import { describe, expect, it } from 'vitest';
import { type Card, parseCards } from '../../../src/cards/card.ts';
import { Rng } from '../../../src/cards/rng.ts';
import { equity, type RankingId } from '../../../src/hands/index.ts';
import { referenceScore } from './reference.ts';

function combos(deck: readonly Card[], k: number): Card[][] {
  if (k === 0) return [[]];
  if (deck.length < k) return [];
  const [first, ...rest] = deck as [Card, ...Card[]];
  return [...combos(rest, k - 1).map((c) => [first, ...c]), ...combos(rest, k)];
}

const deckWithout = (cards: readonly Card[]): Card[] =>
  Array.from({ length: 52 }, (_, c) => c).filter((c) => !cards.includes(c));

/** Share of the pot against every pair of opponent hands, by brute force with the reference evaluator. */
function exactVsTwo(mine: Card[], ranking: RankingId): { beatOne: number; beatAll: number } {
  const deck = deckWithout(mine);
  const my = referenceScore(mine, ranking);
  const hands = combos(deck, mine.length).map((cards) => ({ cards, value: referenceScore(cards, ranking) }));
  const one = hands.reduce((sum, h) => sum + (h.value < my ? 1 : h.value === my ? 0.5 : 0), 0) / hands.length;
  let all = 0;
  let deals = 0;
  for (const a of hands) {
    for (const b of hands) {
      if (a.cards.some((c) => b.cards.includes(c))) continue;
      deals++;
      if (a.value > my || b.value > my) continue;
      all += 1 / (1 + (a.value === my ? 1 : 0) + (b.value === my ? 1 : 0));
    }
  }
  return { beatOne: one, beatAll: all / deals };
}

describe('equity', () => {
  it('is exact heads-up in three-card guts (18,424 hands), matching brute force', () => {
    const mine = parseCards('Qh Qd 7c');
    const r = equity({ privateCards: mine, ranking: 'three-guts', opponents: 1 }, Rng.fromSeed(1));
    expect(r.exact).toBe(true);
    expect(r.samples).toBe(18424);
    expect(r.halfWidth).toBe(0);
    const my = referenceScore(mine, 'three-guts');
    const opponents = combos(deckWithout(mine), 3);
    const expected =
      opponents.reduce((sum, h) => {
        const v = referenceScore(h, 'three-guts');
        return sum + (v < my ? 1 : v === my ? 0.5 : 0);
      }, 0) / opponents.length;
    expect(r.beatOne).toBeCloseTo(expected, 12);
    expect(r.beatAll).toBe(r.beatOne);
  });

  it('counts a tie as half a win', () => {
    // One-card guts with the ace of spades: 48 cards lose to it, 3 aces tie.
    const r = equity({ privateCards: parseCards('As'), ranking: 'one', opponents: 1 }, Rng.fromSeed(1));
    expect(r.exact).toBe(true);
    expect(r.beatOne).toBeCloseTo((48 + 3 / 2) / 51, 12);
  });

  it('is exact against several opponents when the deals are few, sharing ties among all who tie', () => {
    const r = equity({ privateCards: parseCards('Ks'), ranking: 'one', opponents: 2 }, Rng.fromSeed(1));
    expect(r.exact).toBe(true);
    expect(r.samples).toBe(51 * 50);
    const expected = exactVsTwo(parseCards('Ks'), 'one');
    expect(r.beatOne).toBeCloseTo(expected.beatOne, 12);
    expect(r.beatAll).toBeCloseTo(expected.beatAll, 12);
  });

  it('Monte Carlo lands within its interval of the exact answer (two-card guts, two opponents)', () => {
    const mine = parseCards('9c 9d');
    const expected = exactVsTwo(mine, 'two');
    const r = equity({ privateCards: mine, ranking: 'two', opponents: 2 }, Rng.fromSeed(7));
    expect(r.exact).toBe(false);
    expect(r.halfWidth).toBeLessThanOrEqual(0.01);
    expect(r.beatOne).toBeCloseTo(expected.beatOne, 12); // one opponent is still enumerated
    expect(Math.abs(r.beatAll - expected.beatAll)).toBeLessThanOrEqual(0.015);
  });

  it('samples the board positions not dealt yet', () => {
    // One-card hands that may use a shared card X still face down. The ace of spades ties
    // whenever X is an ace (3 in 51) and otherwise when the opponent holds an ace (3 in 50).
    const r = equity(
      {
        privateCards: parseCards('As'),
        ranking: 'one',
        board: {},
        lines: [['X']],
        use: { privateMin: 0, privateMax: 1, boardMin: 0, boardMax: 1 },
        opponents: 1,
      },
      Rng.fromSeed(3),
    );
    expect(r.exact).toBe(false);
    expect(r.halfWidth).toBeLessThanOrEqual(0.01);
    const expected = (3 / 51) * 0.5 + (48 / 51) * (1 - 3 / 50 / 2);
    expect(Math.abs(r.beatOne - expected)).toBeLessThanOrEqual(0.015);
    expect(r.beatAll).toBe(r.beatOne);
  });

  it('deals the private cards still to come: with none seen yet, every seat is alike', () => {
    // By symmetry a hand nobody has seen beats one random hand half the time (ties split)
    // and is the best of four hands a quarter of the time.
    const r = equity(
      { privateCards: [], privateCardsAtShowdown: 3, ranking: 'three-guts', opponents: 3 },
      Rng.fromSeed(4),
    );
    expect(r.exact).toBe(false);
    expect(r.halfWidth).toBeLessThanOrEqual(0.01);
    expect(Math.abs(r.beatOne - 1 / 2)).toBeLessThanOrEqual(0.015);
    expect(Math.abs(r.beatAll - 1 / 4)).toBeLessThanOrEqual(0.015);
  });

  it('deals the missing cards of a hand too short to score (two-plus-one before the third card)', () => {
    const r = equity({ privateCards: parseCards('Ah Ad'), ranking: 'three-guts', opponents: 2 }, Rng.fromSeed(6));
    expect(r.exact).toBe(false);
    expect(r.beatOne).toBeGreaterThan(0.8);
  });

  it('stops at the time budget by the injected clock', () => {
    let clock = 0;
    const r = equity(
      {
        privateCards: parseCards('Ac Kd Qh Js 9c'),
        ranking: 'five',
        opponents: 5,
        now: () => (clock += 100),
        budgetMs: 250,
      },
      Rng.fromSeed(2),
    );
    expect(r.exact).toBe(false);
    expect(r.samples).toBeGreaterThan(0);
    expect(r.samples).toBeLessThan(1000);
  });

  it('is reproducible from the generator state', () => {
    const opts = { privateCards: parseCards('Jc Td 4h'), ranking: 'three-guts' as const, opponents: 4 };
    expect(equity(opts, Rng.fromSeed(11))).toEqual(equity(opts, Rng.fromSeed(11)));
  });

  it('refuses impossible deals', () => {
    expect(() => equity({ privateCards: parseCards('As As'), ranking: 'two', opponents: 1 }, Rng.fromSeed(1))).toThrow(
      RangeError,
    );
    expect(() => equity({ privateCards: parseCards('As Kd'), ranking: 'two', opponents: 26 }, Rng.fromSeed(1))).toThrow(
      RangeError,
    );
  });
});
