import type { Card } from '../cards/card.ts';
import { flushValue, highestBit, ofAKindValue, POPCOUNT13, straightTopWithWilds } from './counts.ts';
import { CARD_KEY, type RankingTables, sharedKeyIndex, slotIn, suitOne, THREE_SUITED } from './lookup-tables.ts';
import { makeValue, type RankingInfo } from './value.ts';
import type { WildMasks } from './wild.ts';

/** The table-driven evaluators for up to 7 cards (technique in `tables.ts`). */

const { highBase: HIGH_BASE, lowIndex: LOW_INDEX, atLeast: AT_LEAST } = sharedKeyIndex();
const slotOf = (key: number): number => slotIn(HIGH_BASE, LOW_INDEX, key);

/** Best flush or straight flush among the suits whose bit 3 is set in `flushing` (4-bit field per suit). */
function bestFlush(cards: readonly Card[], n: number, flushing: number, t: RankingTables): number {
  let best = 0;
  for (let s = 0; s < 4; s++) {
    if (((flushing >>> (4 * s + 3)) & 1) === 0) continue;
    let mask = 0;
    for (let i = 0; i < n; i++) {
      const c = cards[i] as Card;
      if ((c & 3) === s) mask |= 1 << (c >> 2);
    }
    const v = t.flushes[mask] as number;
    if (v > best) best = v;
  }
  return best;
}

/** Best value among the first `n` (at most 7) cards, none wild. */
export function scoreTable(cards: readonly Card[], n: number, t: RankingTables): number {
  if (n === 3 && t.three.length > 0) {
    const a = cards[0] as Card;
    const b = cards[1] as Card;
    const c = cards[2] as Card;
    const suited = ((a ^ b) | (a ^ c)) & 3 ? 0 : THREE_SUITED;
    return t.three[suited + ((a >> 2) * 13 + (b >> 2)) * 13 + (c >> 2)] as number;
  }
  let key = 0;
  let suits = 0;
  for (let i = 0; i < n; i++) {
    const c = cards[i] as Card;
    key += CARD_KEY[c] as number;
    suits += suitOne(c);
  }
  const v = t.values[slotOf(key)] as number;
  // With no flushes in the ranking the bias is 0 and no suit reaches 8 cards: never taken.
  const flushing = (suits + t.flushBias) & 0x8888;
  if (flushing === 0) return v;
  const f = bestFlush(cards, n, flushing, t);
  return Math.max(f, v);
}

/**
 * Where a card's bit goes in the two words of suited rank masks: clubs and
 * diamonds in the low word, hearts and spades in the high one, 16 bits apart. Keeping
 * the four masks this way needs no branch on the suit, which random cards would mispredict.
 */
const suitWordBit = (c: Card): number => 1 << ((c & 1) * 16 + (c >> 2));
/** All ones when the card goes in the high word (hearts, spades), else zero. */
const inHighWord = (c: Card): number => -((c >> 1) & 1);
/** Each card's bit in the low and the high word (0 in the word it does not go in): two loads instead of five operations. */
export const LOW_WORD = Int32Array.from({ length: 52 }, (_, c) => suitWordBit(c) & ~inHighWord(c));
export const HIGH_WORD = Int32Array.from({ length: 52 }, (_, c) => suitWordBit(c) & inHighWord(c));

/** The value from a key, suit counts and the suited rank masks packed in two words (layouts add a line's sums to the private cards'). */
export function scoreSumsMasks(key: number, suits: number, low: number, high: number, t: RankingTables): number {
  let v = t.values[slotOf(key)] as number;
  const flushing = (suits + t.flushBias) & 0x8888;
  if (flushing === 0) return v;
  const f = t.flushes;
  if (flushing & 0x8 && (f[low & 0x1fff] as number) > v) v = f[low & 0x1fff] as number;
  if (flushing & 0x80 && (f[low >>> 16] as number) > v) v = f[low >>> 16] as number;
  if (flushing & 0x800 && (f[high & 0x1fff] as number) > v) v = f[high & 0x1fff] as number;
  if (flushing & 0x8000 && (f[high >>> 16] as number) > v) v = f[high >>> 16] as number;
  return v;
}

/** A byte of rank bits spread to the 4 card bits of each rank (cards 4r…4r+3): turns wild ranks into wild cards. */
const SPREAD_RANKS = Int32Array.from({ length: 256 }, (_, byte) => {
  let cards = 0;
  for (let r = 0; r < 8; r++) if ((byte >>> r) & 1) cards |= 0xf << (4 * r);
  return cards;
});

/**
 * Up to 7 cards with wild cards, on rank counts and suit masks (no substitutions): the
 * natural cards' key finds their slot; the wild cards join the largest group (the slot
 * knows which ranks it holds at least k times), which is one more table lookup, or make
 * `size` of a kind; then straights and flushes the wild cards can complete. No branch
 * per card: the wild cards are one 52-bit mask in two words (wild ranks spread to their
 * four cards), a card picks its word arithmetically, and a wild card adds nothing to
 * the key or the suited masks (which are two words, as in `scoreSumsMasks`).
 */
export function scoreTableWild(cards: readonly Card[], n: number, t: RankingTables, m: WildMasks): number {
  const ri = t.ri;
  const size = ri.size;
  const wildLo = m.cardsLo | (SPREAD_RANKS[m.ranks & 0xff] as number);
  const wildHi = m.cardsHi | (SPREAD_RANKS[m.ranks >>> 8] as number);
  const wordSwap = wildLo ^ wildHi;
  let key = 0;
  let w = 0;
  let low = 0;
  let high = 0;
  for (let i = 0; i < n; i++) {
    const c = cards[i] as Card;
    const wild = ((wildLo ^ (wordSwap & -(c >> 5))) >>> c) & 1;
    const natural = wild - 1; // all ones for a natural card
    w += wild;
    key += (CARD_KEY[c] as number) & natural;
    low |= (LOW_WORD[c] as number) & natural;
    high |= (HIGH_WORD[c] as number) & natural;
  }
  const both = low | high;
  let rankMask = (both | (both >>> 16)) & 0x1fff;
  if (m.lowestInHand && rankMask !== 0) {
    const lowest = 31 - Math.clz32(rankMask & -rankMask);
    const held =
      ((low >>> lowest) & 1) + ((low >>> (lowest + 16)) & 1) + ((high >>> lowest) & 1) + ((high >>> (lowest + 16)) & 1);
    key -= held * (CARD_KEY[lowest * 4] as number);
    w += held;
    const clear = ~((1 << lowest) | (1 << (lowest + 16)));
    low &= clear;
    high &= clear;
    rankMask &= ~(1 << lowest);
  }
  const at = slotOf(key) * 4;
  let most = 4;
  while (most > 0 && AT_LEAST[at + most - 1] === 0) most--;
  let v: number;
  if (most + w >= size) {
    v = ofAKindValue(ri, w >= size ? 12 : highestBit(AT_LEAST[at + size - w - 1] as number));
  } else {
    const top = highestBit(AT_LEAST[at + most - 1] as number);
    v = t.values[slotOf(key + w * (CARD_KEY[top * 4] as number))] as number;
  }
  if (ri.straight >= 0) {
    const top = straightTopWithWilds(rankMask, w, size);
    if (top >= 0) v = Math.max(v, makeValue(ri.straight, top << 16));
  }
  if (ri.flush >= 0) {
    v = flushWithWilds(v, low & 0x1fff, w, ri);
    v = flushWithWilds(v, low >>> 16, w, ri);
    v = flushWithWilds(v, high & 0x1fff, w, ri);
    v = flushWithWilds(v, high >>> 16, w, ri);
  }
  return v;
}

function flushWithWilds(v: number, mask: number, w: number, ri: RankingInfo): number {
  if ((POPCOUNT13[mask] as number) + w < ri.size) return v;
  return Math.max(v, flushValue(ri, mask, w));
}
