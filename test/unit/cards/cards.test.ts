import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CardParseError,
  formatCard,
  formatCards,
  fullDeck,
  isRngState,
  makeCard,
  parseCard,
  parseCards,
  parseRank,
  prettyCard,
  Rng,
  rankOf,
  shuffledDeck,
  suitOf,
} from '../../../src/cards/index.ts';
import { randomRngState } from '../../../src/cards/seed.ts';

describe('card text', () => {
  it.each([
    ['As', 12, 3],
    ['2c', 0, 0],
    ['Td', 8, 1],
    ['10d', 8, 1],
    ['tD', 8, 1],
    ['kh', 11, 2],
    [' Qs ', 10, 3],
  ])('parses %s', (text, rank, suit) => {
    const card = parseCard(text);
    expect(rankOf(card)).toBe(rank);
    expect(suitOf(card)).toBe(suit);
  });

  it.each(['', 'A', '1s', '11d', 'Ax', 'AsK', 'Zs', '0c', '10'])('refuses %j with an error naming the text', (text) => {
    expect(() => parseCard(text)).toThrow(CardParseError);
    try {
      parseCard(text);
    } catch (err) {
      expect((err as CardParseError).text).toBe(text);
      expect((err as Error).message).toContain(`"${text}"`);
    }
  });

  it('round-trips every card', () => {
    for (const card of fullDeck()) expect(parseCard(formatCard(card))).toBe(card);
    expect(new Set(fullDeck().map(formatCard)).size).toBe(52);
  });

  it('formats lists and pretty forms', () => {
    expect(formatCards(parseCards('As 10d 2c'))).toBe('As Td 2c');
    expect(parseCards(['Kh', 'Qh'])).toEqual([makeCard(11, 2), makeCard(10, 2)]);
    expect(prettyCard(parseCard('Th'))).toBe('10♥');
    expect(prettyCard(parseCard('As'))).toBe('A♠');
  });

  it('parses ranks and refuses bad ones', () => {
    expect(parseRank('a')).toBe(12);
    expect(parseRank('10')).toBe(8);
    expect(() => parseRank('1')).toThrow(CardParseError);
    expect(() => formatCard(52)).toThrow(RangeError);
  });
});

describe('seeded generator and shuffle', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(shuffledDeck(Rng.fromSeed(7))).toEqual(shuffledDeck(Rng.fromSeed(7)));
    expect(shuffledDeck(Rng.fromSeed(7))).not.toEqual(shuffledDeck(Rng.fromSeed(8)));
  });

  it('resumes exactly from a saved, JSON round-tripped state', () => {
    const rng = Rng.fromSeed(42);
    rng.nextUint32();
    const saved = JSON.parse(JSON.stringify(rng.state()));
    expect(isRngState(saved)).toBe(true);
    const a = Array.from({ length: 20 }, () => rng.nextUint32());
    const resumed = new Rng(saved);
    expect(Array.from({ length: 20 }, () => resumed.nextUint32())).toEqual(a);
  });

  it('shuffles into a permutation of the deck', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const deck = shuffledDeck(Rng.fromSeed(seed));
        expect([...deck].sort((x, y) => x - y)).toEqual(fullDeck());
      }),
      { numRuns: 200 },
    );
  });

  it('draws integers in range without visible bias', () => {
    const rng = Rng.fromSeed(1);
    const counts = new Array(6).fill(0);
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[rng.int(6)]++;
    // Each bucket expects 10,000; 6 standard deviations is about 550.
    for (const c of counts) expect(Math.abs(c - n / 6)).toBeLessThan(550);
    expect(() => rng.int(0)).toThrow(RangeError);
  });

  it('puts each card in each position about equally often (Fisher-Yates is uniform)', () => {
    const rng = Rng.fromSeed(3);
    const firstPositionCounts = new Array(52).fill(0);
    const n = 52_000;
    for (let i = 0; i < n; i++) firstPositionCounts[shuffledDeck(rng)[0] as number]++;
    // Expected 1,000 each; sd about 31; allow 6 sd.
    for (const c of firstPositionCounts) expect(Math.abs(c - 1000)).toBeLessThan(190);
  });

  it('seeds production games from crypto', () => {
    const a = randomRngState();
    const b = randomRngState();
    expect(isRngState(a)).toBe(true);
    expect(a).not.toEqual(b);
  });
});
