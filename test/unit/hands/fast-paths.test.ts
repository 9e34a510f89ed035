import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atLeastValue, flushValue, POPCOUNT13, straightTopWithWilds } from '../../../src/hands/counts.ts';
import { RANKING_IDS, scoreBest, type WildSpec } from '../../../src/hands/index.ts';
import { tablesFor } from '../../../src/hands/lookup-tables.ts';
import { rankingInfo } from '../../../src/hands/value.ts';
import { referenceScore } from './reference.ts';

/** The best straight `w` wild cards complete in `mask`, window by window (the wheel last, topped by its highest natural rank). */
function straightByWindows(mask: number, w: number, size: number): number {
  for (let top = 12; top >= size - 1; top--) {
    let missing = 0;
    for (let r = top - size + 1; r <= top; r++) if (((mask >>> r) & 1) === 0) missing++;
    if (missing <= w) return top;
  }
  let missing = (mask >>> 12) & 1 ? 0 : 1;
  for (let r = 0; r <= size - 2; r++) if (((mask >>> r) & 1) === 0) missing++;
  return missing <= w ? size - 2 : -1;
}

describe('generated tables and the wild-card fast path', () => {
  it('straights with wild cards: the packed table agrees with trying every window, for every rank mask', () => {
    for (const size of [3, 5]) {
      for (let mask = 0; mask < 8192; mask++) {
        for (let w = 0; w <= size + 1; w++) {
          if (straightTopWithWilds(mask, w, size) !== straightByWindows(mask, w, size)) {
            expect([mask, w, size, straightTopWithWilds(mask, w, size)]).toEqual([
              mask,
              w,
              size,
              straightByWindows(mask, w, size),
            ]);
          }
        }
      }
    }
  });

  it('flush tables built by dropping one rank agree with the general evaluator on every suited mask', () => {
    for (const ranking of RANKING_IDS) {
      const ri = rankingInfo(ranking);
      const t = tablesFor(ranking);
      for (let mask = 0; mask < 8192; mask++) {
        const expected = ri.flush >= 0 && (POPCOUNT13[mask] as number) >= ri.size ? flushValue(ri, mask, 0) : 0;
        if (t.flushes[mask] !== expected) expect([ranking, mask, t.flushes[mask]]).toEqual([ranking, mask, expected]);
      }
    }
  });

  it('three-card rankings: unpaired3 is the best hand of three different ranks, for every rank mask', () => {
    for (const ranking of ['three-guts', 'three-poker', 'three-pairs'] as const) {
      const ri = rankingInfo(ranking);
      const t = tablesFor(ranking);
      for (let mask = 0; mask < 8192; mask++) {
        const expected = (POPCOUNT13[mask] as number) >= 3 ? atLeastValue([mask, 0, 0, 0], 0, ri) : 0;
        if (t.unpaired3[mask] !== expected)
          expect([ranking, mask, t.unpaired3[mask]]).toEqual([ranking, mask, expected]);
      }
    }
  });

  it('seven cards with wild ranks and wild exact cards together agree with the reference', () => {
    const arb = fc
      .uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: 5, maxLength: 7 })
      .chain((cards) =>
        fc.record({
          cards: fc.constant(cards),
          ranking: fc.constantFrom(...RANKING_IDS),
          wild: fc.record({
            ranks: fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { maxLength: 2 }),
            cards: fc.subarray(cards, { maxLength: 1 }),
            lowestInHand: fc.boolean(),
          }),
        }),
      )
      .filter(({ cards, wild }) => countWild(cards, wild) <= 2);
    fc.assert(
      fc.property(arb, ({ cards, ranking, wild }) => {
        expect(scoreBest(cards, ranking, wild)).toBe(referenceScore(cards, ranking, wild));
      }),
      { numRuns: 500 },
    );
  });
});

function countWild(cards: number[], wild: WildSpec): number {
  const natural = cards.filter((c) => !(wild.ranks?.includes(c >> 2) || wild.cards?.includes(c)));
  const lowest = wild.lowestInHand ? Math.min(...natural.map((c) => c >> 2)) : -1;
  return cards.length - natural.filter((c) => c >> 2 !== lowest).length;
}
