import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateBest, RANKING_IDS, type RankingId, scoreBest, type WildSpec } from '../../../src/hands/index.ts';
import { handSize } from '../../../src/hands/value.ts';
import { referenceScore } from './reference.ts';

/** Distinct cards, between `min` and `max` of them. */
const cardsArb = (min: number, max: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: min, maxLength: max });

const rankingArb = fc.constantFrom(...RANKING_IDS);

/** Wild specs that keep the reference's substitution search small: at most three wild cards per hand. */
const wildArb = (cards: number[]) =>
  fc.oneof(
    fc.constant(undefined),
    fc.record({ ranks: fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { maxLength: 2 }) }),
    fc.record({ cards: fc.subarray(cards, { maxLength: Math.min(2, cards.length) }) }),
    fc.record({ lowestInHand: fc.constant(true) }),
    fc.record({ ranks: fc.constant([0]), lowestInHand: fc.constant(true) }),
  );

function wildCount(cards: number[], wild: WildSpec | undefined): number {
  const natural = cards.filter((c) => !(wild?.ranks?.includes(c >> 2) || wild?.cards?.includes(c)));
  const lowest = wild?.lowestInHand ? Math.min(...natural.map((c) => c >> 2)) : -1;
  return cards.length - natural.filter((c) => c >> 2 !== lowest).length;
}

function handArb(maxCards: number) {
  return rankingArb.chain((ranking: RankingId) =>
    cardsArb(handSize(ranking), maxCards).chain((cards) => wildArb(cards).map((wild) => ({ ranking, cards, wild }))),
  );
}

describe('fast evaluation agrees with the brute-force reference', () => {
  it('without wild cards, from the hand size up to 9 cards, every ranking', () => {
    const arb = rankingArb.chain((ranking) => cardsArb(handSize(ranking), 9).map((cards) => ({ ranking, cards })));
    fc.assert(
      fc.property(arb, ({ ranking, cards }) => {
        expect(scoreBest(cards, ranking)).toBe(referenceScore(cards, ranking));
      }),
      { numRuns: 2000 },
    );
  });

  it('with wild cards (ranks, exact cards, lowest in hand)', () => {
    fc.assert(
      fc.property(
        handArb(7).filter(({ cards, wild }) => wildCount(cards, wild) <= 3),
        ({ ranking, cards, wild }) => {
          expect(scoreBest(cards, ranking, wild)).toBe(referenceScore(cards, ranking, wild));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('evaluateBest returns the value of the cards it names', () => {
    fc.assert(
      fc.property(handArb(7), ({ ranking, cards, wild }) => {
        const result = evaluateBest(cards, ranking, wild);
        expect(result.value).toBe(scoreBest(cards, ranking, wild));
        expect(result.cards).toHaveLength(handSize(ranking));
        expect(cards).toEqual(expect.arrayContaining(result.cards));
      }),
      { numRuns: 500 },
    );
  });
});
