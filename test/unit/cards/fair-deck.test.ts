import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCards } from '../../../src/cards/card.ts';
import {
  buildChain,
  CHAIN_LENGTH,
  CHECKPOINT_STRIDE,
  checkPhrase,
  checkpointString,
  checkpointsFrom,
  clientSeedOf,
  fairDeck,
  previousSeed,
  seedMatches,
  seedOfDeal,
} from '../../../src/cards/fair-deck.ts';

/** docs/FAIRNESS.md's known-answer vectors: the docs and the code say the same. */
const LAST = `${'00'.repeat(31)}01`;
const COMMITMENT = 'b1d9cbc9b25b33c4319fe17a4570d649eaa801b5a7c167648af937d307720496';
const SEED_1 = 'aa9313f7c3d04950c79a980bb03233cc79e0470da2d122ffcccbabac9299e8d6';
const SEED_2 = '66ce793296b920ed41f3bc9d7ec4cfc756ab3363c6945f9d9b516a686f5830f4';
const CLIENT = '1234567890123456789-1234567890123456790';
const DECK_1 =
  'Kc Ad Qd Qs 3s As Js 6c Qh Kh 4s 3d 3h 3c 4c Ah 7s 9c 8c 6d 4h Td Jd Ks 2s 4d 7h Ts Tc Jh Qc Kd 7d 5h Ac 8s 5s 2c 6s 5d 2h 6h Jc 2d 9d 5c 7c 8d 9s 9h Th 8h';
/** Vector 3: a chat Join, two Joins from one Activity instance (its launch id twice), a chat Deal. */
const CLIENT_3 = '1234567890123456789-1234567890123456800-1234567890123456800-1234567890123456801';
const DECK_3 =
  'Td 4h Ts 6d Kd 3s Kc 7s Ac As 2d Kh 9h Jh 8s Tc 7h 5d Js 7c 9s 5c Ad 6c 8d 8c Qc 4s 9d 8h 3c 2h 5h 3d 4c 5s 9c 3h 6h Ah Qs Jd 2s 2c 6s Qd Th 4d Ks 7d Qh Jc';
const DECK_2 =
  'Ts 4h 8h Kd Js Qd 3s 2c 6c 4s 8d Tc 6s 7c 8s 5d 2h Jd 4c Qs 4d 5h 9c Th 9d Kc Qh 6h 5s 3d As Qc 6d 9s 9h Ad 3c Ks Jh Td 3h 2d 8c Kh 2s 7s Jc Ah 7h Ac 5c 7d';

describe('the hash chain', () => {
  const chain = buildChain(LAST);

  it('matches the known-answer vectors', () => {
    expect(chain.commitment).toBe(COMMITMENT);
    expect(seedOfDeal(chain.checkpoints, 1)).toBe(SEED_1);
    expect(seedOfDeal(chain.checkpoints, 2)).toBe(SEED_2);
    expect(seedOfDeal(chain.checkpoints, CHAIN_LENGTH)).toBe(LAST);
  });

  it('links each deal’s seed to the one before by SHA-256, down to the commitment', () => {
    for (const n of [2, 31, 32, 33, 64, 100, CHAIN_LENGTH]) {
      const seed = seedOfDeal(chain.checkpoints, n);
      expect(previousSeed(seed)).toBe(seedOfDeal(chain.checkpoints, n - 1));
      expect(seedMatches(seed, n, COMMITMENT)).toBe(true);
      expect(seedMatches(seed, n + 1, COMMITMENT)).toBe(false);
    }
    expect(previousSeed(SEED_1)).toBe(createHash('sha256').update(Buffer.from(SEED_1, 'hex')).digest('hex'));
    expect(previousSeed(SEED_1)).toBe(COMMITMENT);
  });

  it('keeps one seed in every stride, and refuses deals outside the chain', () => {
    expect(chain.checkpoints).toHaveLength((CHAIN_LENGTH / CHECKPOINT_STRIDE) * 44);
    expect(chain.checkpoints.slice(-44)).toBe(base64(LAST));
    expect(() => seedOfDeal(chain.checkpoints, 0)).toThrow(RangeError);
    expect(() => seedOfDeal(chain.checkpoints, CHAIN_LENGTH + 1)).toThrow(RangeError);
    expect(() => seedOfDeal(base64(LAST), 3)).toThrow(/no seed for deal 3/);
    expect(seedOfDeal(base64(LAST), 1000)).toBe(seedOfDeal(chain.checkpoints, 1000));
    expect(() => seedOfDeal(LAST, 1000)).toThrow(/44 base64 characters/);
    expect(() => buildChain('xyz')).toThrow(RangeError);
  });
});

const base64 = (hexSeed: string) => Buffer.from(hexSeed, 'hex').toString('base64');
const hex = (base64Seed: string) => Buffer.from(base64Seed, 'base64').toString('hex');

describe('the checkpoints a game keeps', () => {
  const chain = buildChain(LAST);

  it('drops those behind the deal dealt, and still gives every later seed', () => {
    for (const dealt of [1, 32, 33, 100, 1000, CHAIN_LENGTH]) {
      const left = checkpointsFrom(chain.checkpoints, dealt);
      const lowest = Math.ceil(dealt / CHECKPOINT_STRIDE) * CHECKPOINT_STRIDE;
      expect(left).toHaveLength(((CHAIN_LENGTH - lowest) / CHECKPOINT_STRIDE + 1) * 44);
      for (const n of [dealt, Math.min(dealt + 1, CHAIN_LENGTH), CHAIN_LENGTH])
        expect(seedOfDeal(left, n)).toBe(seedOfDeal(chain.checkpoints, n));
      if (lowest > CHECKPOINT_STRIDE) expect(() => seedOfDeal(left, lowest - CHECKPOINT_STRIDE)).toThrow(RangeError);
    }
  });

  it('reads the record by deal number that games saved before kept', () => {
    const left = checkpointsFrom(chain.checkpoints, 100);
    const record: Record<string, string> = {};
    for (let i = 0; i < left.length / 44; i++) record[String(128 + i * 32)] = hex(left.slice(i * 44, i * 44 + 44));
    expect(checkpointString(record)).toBe(left);
    expect(checkpointString(left)).toBe(left);
  });
});

describe('a deal’s deck', () => {
  it('matches the known-answer vectors (a phrase hashed as UTF-8)', () => {
    expect(formatCards(fairDeck(SEED_1, CLIENT, 1))).toBe(DECK_1);
    expect(formatCards(fairDeck(SEED_2, `${CLIENT} café ♠`, 2))).toBe(DECK_2);
    expect(formatCards(fairDeck(SEED_1, CLIENT_3, 1))).toBe(DECK_3);
  });

  it('is what docs/FAIRNESS.md prints', () => {
    const doc = readFileSync(new URL('../../../docs/FAIRNESS.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    for (const text of [COMMITMENT, SEED_1, SEED_2, DECK_1, DECK_2, CLIENT_3, DECK_3]) expect(doc).toContain(text);
  });

  it('is a permutation that changes with the seed, the client seed and the deal number', () => {
    const deck = fairDeck(SEED_1, CLIENT, 1);
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(fairDeck(SEED_1, CLIENT, 1)).toEqual(deck);
    for (const other of [fairDeck(SEED_2, CLIENT, 1), fairDeck(SEED_1, `${CLIENT}x`, 1), fairDeck(SEED_1, CLIENT, 2)]) {
      expect(other).not.toEqual(deck);
    }
  });

  it('puts every card first about equally often (no modulo bias to speak of)', () => {
    // 5,200 decks: each card expected first 100 times (the bounds are over 5 standard
    // deviations out). The exact rejection rule is pinned by the vectors above.
    const counts = new Array(52).fill(0);
    let seed = SEED_1;
    for (let i = 0; i < 5200; i++) {
      seed = previousSeed(seed);
      counts[fairDeck(seed, CLIENT, 1)[0] as number]++;
    }
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(160);
  });
});

describe('the client seed', () => {
  it('joins the press ids with "-", then a space and the phrase', () => {
    expect(clientSeedOf(['1', '2', '3'], null)).toBe('1-2-3');
    expect(clientSeedOf(['1', '2'], 'lucky sevens')).toBe('1-2 lucky sevens');
    expect(clientSeedOf([], null)).toBe('');
  });

  it('takes a phrase trimmed, and names what is wrong with a bad one', () => {
    expect(checkPhrase('  hi there ')).toEqual({ phrase: 'hi there' });
    expect(checkPhrase('   ')).toEqual({ error: 'the phrase is empty' });
    expect(checkPhrase('x'.repeat(101))).toEqual({ error: 'the phrase is longer than 100 characters' });
    expect(checkPhrase('a\nb')).toEqual({ error: 'the phrase holds a control character' });
  });
});
