import type { Card } from '../cards/card.ts';
import { flushValue, highestBit, ofAKindValue, POPCOUNT13, straightTopWithWilds } from './counts.ts';
import { CARD_KEY, type RankingTables, sharedKeyIndex, slotIn, suitOne, THREE_SUITED } from './tables.ts';
import { makeValue } from './value.ts';
import { isWildCard, type WildMasks } from './wild.ts';

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
export const suitWordBit = (c: Card): number => 1 << ((c & 1) * 16 + (c >> 2));
/** All ones when the card goes in the high word (hearts, spades), else zero. */
export const inHighWord = (c: Card): number => -((c >> 1) & 1);

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

const suitMask = new Int32Array(4);

/**
 * Up to 7 cards with wild cards, on rank counts and suit masks (no substitutions): the
 * natural cards' key finds their slot; the wild cards join the largest group (the slot
 * knows which ranks it holds at least k times), which is one more table lookup, or make
 * `size` of a kind; then straights and flushes the wild cards can complete.
 */
export function scoreTableWild(cards: readonly Card[], n: number, t: RankingTables, m: WildMasks): number {
  const ri = t.ri;
  const size = ri.size;
  let key = 0;
  let w = 0;
  suitMask.fill(0);
  for (let i = 0; i < n; i++) {
    const c = cards[i] as Card;
    if (isWildCard(m, c)) {
      w++;
      continue;
    }
    key += CARD_KEY[c] as number;
    suitMask[c & 3] = (suitMask[c & 3] as number) | (1 << (c >> 2));
  }
  let rankMask = (suitMask[0] as number) | (suitMask[1] as number) | (suitMask[2] as number) | (suitMask[3] as number);
  if (m.lowestInHand && rankMask !== 0) {
    const lowest = 31 - Math.clz32(rankMask & -rankMask);
    for (let s = 0; s < 4; s++) {
      if (((suitMask[s] as number) >>> lowest) & 1) {
        suitMask[s] = (suitMask[s] as number) & ~(1 << lowest);
        key -= CARD_KEY[lowest * 4 + s] as number;
        w++;
      }
    }
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
    for (let s = 0; s < 4; s++) {
      const mask = suitMask[s] as number;
      if ((POPCOUNT13[mask] as number) + w >= size) v = Math.max(v, flushValue(ri, mask, w));
    }
  }
  return v;
}
