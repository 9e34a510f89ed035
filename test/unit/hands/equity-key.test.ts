import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, parseCards } from '../../../src/cards/card.ts';
import { Rng } from '../../../src/cards/rng.ts';
import { equity } from '../../../src/hands/equity.ts';
import { equityKey } from '../../../src/hands/equity-key.ts';

const three = (text: string) => ({ privateCards: parseCards(text), ranking: 'three-guts' as const, opponents: 3 });

describe('equityKey', () => {
  it('is the same for the same hand with its suits renamed or its cards reordered', () => {
    expect(equityKey(three('Ah Kh 2c'))).toBe(equityKey(three('2d As Ks')));
    expect(equityKey(three('7c 7d 9h'))).toBe(equityKey(three('9c 7s 7h')));
  });

  it('tells apart hands that differ in more than the names of their suits', () => {
    expect(equityKey(three('Ah Kh 2h'))).not.toBe(equityKey(three('Ah Kh 2c')));
    expect(equityKey(three('Ah Kh 2c'))).not.toBe(equityKey(three('Ah Kc 2h')));
    expect(equityKey(three('Ah Kh 2c'))).not.toBe(equityKey({ ...three('Ah Kh 2c'), opponents: 4 }));
    expect(equityKey(three('Ah Kh 2c'))).not.toBe(equityKey({ ...three('Ah Kh 2c'), ranking: 'three-poker' }));
  });

  it('puts the 22,100 three-card hands in the 1,755 classes of suit renaming', () => {
    const keys = new Set<string>();
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          keys.add(equityKey({ privateCards: [a, b, c], ranking: 'three-guts', opponents: 1 }));
    expect(keys.size).toBe(1755);
  });

  it('renames the board with the private cards, position by position', () => {
    const q = (cards: string, n: string, c: string) => ({
      privateCards: parseCards(cards),
      ranking: 'five' as const,
      board: { N: parseCards(n)[0] as Card, C: parseCards(c)[0] as Card },
      opponents: 2,
    });
    expect(equityKey(q('Ah Kh', 'Qh', '2c'))).toBe(equityKey(q('As Ks', 'Qs', '2d')));
    expect(equityKey(q('Ah Kh', 'Qh', '2c'))).not.toBe(equityKey(q('Ah Kh', '2c', 'Qh')));
    expect(equityKey(q('Ah Kh', 'Qh', '2c'))).not.toBe(equityKey(q('Ah Kh', 'Qc', '2h')));
  });

  it('is the same whatever the order of the dead cards, and tells apart different dead cards', () => {
    const withDead = (dead: string) => ({ ...three('Ah Kh 2c'), dead: parseCards(dead) });
    expect(equityKey(withDead('Qd 3s 9c'))).toBe(equityKey(withDead('9c Qd 3s')));
    expect(equityKey(withDead('Qd 3s 9c'))).not.toBe(equityKey(withDead('Qd 3s 8c')));
  });

  it('keeps suits when exact cards are wild (one-eyed jacks are not all jacks)', () => {
    const wild = { cards: parseCards('Jh Js') };
    expect(equityKey({ ...three('Jh 4c 5d'), wild })).not.toBe(equityKey({ ...three('Jc 4h 5d'), wild }));
    expect(equityKey({ ...three('Jh 4c 5d'), wild })).toBe(equityKey({ ...three('5d Jh 4c'), wild }));
  });

  it('only ever joins questions whose exact odds are equal', () => {
    const card = fc.integer({ min: 0, max: 51 });
    const hand = fc.uniqueArray(card, { minLength: 3, maxLength: 3 });
    const renaming = fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(hand, renaming, (cards, perm) => {
        const renamed = cards.map((c) => (c & ~3) | (perm[c & 3] as number)).reverse();
        const a = { privateCards: cards, ranking: 'three-guts' as const, opponents: 1 };
        const b = { ...a, privateCards: renamed };
        expect(equityKey(a)).toBe(equityKey(b));
        expect(equity(b, Rng.fromSeed(1)).beatOne).toBeCloseTo(equity(a, Rng.fromSeed(1)).beatOne, 12);
      }),
      { numRuns: 30 },
    );
  });
});
