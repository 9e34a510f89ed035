import { atLeastValue, flushValue, POPCOUNT13 } from './counts.ts';
import type { RankingId } from './types.ts';
import { makeValue, RANKING_IDS, type RankingInfo, rankingInfo } from './value.ts';

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
 * handles wild cards), ranking by ranking on first use: a few ms for the shared index
 * and 2–15 ms per ranking (see the build-time notes below). Layouts with three-card
 * rankings use none of the multiset tables: see `unpaired3` and `layout.ts`.
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

/*
 * Build-time notes: the builders run once, mostly before the JIT has optimised them, so
 * each hot loop sits in a function of its own with no branch left untaken (an optimised
 * loop falls back to the interpreter at the first branch it never saw), and each loop
 * does as little as it can: slots are ordered by card count with a counting sort, and
 * only hands of exactly the ranking's size (or flushes of exactly its size) go to the
 * general evaluator; bigger ones take the best of their sub-hands one card smaller.
 * (Keeping each slot's sub-slots for all rankings saved no measurable time for 1.7 MB.)
 */

/** `start[n]` = how many of `sizes` are under n, for n = 0…MAX_CARDS + 1 (sizes over MAX_CARDS left out). */
function sizeStarts(sizes: Uint8Array): Int32Array {
  const start = new Int32Array(MAX_CARDS + 2);
  for (let i = 0; i < sizes.length; i++) {
    const n = sizes[i] as number;
    if (n <= MAX_CARDS) start[n + 1] = (start[n + 1] as number) + 1;
  }
  for (let n = 1; n <= MAX_CARDS + 1; n++) start[n] = (start[n] as number) + (start[n - 1] as number);
  return start;
}

/** The indices 0…sizes.length-1 of sizes up to MAX_CARDS, ordered by size (a counting sort on `sizeStarts`). */
function orderBySize(sizes: Uint8Array, starts: Int32Array): Int32Array {
  const next = starts.slice();
  const order = new Int32Array(starts[MAX_CARDS + 1] as number);
  for (let i = 0; i < sizes.length; i++) {
    const n = sizes[i] as number;
    if (n > MAX_CARDS) continue;
    order[next[n] as number] = i;
    next[n] = (next[n] as number) + 1;
  }
  return order;
}

/**
 * The base-5 count patterns of `digits` ranks holding at most MAX_CARDS cards, ordered
 * by card count, with each pattern's "held at least k times" rank masks (4 per pattern).
 * Pattern p = 5q + d holds d of its lowest rank and q's counts one rank up, so sizes and
 * masks come from q's in O(1); patterns of more cards get only their size.
 */
function patterns(digits: number): { size: Uint8Array; order: Int32Array; masks: Uint16Array } {
  const total = 5 ** digits;
  const size = new Uint8Array(total);
  const masks = new Uint16Array(total * 4);
  for (let p = 1, q = 0, d = 1; p < total; p++) {
    const n = (size[q] as number) + d;
    size[p] = n;
    if (n <= MAX_CARDS) {
      masks[p * 4] = ((masks[q * 4] as number) << 1) | (d > 0 ? 1 : 0);
      masks[p * 4 + 1] = ((masks[q * 4 + 1] as number) << 1) | (d > 1 ? 1 : 0);
      masks[p * 4 + 2] = ((masks[q * 4 + 2] as number) << 1) | (d > 2 ? 1 : 0);
      masks[p * 4 + 3] = ((masks[q * 4 + 3] as number) << 1) | (d > 3 ? 1 : 0);
    }
    if (++d === 5) {
      d = 0;
      q++;
    }
  }
  return { size, order: orderBySize(size, sizeStarts(size)), masks };
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
  /** The slots of n cards are `bySize[cardStart[n]…cardStart[n + 1])`. */
  cardStart: Int32Array;
}

/** The slot of a rank key, given an index's `highBase` and `lowIndex` (hot callers keep those two in locals). */
export const slotIn = (highBase: Int32Array, lowIndex: Uint16Array, key: number): number =>
  (highBase[key >>> LOW_BITS] as number) + (lowIndex[key & LOW_MASK] as number);

type Patterns = ReturnType<typeof patterns>;

/** Each slot's "at least k" masks, rank key and card count: high pattern by high pattern, a block of low ones each. */
function fillSlots(low: Patterns, high: Patterns, lowUpTo: Int32Array, slots: number) {
  const atLeast = new Uint16Array(slots * 4);
  const slotKey = new Int32Array(slots);
  const slotCards = new Uint8Array(slots);
  const lowMasks = low.masks;
  let slot = 0;
  for (let j = 0; j < high.order.length; j++) {
    const h = high.order[j] as number;
    const hs = high.size[h] as number;
    const block = lowUpTo[MAX_CARDS - hs] as number;
    const h0 = (high.masks[h * 4] as number) << LOW_RANKS;
    const h1 = (high.masks[h * 4 + 1] as number) << LOW_RANKS;
    const h2 = (high.masks[h * 4 + 2] as number) << LOW_RANKS;
    const h3 = (high.masks[h * 4 + 3] as number) << LOW_RANKS;
    const hKey = h << LOW_BITS;
    for (let i = 0; i < block; i++, slot++) {
      const l = low.order[i] as number;
      const at = slot * 4;
      atLeast[at] = (lowMasks[l * 4] as number) | h0;
      atLeast[at + 1] = (lowMasks[l * 4 + 1] as number) | h1;
      atLeast[at + 2] = (lowMasks[l * 4 + 2] as number) | h2;
      atLeast[at + 3] = (lowMasks[l * 4 + 3] as number) | h3;
      slotKey[slot] = l + hKey;
      slotCards[slot] = (low.size[l] as number) + hs;
    }
  }
  return { atLeast, slotKey, slotCards };
}

export function buildKeyIndex(): KeyIndex {
  const low = patterns(LOW_RANKS);
  const high = patterns(13 - LOW_RANKS);
  const lowIndex = new Uint16Array(5 ** LOW_RANKS);
  const lowUpTo = new Int32Array(MAX_CARDS + 1);
  for (let i = 0; i < low.order.length; i++) {
    const p = low.order[i] as number;
    lowIndex[p] = i;
    for (let m = low.size[p] as number; m <= MAX_CARDS; m++) lowUpTo[m] = i + 1;
  }
  const highBase = new Int32Array(5 ** (13 - LOW_RANKS));
  let slots = 0;
  for (let j = 0; j < high.order.length; j++) {
    const h = high.order[j] as number;
    highBase[h] = slots;
    slots += lowUpTo[MAX_CARDS - (high.size[h] as number)] as number;
  }
  const { atLeast, slotKey, slotCards } = fillSlots(low, high, lowUpTo, slots);
  const cardStart = sizeStarts(slotCards);
  const bySize = orderBySize(slotCards, cardStart);
  return { lowIndex, highBase, slots, atLeast, slotKey, slotCards, bySize, cardStart };
}

export interface RankingTables {
  ri: RankingInfo;
  /** Slot → best hand ignoring suits (0 when the slot holds fewer cards than a hand). */
  values: Int32Array;
  /** 13-bit suited rank mask → best flush or straight flush; all zero when the ranking has no flushes or the mask too few ranks. */
  flushes: Int32Array;
  /** FLUSH_BIAS for the hand size, 0 when the ranking has no flushes. */
  flushBias: number;
  /**
   * Exactly three cards, the commonest guts hand, in one lookup: index
   * `(rank0 * 13 + rank1) * 13 + rank2`, plus THREE_SUITED when all three share a suit.
   */
  three: Int32Array;
  /**
   * Three-card rankings only (else empty), for hands of any size given as "held at least
   * k times" rank masks m1, m2, m3 (see `layout.ts`): `unpaired3[m1]` is the best hand of
   * three different ranks, and a pair or three of a kind is `pair3` or `trips3` OR the
   * ranks shifted in, so no table covers rank multisets at all.
   */
  unpaired3: Int32Array;
  pair3: number;
  trips3: number;
}

export const THREE_SUITED = 13 * 13 * 13;

/** Slot → best hand ignoring suits. Hands of exactly `size` cards are evaluated; a bigger one is worth its best sub-hand with one card fewer. */
function buildValues(ri: RankingInfo, index: KeyIndex): Int32Array {
  const values = new Int32Array(index.slots);
  const { bySize, cardStart } = index;
  evaluateExact(values, bySize, cardStart[ri.size] as number, cardStart[ri.size + 1] as number, index.atLeast, ri);
  bestOfSubs(values, bySize, cardStart[ri.size + 1] as number, bySize.length, index);
  return values;
}

function evaluateExact(
  values: Int32Array,
  bySize: Int32Array,
  from: number,
  to: number,
  atLeast: Uint16Array,
  ri: RankingInfo,
): void {
  for (let i = from; i < to; i++) {
    const slot = bySize[i] as number;
    values[slot] = atLeastValue(atLeast, slot * 4, ri);
  }
}

/**
 * Each slot of `bySize[from…to)` gets the best value of its slots with one card fewer
 * (one per rank it holds); in order of card count, so those are known already.
 */
function bestOfSubs(values: Int32Array, bySize: Int32Array, from: number, to: number, index: KeyIndex): void {
  const { atLeast, slotKey, highBase, lowIndex } = index;
  for (let i = from; i < to; i++) {
    const slot = bySize[i] as number;
    const key = slotKey[slot] as number;
    let best = 0;
    for (let held = atLeast[slot * 4] as number; held !== 0; held &= held - 1) {
      const sub = slotIn(highBase, lowIndex, key - (CARD_KEY[(31 - Math.clz32(held & -held)) * 4] as number));
      best = Math.max(best, values[sub] as number);
    }
    values[slot] = best;
  }
}

/** 13-bit suited rank mask → best flush or straight flush: exactly `size` ranks evaluated, more the best with one rank dropped. */
function buildFlushes(ri: RankingInfo): Int32Array {
  const flushes = new Int32Array(8192);
  if (ri.flush < 0) return flushes;
  for (let m = 0; m < 8192; m++) if (POPCOUNT13[m] === ri.size) flushes[m] = flushValue(ri, m, 0);
  bestDropOne(flushes, ri.size);
  return flushes;
}

/** For masks of more than `size` ranks, the best of `table` over the masks with one rank fewer (smaller numbers, so done first). */
function bestDropOne(table: Int32Array, size: number): void {
  for (let m = 0; m < 8192; m++) {
    if ((POPCOUNT13[m] as number) <= size) continue;
    let best = 0;
    for (let rest = m; rest !== 0; rest &= rest - 1) {
      best = Math.max(best, table[m ^ (rest & -rest)] as number);
    }
    table[m] = best;
  }
}

/**
 * 13-bit rank mask → best hand of three different ranks from it (high card or straight);
 * 0 under three ranks. Three ranks: the slot's value; more: the best with one rank dropped.
 */
function buildUnpaired3(ri: RankingInfo, values: Int32Array, index: KeyIndex): Int32Array {
  const unpaired = new Int32Array(ri.size === 3 ? 8192 : 0);
  if (ri.size !== 3) return unpaired;
  for (let a = 2; a < 13; a++) {
    for (let b = 1; b < a; b++) {
      for (let c = 0; c < b; c++) {
        const key = (CARD_KEY[a * 4] as number) + (CARD_KEY[b * 4] as number) + (CARD_KEY[c * 4] as number);
        unpaired[(1 << a) | (1 << b) | (1 << c)] = values[slotIn(index.highBase, index.lowIndex, key)] as number;
      }
    }
  }
  bestDropOne(unpaired, 3);
  return unpaired;
}

/** Three ranks (and suited or not) → value: the slot's value, or the flush's when suited and better. */
function buildThree(ri: RankingInfo, values: Int32Array, flushes: Int32Array, index: KeyIndex): Int32Array {
  const three = new Int32Array(ri.size <= 3 ? 2 * THREE_SUITED : 0);
  const hasFlush = ri.flush >= 0;
  for (let i = 0; i < three.length / 2; i++) {
    const a = Math.floor(i / 169);
    const b = Math.floor(i / 13) % 13;
    const c = i % 13;
    const key = (CARD_KEY[a * 4] as number) + (CARD_KEY[b * 4] as number) + (CARD_KEY[c * 4] as number);
    const v = values[slotIn(index.highBase, index.lowIndex, key)] as number;
    three[i] = v;
    const mask = (1 << a) | (1 << b) | (1 << c);
    const suited = hasFlush && POPCOUNT13[mask] === 3 ? (flushes[mask] as number) : 0;
    three[THREE_SUITED + i] = Math.max(v, suited);
  }
  return three;
}

export function buildRankingTables(ranking: RankingId, index: KeyIndex): RankingTables {
  const ri = rankingInfo(ranking);
  const flushes = buildFlushes(ri);
  const values = buildValues(ri, index);
  return {
    ri,
    values,
    flushes,
    flushBias: ri.flush >= 0 ? (FLUSH_BIAS[ri.size] as number) : 0,
    three: buildThree(ri, values, flushes, index),
    unpaired3: buildUnpaired3(ri, values, index),
    pair3: ri.size === 3 ? makeValue(ri.pair, 0) : 0,
    trips3: ri.size === 3 ? makeValue(ri.trips, 0) : 0,
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

/**
 * Builds every ranking's tables now. A long-running process calls this at start-up:
 * built on first use instead, they would stall whatever asked first (for the bot, the
 * first showdown, and every press waiting behind it) for tens of milliseconds.
 */
export function buildAllTables(): void {
  for (const ranking of RANKING_IDS) tablesFor(ranking);
}

/** The same, one ranking a call, for a caller that lets other work run in between; each builds once. */
export const tableBuilds = (): (() => void)[] => RANKING_IDS.map((ranking) => () => void tablesFor(ranking));
