import type { Card } from '../cards/card.ts';
import { scoreGeneral } from './counts.ts';
import { evaluateResolved, someSubset } from './evaluate.ts';
import { HIGH_WORD, LOW_WORD, scoreSumsMasks } from './fast.ts';
import { CARD_KEY, MAX_TABLE_CARDS, type RankingTables, suitOne, tablesFor } from './lookup-tables.ts';
import type { Board, LayoutResult, LayoutUse, Line, RankingId, WildSpec } from './types.ts';
import { type RankingInfo, rankingInfo } from './value.ts';
import { compileWild, hasWild, resolveLowest, type WildMasks } from './wild.ts';

/**
 * Layout hands (docs/RULES.md: Who wins a showdown Layouts): private cards plus board cards from ONE line only,
 * `use` bounding how many of each. When the bounds allow every split of the hand
 * between private and line cards (Iron Cross: any mix), the best hand is simply the best
 * of private ∪ line; otherwise every allowed split is tried. A line position missing
 * from `board` (not dealt yet) is skipped. With `lowestInHand`, the lowest rank is taken
 * over the private cards plus the line's cards: the cards the hand is chosen from.
 */

const spec: WildMasks = { ranks: 0, cardsLo: 0, cardsHi: 0, lowestInHand: false };
const resolved: WildMasks = { ranks: 0, cardsLo: 0, cardsHi: 0, lowestInHand: false };
const pool: Card[] = [];

interface Best {
  value: number;
  /** Index into `lines`, -1 for no board card. */
  line: number;
  cards: Card[];
  masks: WildMasks;
}

function lineCards(board: Board, line: Line, into: Card[]): Card[] {
  into.length = 0;
  for (const pos of line) {
    const c = board[pos];
    if (c !== undefined) into.push(c);
  }
  return into;
}

/** True when `use` allows every split of a `size`-card hand between `nPrivate` and `nLine` cards. */
function anyMix(use: LayoutUse, size: number, nPrivate: number, nLine: number): boolean {
  for (let p = Math.max(0, size - nLine); p <= Math.min(nPrivate, size); p++) {
    const b = size - p;
    if (p < use.privateMin || p > use.privateMax || b < use.boardMin || b > use.boardMax) return false;
  }
  return true;
}

const onLine: Card[] = [];

function searchLine(
  privateCards: readonly Card[],
  lineIndex: number,
  line: readonly Card[],
  use: LayoutUse,
  ri: RankingInfo,
  best: Best | null,
): number {
  pool.length = 0;
  pool.push(...privateCards, ...line);
  resolveLowest(spec, pool, resolved);
  let top = -1;
  const consider = (hand: readonly Card[]): void => {
    const value = scoreGeneral(hand, hand.length, ri, resolved);
    if (value > top) top = value;
    if (best && value > best.value) {
      best.value = value;
      best.line = lineIndex;
      best.cards = [...hand];
      best.masks = { ...resolved };
    }
  };
  if (pool.length < ri.size) return top;
  if (anyMix(use, ri.size, privateCards.length, line.length)) {
    consider(pool);
    return top;
  }
  const minBoard = lineIndex < 0 ? 0 : Math.max(use.boardMin, 1);
  const maxBoard = lineIndex < 0 ? 0 : use.boardMax;
  for (let b = minBoard; b <= Math.min(maxBoard, line.length, ri.size); b++) {
    const p = ri.size - b;
    if (p < use.privateMin || p > use.privateMax || p > privateCards.length) continue;
    someSubset(privateCards, p, (mine) =>
      someSubset(line, b, (shared) => {
        consider([...mine, ...shared]);
        return false;
      }),
    );
  }
  return top;
}

function search(
  privateCards: readonly Card[],
  board: Board,
  lines: readonly Line[],
  use: LayoutUse,
  ri: RankingInfo,
  wild: WildSpec | undefined,
  best: Best | null,
): number {
  compileWild(wild, spec);
  let top = -1;
  if (use.boardMin === 0) top = searchLine(privateCards, -1, [], use, ri, best);
  for (let i = 0; i < lines.length; i++) {
    top = Math.max(top, searchLine(privateCards, i, lineCards(board, lines[i] as Line, onLine), use, ri, best));
  }
  return top;
}

/** Per line: cards dealt, their rank-key sum, suit counts and the two words of suited rank masks. */
const LINE_FIELDS = 5;

function sumLines(board: Board, lines: readonly Line[]): Int32Array {
  const sums = new Int32Array(lines.length * LINE_FIELDS);
  for (let l = 0; l < lines.length; l++) {
    const at = l * LINE_FIELDS;
    for (const pos of lines[l] as Line) {
      const c = board[pos];
      if (c === undefined) continue;
      sums[at] = (sums[at] as number) + 1;
      sums[at + 1] = (sums[at + 1] as number) + (CARD_KEY[c] as number);
      sums[at + 2] = (sums[at + 2] as number) + suitOne(c);
      sums[at + 3] = (sums[at + 3] as number) | (LOW_WORD[c] as number);
      sums[at + 4] = (sums[at + 4] as number) | (HIGH_WORD[c] as number);
    }
  }
  return sums;
}

/** True when every line can take a fast path for hands of `nPrivate` cards (`maxCards`: how many cards it handles). */
function fastApplies(
  sums: Int32Array,
  fields: number,
  use: LayoutUse,
  size: number,
  nPrivate: number,
  maxCards: number,
): boolean {
  for (let at = 0; at < sums.length; at += fields) {
    const onLine = sums[at] as number;
    if (nPrivate + onLine > maxCards || !anyMix(use, size, nPrivate, onLine)) return false;
  }
  return true;
}

/**
 * The common case without wild cards, up to 7 cards per line and any mix allowed (Iron
 * Cross, Tic-tac-toe, Pyramid; see `fastApplies`): one table lookup per line, the
 * line's sums prepared. With any mix allowed, a line's best hand covers the hands of
 * private cards alone too.
 */
function scoreLinesFast(privateCards: readonly Card[], sums: Int32Array, t: RankingTables): number {
  const nPrivate = privateCards.length;
  const size = t.ri.size;
  let key = 0;
  let suits = 0;
  let low = 0;
  let high = 0;
  for (let i = 0; i < nPrivate; i++) {
    const c = privateCards[i] as Card;
    key += CARD_KEY[c] as number;
    suits += suitOne(c);
    low |= LOW_WORD[c] as number;
    high |= HIGH_WORD[c] as number;
  }
  let best = -1;
  for (let at = 0; at < sums.length; at += LINE_FIELDS) {
    if (nPrivate + (sums[at] as number) < size) continue;
    const v = scoreSumsMasks(
      key + (sums[at + 1] as number),
      suits + (sums[at + 2] as number),
      low | (sums[at + 3] as number),
      high | (sums[at + 4] as number),
      t,
    );
    if (v > best) best = v;
  }
  return best;
}

/**
 * Three-card rankings (Iron Cross): per line, the cards dealt, the masks of the ranks held
 * at least once, twice and three times, and the two words of suited rank masks.
 */
const LINE3_FIELDS = 6;

function maskLines(board: Board, lines: readonly Line[]): Int32Array {
  const masks = new Int32Array(lines.length * LINE3_FIELDS);
  for (let l = 0, at = 0; l < lines.length; l++, at += LINE3_FIELDS) {
    let m1 = 0;
    let m2 = 0;
    let m3 = 0;
    let low = 0;
    let high = 0;
    let n = 0;
    const line = lines[l] as Line;
    for (let i = 0; i < line.length; i++) {
      const c = board[line[i] as string];
      if (c === undefined) continue;
      n++;
      const b = 1 << (c >> 2);
      m3 |= m2 & b;
      m2 |= m1 & b;
      m1 |= b;
      low |= LOW_WORD[c] as number;
      high |= HIGH_WORD[c] as number;
    }
    masks[at] = n;
    masks[at + 1] = m1;
    masks[at + 2] = m2;
    masks[at + 3] = m3;
    masks[at + 4] = low;
    masks[at + 5] = high;
  }
  return masks;
}

/** max(a, b) without a branch, for |a - b| < 2^31. */
const max = (a: number, b: number): number => a - ((a - b) & ((a - b) >> 31));

/**
 * Best three-card hand of private ∪ line for each line, with no table of rank multisets
 * (so any number of cards): the private cards' "held at least k times" masks p1…p3 and
 * a line's q1…q3 combine with bit operations (m2 = p2 | q2 | p1 & q1, and so on). The
 * candidates: three of a kind of m3's top rank; the pair of m2's top rank with m1's next
 * rank as kicker; `unpaired3[m1]` (high card or straight); each suit's mask in `flushes`
 * (zero under three cards). All are computed and the largest kept without a branch: an
 * empty m3 or m2 has top "rank" -1, which makes that candidate negative. (With
 * branches, mispredictions on random hands cost about a third of the time.) The two
 * tables read take 64 KB, against 500 KB for the 7-card lookup.
 */
function scoreLines3(privateCards: readonly Card[], masks: Int32Array, t: RankingTables): number {
  const n = privateCards.length;
  let p1 = 0;
  let p2 = 0;
  let p3 = 0;
  let low = 0;
  let high = 0;
  for (let i = 0; i < n; i++) {
    const c = privateCards[i] as Card;
    const b = 1 << (c >> 2);
    p3 |= p2 & b;
    p2 |= p1 & b;
    p1 |= b;
    low |= LOW_WORD[c] as number;
    high |= HIGH_WORD[c] as number;
  }
  const unpaired = t.unpaired3;
  const flushes = t.flushes;
  let best = -1;
  for (let at = 0; at < masks.length; at += LINE3_FIELDS) {
    if (n + (masks[at] as number) < 3) continue;
    const q1 = masks[at + 1] as number;
    const m1 = p1 | q1;
    const m2 = p2 | (masks[at + 2] as number) | (p1 & q1);
    const m3 = p3 | (masks[at + 3] as number) | (p2 & q1) | (p1 & (masks[at + 2] as number));
    const r2 = 31 - Math.clz32(m2);
    const trips = t.trips3 | ((31 - Math.clz32(m3)) << 16);
    const pair = t.pair3 | (r2 << 16) | ((31 - Math.clz32(m1 ^ (1 << r2))) << 12);
    const sl = low | (masks[at + 4] as number);
    const sh = high | (masks[at + 5] as number);
    let v = max(max(unpaired[m1] as number, pair), trips);
    v = max(
      v,
      max(
        max(flushes[sl & 0x1fff] as number, flushes[sl >>> 16] as number),
        max(flushes[sh & 0x1fff] as number, flushes[sh >>> 16] as number),
      ),
    );
    best = max(best, v);
  }
  return best;
}

/**
 * A scorer for many hands on one board (a showdown, an equity run): the board's lines
 * are looked up and summed once, so each hand costs one table lookup per line (three-card
 * rankings: a few bit operations and small-table lookups per line). The board must not
 * change while the scorer is in use.
 */
export function prepareLayout(
  board: Board,
  lines: readonly Line[],
  use: LayoutUse,
  ranking: RankingId,
  wild?: WildSpec,
): (privateCards: readonly Card[]) => number {
  if (lines.length === 0 || (wild !== undefined && hasWild(compileWild(wild, spec)))) {
    const ri = rankingInfo(ranking);
    return (privateCards) => search(privateCards, board, lines, use, ri, wild, null);
  }
  const t = tablesFor(ranking);
  const three = t.ri.size === 3;
  const sums = three ? maskLines(board, lines) : sumLines(board, lines);
  const fields = three ? LINE3_FIELDS : LINE_FIELDS;
  const maxCards = three ? Number.POSITIVE_INFINITY : MAX_TABLE_CARDS;
  let checkedPrivate = -1;
  let fast = false;
  return (privateCards) => {
    if (privateCards.length !== checkedPrivate) {
      checkedPrivate = privateCards.length;
      fast = fastApplies(sums, fields, use, t.ri.size, checkedPrivate, maxCards);
    }
    if (!fast) return search(privateCards, board, lines, use, t.ri, wild, null);
    return three ? scoreLines3(privateCards, sums, t) : scoreLinesFast(privateCards, sums, t);
  };
}

/** The value of `bestFromLayout(...)`, without building the result. -1 when no legal hand exists. */
export function scoreFromLayout(
  privateCards: readonly Card[],
  board: Board,
  lines: readonly Line[],
  use: LayoutUse,
  ranking: RankingId,
  wild?: WildSpec,
): number {
  return prepareLayout(board, lines, use, ranking, wild)(privateCards);
}

/** Best hand using private cards plus board cards from one line only, within the counts in `use`. */
export function bestFromLayout(
  privateCards: readonly Card[],
  board: Board,
  lines: readonly Line[],
  use: LayoutUse,
  ranking: RankingId,
  wild?: WildSpec,
): LayoutResult {
  const best: Best = { value: -1, line: -1, cards: [], masks: spec };
  search(privateCards, board, lines, use, rankingInfo(ranking), wild, best);
  if (best.value < 0) {
    throw new RangeError(`no legal ${ranking} hand from ${privateCards.length} private cards and these lines`);
  }
  const line = best.line < 0 ? null : [...(lines[best.line] as Line)];
  return { ...evaluateResolved(best.cards, ranking, best.masks), line };
}
