import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import { Rng } from '../../../src/cards/rng.ts';
import { equity } from '../../../src/hands/equity.ts';
import { tableAnswers, tableEquity } from '../../../src/hands/equity-table.ts';
import type { RankingId } from '../../../src/hands/index.ts';

const question = (text: string, opponents: number, ranking: RankingId = 'three-guts') => ({
  privateCards: parseCards(text),
  ranking,
  opponents,
});

describe('tableEquity', () => {
  it('matches the enumeration heads-up exactly, dead cards and wild ranks included', () => {
    for (const q of [
      question('Ah Kh 2c', 1),
      { ...question('7c 7d 9h', 1), dead: parseCards('7s Qd') },
      { ...question('Jh 4c 5d', 1, 'three-poker'), wild: { ranks: [0] } },
    ]) {
      const table = tableEquity(q);
      const enumerated = equity(q, Rng.fromSeed(1));
      expect(enumerated.exact).toBe(true);
      expect(table.exact).toBe(true);
      expect(table.beatOne).toBeCloseTo(enumerated.beatOne, 12);
      expect(table.beatAll).toBeCloseTo(enumerated.beatAll, 12);
      expect(table.samples).toBe(enumerated.samples);
    }
  });

  it('counts a split without dead cards as the enumeration walks it, for hands of one, two and three cards', () => {
    for (const q of [
      question('Qs', 1, 'one'),
      question('2c', 1, 'one'),
      question('9d 9h', 1, 'two'),
      question('Ac 3d', 1, 'two'),
      question('5h 5s Kd', 1, 'three-pairs'),
      question('2c 3d 5h', 1, 'three-guts'),
      question('As Ah Ad', 1, 'three-poker'),
      { ...question('Ts 9s 8s', 1, 'three-poker'), wild: { ranks: [8] } },
    ]) {
      const enumerated = equity(q, Rng.fromSeed(1));
      const table = tableEquity(q);
      expect(table.samples).toBe(enumerated.samples);
      expect(table.beatOne).toBeCloseTo(enumerated.beatOne, 12);
    }
  });

  it('is within a point of a fine Monte Carlo against several opponents', () => {
    for (const q of [question('Ah Kh 2c', 4), question('9s 8s 2d', 3), question('Qc Qd 3h', 6, 'three-poker')]) {
      const table = tableEquity(q);
      const sampled = equity({ ...q, precision: 0.003 }, Rng.fromSeed(7));
      expect(table.exact).toBe(false);
      expect(table.beatOne).toBeCloseTo(sampled.beatOne, 12);
      expect(Math.abs(table.beatAll - sampled.beatAll)).toBeLessThan(0.01);
    }
  });

  it('answers a hand asked again (other order, suits renamed, other opponents, after dead cards) as when first asked', () => {
    // The first ask of each hand is the enumeration; the asks after it come from what the
    // table remembers of the hand, which must not mix up hands, rankings or wild ranks.
    const asks = [
      question('Ah Kh 2c', 1),
      question('2c Kh Ah', 1),
      { ...question('Ah Kh 2c', 1), dead: parseCards('2h 3h 4h 5h') },
      question('Kh 2c Ah', 1),
      // The same hand with its suits renamed, then hands that only look alike.
      question('As Ks 2d', 1),
      question('Ah Kc 2h', 1),
      question('Ah Kc 2d', 1),
      question('7c 7d 9c', 1),
      question('7d 7c 9c', 1),
      question('7c 7d 9h', 1),
      question('Ah Kh 2c', 1, 'three-poker'),
      { ...question('Ah Kh 2c', 1, 'three-poker'), wild: { ranks: [0] } },
      question('Ah Kh 2d', 1),
      question('Ad Kh 2h', 1),
      question('3c 2d As', 1),
    ];
    for (const q of asks) {
      const enumerated = equity(q, Rng.fromSeed(1));
      for (const opponents of [1, 3]) {
        const table = tableEquity({ ...q, opponents });
        expect(table.beatOne).toBeCloseTo(enumerated.beatOne, 12);
        expect(table.samples).toBe(enumerated.samples);
      }
    }
  });

  it('leaves to sampling what a table of hands cannot answer', () => {
    expect(tableAnswers(question('Ah Kh 2c', 2))).toBe(true);
    expect(tableAnswers({ ...question('Ah Kh', 2), privateCardsAtShowdown: 3 })).toBe(false);
    expect(tableAnswers({ ...question('Ah Kh 2c', 2), board: { a: parseCards('5d')[0] as number } })).toBe(false);
    expect(tableAnswers({ ...question('Ah Kh 2c', 2), wild: { cards: parseCards('Jh') } })).toBe(false);
    expect(tableAnswers(question('Ah Kh 2c 3d 4s', 2, 'five'))).toBe(false);
    expect(() => tableEquity({ ...question('Ah Kh 2c', 2), dead: parseCards('Ah') })).toThrow(RangeError);
  });
});
