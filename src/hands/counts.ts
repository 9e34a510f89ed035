import type { Card } from '../cards/card.ts';
import { makeValue, type RankingInfo } from './value.ts';
import { isWildCard, type WildMasks } from './wild.ts';

/**
 * The general evaluator: any ranking, any number of cards, wild cards. It works on rank
 * counts and per-suit rank masks, never on substitutions: a wild card joins the largest
 * group (ties: the highest rank), fills the gaps of the best straight window, or tops a
 * flush as an ace (a wild may copy a card already held, so an ace-ace flush is possible).
 * The best of those candidates is the best hand. Rank counts are kept as masks:
 * `atLeast[k]` holds the ranks held at least k times, so "the highest rank held at least
 * k times" is one count-leading-zeros. The lookup tables in `tables.ts` are generated
 * from this code; the fast paths in `fast.ts` use them.
 */

/** `atLeast[k]`: 13-bit mask of the ranks held at least k times (k = 1…4). */
const atLeast = new Int32Array(5);
const work = new Int32Array(5);
const suitMasks = new Int32Array(4);

export const highestBit = (mask: number): number => 31 - Math.clz32(mask);

/** How many times `masks` (as `atLeast`) hold rank `r`. */
function countOf(masks: Int32Array, r: number): number {
  let c = 0;
  while (c < 4 && ((masks[c + 1] as number) >>> r) & 1) c++;
  return c;
}

/** The largest k with a rank held at least k times, 0 for none. */
function most(masks: Int32Array): number {
  let k = 4;
  while (k > 0 && masks[k] === 0) k--;
  return k;
}

export const POPCOUNT13 = Uint8Array.from({ length: 8192 }, (_, m) => {
  let n = 0;
  for (let x = m; x; x &= x - 1) n++;
  return n;
});

/** Straight windows per hand size, best first: [top rank, 13-bit mask] pairs. The wheel's top is its highest natural rank. */
function straightWindows(size: number): Int32Array {
  const out: number[] = [];
  for (let top = 12; top >= size - 1; top--) out.push(top, ((1 << size) - 1) << (top - size + 1));
  out.push(size - 2, ((1 << (size - 1)) - 1) | (1 << 12));
  return Int32Array.from(out);
}
const WINDOWS: Record<number, Int32Array> = { 3: straightWindows(3), 5: straightWindows(5) };

function searchStraight(mask: number, w: number, size: number): number {
  const windows = WINDOWS[size] as Int32Array;
  for (let i = 0; i < windows.length; i += 2) {
    const windowMask = windows[i + 1] as number;
    if (size - (POPCOUNT13[mask & windowMask] as number) <= w) return windows[i] as number;
  }
  return -1;
}

/** Without wild cards, the straight in every 13-bit rank mask, per hand size: the table builders ask for each. */
const NATURAL_STRAIGHT: Record<number, Int8Array> = {
  3: Int8Array.from({ length: 8192 }, (_, m) => searchStraight(m, 0, 3)),
  5: Int8Array.from({ length: 8192 }, (_, m) => searchStraight(m, 0, 5)),
};

/**
 * With 1…size-1 wild cards, the straight in every 13-bit rank mask, per hand size: one
 * 4-bit field per wild count w (at bit 4w) holding the top rank + 1 (0: none). Windows
 * go best first, so each w takes the first window missing at most w ranks. Built on
 * the first hand with wild cards.
 */
const WILD_STRAIGHT: Record<number, Int32Array> = {};

function buildWildStraights(size: number): Int32Array {
  const windows = WINDOWS[size] as Int32Array;
  const table = new Int32Array(8192);
  const all = ((1 << size) - 1) & ~1; // the fields of w = 1…size-1
  for (let mask = 0; mask < 8192; mask++) {
    let packed = 0;
    let done = 0;
    for (let i = 0; i < windows.length && done !== all; i += 2) {
      const missing = size - (POPCOUNT13[mask & (windows[i + 1] as number)] as number);
      for (let w = Math.max(missing, 1); w < size; w++) {
        if ((done >>> w) & 1) continue;
        done |= 1 << w;
        packed |= ((windows[i] as number) + 1) << (4 * w);
      }
    }
    table[mask] = packed;
  }
  return table;
}

/** Top rank of the best straight `w` wild cards can complete in `mask`, or -1. */
export function straightTopWithWilds(mask: number, w: number, size: number): number {
  if (w === 0) return (NATURAL_STRAIGHT[size] as Int8Array)[mask] as number;
  if (w >= size) return 12;
  const table = (WILD_STRAIGHT[size] ??= buildWildStraights(size));
  return (((table[mask] as number) >>> (4 * w)) & 15) - 1;
}

/** Packs the `n` highest ranks of `mask` into the nibbles after the `placed` ones already in `packed`. */
function packTopRanks(mask: number, n: number, placed: number, packed: number): number {
  for (let r = 12; r >= 0 && n > 0; r--) {
    if ((mask >>> r) & 1) {
      packed |= r << (16 - 4 * placed++);
      n--;
    }
  }
  return packed;
}

/** The category of a pair-type hand from its two largest groups. */
function groupCategory(ri: RankingInfo, g1: number, g2: number): number {
  switch (g1) {
    case 5:
      return ri.fiveOfAKind;
    case 4:
      return ri.quads;
    case 3:
      return g2 === 2 ? ri.fullHouse : ri.trips;
    case 2:
      return g2 === 2 ? ri.twoPair : ri.pair;
    default:
      return ri.high;
  }
}

/** Best pair-type hand (groups and kickers only) of `ri.size` cards from the masks in `work` (which it uses up). */
function groupsValue(ri: RankingInfo): number {
  let slots = ri.size;
  let packed = 0;
  let placed = 0;
  let g1 = 0;
  let g2 = 0;
  while (slots > 0) {
    // The biggest group still possible, of the highest rank that has it.
    const g = Math.min(most(work), slots);
    const r = highestBit(work[g] as number);
    const c = countOf(work, r);
    for (let k = c - g + 1; k <= c; k++) work[k] = (work[k] as number) & ~(1 << r);
    slots -= g;
    packed |= r << (16 - 4 * placed++);
    if (placed === 1) g1 = g;
    else if (placed === 2) g2 = g;
  }
  return makeValue(groupCategory(ri, g1, g2), packed);
}

/** `size` of a kind of rank `r`: what enough wild cards make. */
export const ofAKindValue = (ri: RankingInfo, r: number): number => makeValue(groupCategory(ri, ri.size, 0), r << 16);

function pairTypeValue(ri: RankingInfo, w: number): number {
  const top = most(atLeast);
  if (top + w >= ri.size) {
    // Enough wild cards for `size` of a kind: the highest rank that can get there.
    return ofAKindValue(ri, w >= ri.size ? 12 : highestBit(atLeast[ri.size - w] as number));
  }
  for (let k = 1; k <= 4; k++) work[k] = atLeast[k] as number;
  const bit = 1 << highestBit(atLeast[top] as number);
  for (let k = top + 1; k <= top + w; k++) work[k] = (work[k] as number) | bit;
  return groupsValue(ri);
}

/** Best value of the hand in `atLeast`/`suitMasks` with `w` more wild cards; flushes only if `withFlush`. */
function bestLoaded(ri: RankingInfo, w: number, withFlush: boolean): number {
  let best = pairTypeValue(ri, w);
  if (ri.straight >= 0) {
    const top = straightTopWithWilds(atLeast[1] as number, w, ri.size);
    if (top >= 0) best = Math.max(best, makeValue(ri.straight, top << 16));
  }
  if (withFlush && ri.flush >= 0) {
    for (let s = 0; s < 4; s++) {
      const mask = suitMasks[s] as number;
      if ((POPCOUNT13[mask] as number) + w >= ri.size) best = Math.max(best, flushValue(ri, mask, w));
    }
  }
  return best;
}

/** Best flush or straight flush from the suited ranks in `mask` plus `w` wild cards (which become aces). */
export function flushValue(ri: RankingInfo, mask: number, w: number): number {
  const top = straightTopWithWilds(mask, w, ri.size);
  if (top >= 0) return makeValue(ri.straightFlush, top << 16);
  const aces = Math.min(w, ri.size);
  let packed = 0;
  for (let i = 0; i < aces; i++) packed |= 12 << (16 - 4 * i);
  return makeValue(ri.flush, packTopRanks(mask, ri.size - aces, aces, packed));
}

/** Best hand ignoring suits (no flushes) from the four "at least k" masks at `at`; the lookup tables are built from it. */
export function atLeastValue(masks: ArrayLike<number>, at: number, ri: RankingInfo): number {
  for (let k = 1; k <= 4; k++) atLeast[k] = masks[at + k - 1] as number;
  return bestLoaded(ri, 0, false);
}

/**
 * Best value among `cards` (the first `n` of them) under ranking `ri`, with the wild
 * cards `m` marks. `lowestInHand` is applied over exactly these cards.
 */
export function scoreGeneral(cards: readonly Card[], n: number, ri: RankingInfo, m: WildMasks): number {
  atLeast.fill(0);
  suitMasks.fill(0);
  let w = 0;
  for (let i = 0; i < n; i++) {
    const c = cards[i] as Card;
    if (isWildCard(m, c)) {
      w++;
      continue;
    }
    const r = c >> 2;
    const k = countOf(atLeast, r) + 1;
    atLeast[k] = (atLeast[k] as number) | (1 << r);
    suitMasks[c & 3] = (suitMasks[c & 3] as number) | (1 << r);
  }
  if (m.lowestInHand && atLeast[1] !== 0) {
    const lowest = 1 << (31 - Math.clz32((atLeast[1] as number) & -(atLeast[1] as number)));
    for (let k = 1; k <= 4; k++) {
      if ((atLeast[k] as number) & lowest) w++;
      atLeast[k] = (atLeast[k] as number) & ~lowest;
    }
    for (let s = 0; s < 4; s++) suitMasks[s] = (suitMasks[s] as number) & ~lowest;
  }
  return bestLoaded(ri, w, true);
}
