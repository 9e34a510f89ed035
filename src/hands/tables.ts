import { atLeastValue, flushValue, POPCOUNT13 } from './counts.ts';
import type { RankingId } from './types.ts';
import { type RankingInfo, rankingInfo } from './value.ts';

/**
 * Lookup tables for hands of up to 7 cards without wild cards, generated here at start-up.
 *
 * Technique: additive rank keys with a dense (perfect, minimal) index, in the family of
 * SKPokerEval and HenryRLee's PokerHandEvaluator. Each card adds 5^rank to a key, so the
 * key spells the hand's rank counts in base 5 (at most 4 of a rank, so no digit carries).
 * The 13 digits are split into the 7 low ranks and the 6 high ranks, stored as
 * `high << 17 | low`: a 7-card sum stays a positive 31-bit integer and the halves never
 * mix. LOW_INDEX numbers the low-half count patterns by how many cards they hold, so the
 * patterns of at most m cards are the first LOW_UPTO[m]; HIGH_BASE gives each high-half
 * pattern of s cards its own block of LOW_UPTO[7 - s] slots. So
 * `HIGH_BASE[key >>> 17] + LOW_INDEX[key & 0x1ffff]` numbers every multiset of at most 7
 * ranks with no gaps (76,155 slots). A per-ranking table maps the slot to the best hand
 * ignoring suits. Flushes are handled apart: per-suit card counts ride in a second sum
 * of 4-bit fields, and only when a suit holds enough cards does the evaluator build that
 * suit's 13-bit rank mask and look up the best flush or straight flush for it. Exactly
 * three cards skip all that: one lookup by the three ranks and whether they are suited.
 * Everything is generated from the general evaluator in `counts.ts` (the same code that
 * handles wild cards), ranking by ranking on first use: about 10 ms for the shared index
 * and 5–20 ms per ranking.
 */

const LOW_RANKS = 7;
const LOW_BITS = 17;
const LOW_MASK = (1 << LOW_BITS) - 1;
const MAX_CARDS = 7;
/** Hands of more cards go to the general evaluator. */
export const MAX_TABLE_CARDS = MAX_CARDS;

/** What each card adds to a hand's rank key. */
export const CARD_KEY = Int32Array.from({ length: 52 }, (_, c) => {
  const r = c >> 2;
  return r < LOW_RANKS ? 5 ** r : (5 ** (r - LOW_RANKS)) << LOW_BITS;
});

/** What a card adds to a hand's suit counts: one 4-bit field per suit. */
export const suitOne = (c: number): number => 1 << ((c & 3) << 2);

/** Added to the suit counts, sets bit 3 of every field holding at least `size` cards (size 3 or 5). */
const FLUSH_BIAS: Readonly<Record<number, number>> = { 3: 0x5555, 5: 0x3333 };

/**
 * The base-5 count patterns of `digits` ranks holding at most MAX_CARDS cards, ordered
 * by card count, with each pattern's "held at least k times" rank masks (4 per pattern).
 * Pattern p = 5q + d holds d of its lowest rank and q's counts one rank up, so sizes and
 * masks come from q's in O(1).
 */
function patterns(digits: number): { size: Uint8Array; order: number[]; masks: Uint16Array } {
  const total = 5 ** digits;
  const size = new Uint8Array(total);
  const masks = new Uint16Array(total * 4);
  const buckets: number[][] = Array.from({ length: MAX_CARDS + 1 }, () => []);
  buckets[0]?.push(0);
  for (let p = 1; p < total; p++) {
    const q = Math.floor(p / 5);
    const d = p % 5;
    size[p] = (size[q] as number) + d;
    for (let k = 0; k < 4; k++) masks[p * 4 + k] = ((masks[q * 4 + k] as number) << 1) | (d > k ? 1 : 0);
    if ((size[p] as number) <= MAX_CARDS) buckets[size[p] as number]?.push(p);
  }
  return { size, order: buckets.flat(), masks };
}

export interface KeyIndex {
  /** Uint16: the low patterns of at most 7 cards number a few thousand, and half-size entries stay in cache. */
  lowIndex: Uint16Array;
  highBase: Int32Array;
  slots: number;
  /** `slot * 4 + k - 1` → 13-bit mask of the ranks the slot's multiset holds at least k times (k = 1…4). */
  atLeast: Uint16Array;
  /** Each slot's rank key and card count, and the slots in order of card count. */
  slotKey: Int32Array;
  slotCards: Uint8Array;
  bySize: Int32Array;
}

/** The slot of a rank key, given an index's `highBase` and `lowIndex` (hot callers keep those two in locals). */
export const slotIn = (highBase: Int32Array, lowIndex: Uint16Array, key: number): number =>
  (highBase[key >>> LOW_BITS] as number) + (lowIndex[key & LOW_MASK] as number);

export function buildKeyIndex(): KeyIndex {
  const low = patterns(LOW_RANKS);
  const high = patterns(13 - LOW_RANKS);
  const lowIndex = new Uint16Array(5 ** LOW_RANKS);
  const lowUpTo = new Int32Array(MAX_CARDS + 1);
  low.order.forEach((p, i) => {
    lowIndex[p] = i;
    for (let m = low.size[p] as number; m <= MAX_CARDS; m++) lowUpTo[m] = i + 1;
  });
  const highBase = new Int32Array(5 ** (13 - LOW_RANKS));
  let slots = 0;
  for (const h of high.order) {
    highBase[h] = slots;
    slots += lowUpTo[MAX_CARDS - (high.size[h] as number)] as number;
  }
  const atLeast = new Uint16Array(slots * 4);
  const slotKey = new Int32Array(slots);
  const slotCards = new Uint8Array(slots);
  const buckets: number[][] = Array.from({ length: MAX_CARDS + 1 }, () => []);
  let slot = 0;
  for (const h of high.order) {
    const block = lowUpTo[MAX_CARDS - (high.size[h] as number)] as number;
    for (let i = 0; i < block; i++, slot++) {
      const l = low.order[i] as number;
      for (let k = 0; k < 4; k++) {
        atLeast[slot * 4 + k] = (low.masks[l * 4 + k] as number) | ((high.masks[h * 4 + k] as number) << LOW_RANKS);
      }
      slotKey[slot] = l + (h << LOW_BITS);
      slotCards[slot] = (low.size[l] as number) + (high.size[h] as number);
      buckets[slotCards[slot] as number]?.push(slot);
    }
  }
  return { lowIndex, highBase, slots, atLeast, slotKey, slotCards, bySize: Int32Array.from(buckets.flat()) };
}

export interface RankingTables {
  ri: RankingInfo;
  /** Slot → best hand ignoring suits (0 when the slot holds fewer cards than a hand). */
  values: Int32Array;
  /** 13-bit suited rank mask → best flush or straight flush; empty when the ranking has no flushes. */
  flushes: Int32Array;
  /** FLUSH_BIAS for the hand size, 0 when the ranking has no flushes. */
  flushBias: number;
  /**
   * Exactly three cards, the commonest guts hand, in one lookup: index
   * `(rank0 * 13 + rank1) * 13 + rank2`, plus THREE_SUITED when all three share a suit.
   */
  three: Int32Array;
}

export const THREE_SUITED = 13 * 13 * 13;

/**
 * Slot → best hand ignoring suits. Hands of exactly `size` cards are evaluated; a bigger
 * one is worth its best sub-hand with one card fewer, already known because slots go by
 * card count.
 */
function buildValues(ri: RankingInfo, index: KeyIndex): Int32Array {
  const values = new Int32Array(index.slots);
  for (const slot of index.bySize) {
    const cards = index.slotCards[slot] as number;
    if (cards < ri.size) continue;
    if (cards === ri.size) {
      values[slot] = atLeastValue(index.atLeast, slot * 4, ri);
      continue;
    }
    const key = index.slotKey[slot] as number;
    let best = 0;
    for (let held = index.atLeast[slot * 4] as number; held !== 0; held &= held - 1) {
      const r = 31 - Math.clz32(held & -held);
      best = Math.max(
        best,
        values[slotIn(index.highBase, index.lowIndex, key - (CARD_KEY[r * 4] as number))] as number,
      );
    }
    values[slot] = best;
  }
  return values;
}

function buildFlushes(ri: RankingInfo): Int32Array {
  const flushes = new Int32Array(ri.flush >= 0 ? 8192 : 0);
  for (let m = 0; m < flushes.length; m++) if ((POPCOUNT13[m] as number) >= ri.size) flushes[m] = flushValue(ri, m, 0);
  return flushes;
}

function buildThree(ri: RankingInfo, flushes: Int32Array): Int32Array {
  const three = new Int32Array(ri.size <= 3 ? 2 * THREE_SUITED : 0);
  const handMasks = new Uint16Array(4);
  for (let i = 0; i < three.length / 2; i++) {
    const ranks = [Math.floor(i / 169), Math.floor(i / 13) % 13, i % 13];
    handMasks.fill(0);
    for (const r of ranks) {
      let k = 0;
      while ((handMasks[k] as number) & (1 << r)) k++;
      handMasks[k] = (handMasks[k] as number) | (1 << r);
    }
    three[i] = atLeastValue(handMasks, 0, ri);
    const mask = handMasks[0] as number;
    const suited = flushes.length > 0 && POPCOUNT13[mask] === 3 ? (flushes[mask] as number) : 0;
    three[THREE_SUITED + i] = Math.max(three[i] as number, suited);
  }
  return three;
}

export function buildRankingTables(ranking: RankingId, index: KeyIndex): RankingTables {
  const ri = rankingInfo(ranking);
  const flushes = buildFlushes(ri);
  return {
    ri,
    values: buildValues(ri, index),
    flushes,
    flushBias: flushes.length > 0 ? (FLUSH_BIAS[ri.size] as number) : 0,
    three: buildThree(ri, flushes),
  };
}

let keyIndex: KeyIndex | null = null;
const byRanking: Partial<Record<RankingId, RankingTables>> = {};

export function sharedKeyIndex(): KeyIndex {
  keyIndex ??= buildKeyIndex();
  return keyIndex;
}

/** The last ranking asked for: games ask for the same one over and over, and comparing one string is cheaper than a keyed lookup. */
let lastRanking: RankingId | null = null;
let lastTables: RankingTables | null = null;

/** The tables of one ranking, built on first use. */
export function tablesFor(ranking: RankingId): RankingTables {
  if (ranking !== lastRanking || lastTables === null) {
    lastTables = byRanking[ranking] ??= buildRankingTables(ranking, sharedKeyIndex());
    lastRanking = ranking;
  }
  return lastTables;
}
