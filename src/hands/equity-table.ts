import { type Card, DECK_SIZE } from '../cards/card.ts';
import { choose, type EquityOptions, type EquityResult, forEachHand } from './equity.ts';
import { PERMUTATIONS, renameSuit } from './equity-key.ts';
import { scoreBest } from './evaluate.ts';
import type { RankingId, WildSpec } from './types.ts';
import { handSize } from './value.ts';

/**
 * Odds without sampling, for the question nearly every table asks: a hand of at most three
 * private cards and nothing else to come (no board, no layout, no cards still to be
 * dealt), against opponents holding as many. Every hand of that size is scored once per
 * ranking and wild ranks (22,100 three-card hands; a table of scores built on first use
 * in a few ms); a question then counts the opponent hands that beat, tie and lose to it
 * in that table, sorted (`countedSplit`: a few microseconds), or where cards are dead
 * walks it, skipping the hands that hold a card the player holds or that is dead (tens
 * of microseconds): odds need no helper thread and never go out without. A hand's split
 * is remembered: it comes back at every press of its deal, against more or fewer opponents.
 *
 * Against one opponent the answer is exact. Against several, the opponents' hands are
 * taken as independent draws from that heads-up split (better, tie, worse): only the
 * few cards the opponents take from one another are ignored, which moves the share by at
 * most a few tenths of a point (the Monte Carlo in equity.ts is good to ±1 point), so
 * it reports `exact: false` and `halfWidth` 0.
 */
export type TableQuestion = Omit<EquityOptions, 'now' | 'budgetMs'>;

/** The biggest hand scored ahead: C(52, 3) = 22,100 hands; four cards would be 270,725. */
const MAX_TABLE_HAND = 3;

interface ScoreTable {
  /** Hand i's cards as bits: cards 0…31 in `low[i]`, 32…51 in `high[i]`. */
  low: Int32Array;
  high: Int32Array;
  scores: Int32Array;
  /**
   * Heads-up splits already walked, by the player's cards up to the names of their suits
   * (no dead cards): at most one per class of hands. The walk is the question's whole
   * cost, and the same hand comes back against one, two, three or four opponents (the
   * split is the same, the share is not), at every press of its deal and at other tables.
   */
  splits: Map<number, HeadsUp>;
  /** The scores sorted for counting (`splitIndex`), made at the first split without dead cards. */
  index?: SplitIndex;
}

/**
 * A table's scores arranged to count a split without walking every hand: all of them
 * sorted, those of the hands holding each card sorted, and each hand's score by its
 * cards (in ascending order, as digits base 52).
 */
interface SplitIndex {
  all: Int32Array;
  byCard: Int32Array[];
  scoreOf: Int32Array;
}

/** Of the hands an opponent may hold: how many beat, tie with and lose to the player's. */
interface HeadsUp {
  better: number;
  ties: number;
  worse: number;
}

/** One table per ranking and wild ranks: the catalogue has a few dozen such pairs. */
const TABLES = new Map<string, ScoreTable>();

function buildTable(size: number, ranking: RankingId, wild: WildSpec | undefined): ScoreTable {
  const count = choose(DECK_SIZE, size);
  const low = new Int32Array(count);
  const high = new Int32Array(count);
  const scores = new Int32Array(count);
  const deck = Array.from({ length: DECK_SIZE }, (_, c) => c);
  const hand = new Array<Card>(size);
  let h = 0;
  forEachHand(deck, size, new Uint8Array(DECK_SIZE), hand, () => {
    for (const c of hand) {
      if (c < 32) low[h] = (low[h] as number) | (1 << c);
      else high[h] = (high[h] as number) | (1 << (c - 32));
    }
    scores[h] = scoreBest(hand, ranking, wild);
    h++;
  });
  return { low, high, scores, splits: new Map() };
}

function tableFor(size: number, ranking: RankingId, wild: WildSpec | undefined): ScoreTable {
  const key = `${size}|${ranking}|${wild?.ranks?.join(',') ?? ''}|${wild?.lowestInHand ? 'low' : ''}`;
  let table = TABLES.get(key);
  if (!table) {
    table = buildTable(size, ranking, wild);
    TABLES.set(key, table);
  }
  return table;
}

/** Whether `tableEquity` answers this question (otherwise it takes `equity()`'s sampling). */
export function tableAnswers(q: TableQuestion): boolean {
  const size = q.privateCards.length;
  return (
    size >= 1 &&
    size <= MAX_TABLE_HAND &&
    size === handSize(q.ranking) &&
    !q.lines?.length &&
    Object.keys(q.board ?? {}).length === 0 &&
    // Exact wild cards (deadly rules) differ from deal to deal: a table each would cost more than it saves.
    !q.wild?.cards?.length &&
    (q.privateCardsAtShowdown ?? size) === size &&
    (q.opponentCards ?? size) === size &&
    q.opponents >= 1
  );
}

/** The odds of a question `tableAnswers`; throws on any other. */
export function tableEquity(q: TableQuestion): EquityResult {
  if (!tableAnswers(q)) throw new RangeError('tableEquity: the question needs sampling (equity)');
  const table = tableFor(q.privateCards.length, q.ranking, q.wild);
  let seenLow = 0;
  let seenHigh = 0;
  const known = [...q.privateCards, ...(q.dead ?? [])];
  for (const c of known) {
    if (c < 32) seenLow |= 1 << c;
    else seenHigh |= 1 << (c - 32);
  }
  if (new Set(known).size !== known.length) {
    throw new RangeError('tableEquity: a card appears twice among the private and dead cards');
  }
  // Dead cards are rare (a computer player's reckoning): only a player's own cards are remembered.
  const remembered = q.dead?.length ? undefined : suitClassKey(q.privateCards);
  let split = remembered === undefined ? undefined : table.splits.get(remembered);
  if (!split) {
    const mine = scoreBest(q.privateCards as Card[], q.ranking, q.wild);
    split =
      remembered === undefined
        ? headsUp(table, mine, seenLow, seenHigh)
        : countedSplit(splitIndex(table), mine, q.privateCards);
    if (remembered !== undefined) table.splits.set(remembered, split);
  }
  const { better, ties, worse } = split;
  const deals = better + ties + worse;
  if (deals === 0) throw new RangeError('tableEquity: no cards left to deal an opponent');
  const tie = ties / deals;
  const lose = worse / deals;
  return {
    beatOne: lose + tie / 2,
    beatAll: shareAgainst(q.opponents, tie, lose),
    exact: q.opponents === 1,
    samples: deals,
    halfWidth: 0,
  };
}

/** The opponent hands of `table` that hold none of the seen cards, against a hand scoring `mine`. */
function headsUp(table: ScoreTable, mine: number, seenLow: number, seenHigh: number): HeadsUp {
  const { low, high, scores } = table;
  let better = 0;
  let ties = 0;
  let worse = 0;
  for (let h = 0; h < scores.length; h++) {
    if (((low[h] as number) & seenLow) | ((high[h] as number) & seenHigh)) continue;
    const v = scores[h] as number;
    if (v > mine) better++;
    else if (v === mine) ties++;
    else worse++;
  }
  return { better, ties, worse };
}

function splitIndex(table: ScoreTable): SplitIndex {
  if (table.index) return table.index;
  const { low, high, scores } = table;
  const perCard: number[][] = Array.from({ length: DECK_SIZE }, () => []);
  let size = 0;
  for (let bits = (low[0] as number) | 0; bits; bits &= bits - 1) size++;
  for (let bits = (high[0] as number) | 0; bits; bits &= bits - 1) size++;
  const scoreOf = new Int32Array(DECK_SIZE ** size);
  for (let h = 0; h < scores.length; h++) {
    const v = scores[h] as number;
    let key = 0;
    for (let c = 0; c < DECK_SIZE; c++) {
      const held = c < 32 ? (low[h] as number) & (1 << c) : (high[h] as number) & (1 << (c - 32));
      if (!held) continue;
      (perCard[c] as number[]).push(v);
      key = key * DECK_SIZE + c;
    }
    scoreOf[key] = v;
  }
  const sorted = (xs: ArrayLike<number>) => Int32Array.from(xs).sort();
  table.index = { all: sorted(scores), byCard: perCard.map(sorted), scoreOf };
  return table.index;
}

/** How many of the sorted `xs` are below `v`. */
function below(xs: Int32Array, v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `headsUp` for a hand with no dead cards, counted rather than walked (a few binary
 * searches and at most 150 lookups instead of 22,100 hands): the opponent hands that
 * hold none of the player's cards are all hands, less those holding each card, plus
 * those holding each two of them, less those holding all three (inclusion–exclusion).
 * Opponents hold as many cards as the player (`tableAnswers`).
 */
function countedSplit(index: SplitIndex, mine: number, own: readonly Card[]): HeadsUp {
  const split = { better: 0, ties: 0, worse: 0 };
  const addSorted = (xs: Int32Array, sign: number) => {
    const worse = below(xs, mine);
    const notBetter = below(xs, mine + 1);
    split.worse += sign * worse;
    split.ties += sign * (notBetter - worse);
    split.better += sign * (xs.length - notBetter);
  };
  const addHand = (cards: number[], sign: number) => {
    const v = index.scoreOf[cards.sort((a, b) => a - b).reduce((key, c) => key * DECK_SIZE + c, 0)] as number;
    if (v > mine) split.better += sign;
    else if (v === mine) split.ties += sign;
    else split.worse += sign;
  };
  addSorted(index.all, 1);
  for (const c of own) addSorted(index.byCard[c] as Int32Array, -1);
  const size = own.length;
  // Each set of two or more of the player's cards: the hands that hold it.
  for (let set = 1; set < 1 << size; set++) {
    const held = own.filter((_, i) => set & (1 << i));
    if (held.length < 2) continue;
    const sign = held.length % 2 === 0 ? 1 : -1;
    if (held.length === size) addHand([...held], sign);
    else for (let x = 0; x < DECK_SIZE; x++) if (!held.includes(x)) addHand([...held, x], sign);
  }
  return split;
}

/**
 * A hand of at most three cards, its suits renamed by `perm`, as one number whatever
 * their order (cards are below 64, a missing card counts as 63). Sorted without
 * `Array.prototype.sort`: it is spelled 24 times for every question the table answers.
 */
function handKey(cards: readonly Card[], perm: readonly number[]): number {
  const renamed = (i: number) => {
    const c = cards[i];
    return c === undefined ? 63 : renameSuit(c, perm);
  };
  const a = renamed(0);
  const b = renamed(1);
  const c = renamed(2);
  const low = Math.min(a, b, c);
  const high = Math.max(a, b, c);
  return (low * 64 + (a + b + c - low - high)) * 64 + high;
}

/**
 * The smallest `handKey` of the hand over the 24 renamings of the suits: renamed hands
 * split alike (scores ignore suit names; exact wild cards, which do not, never reach the
 * table), so a split is walked once per class (1,755 of three cards), not once per hand.
 */
function suitClassKey(cards: readonly Card[]): number {
  let smallest = Number.POSITIVE_INFINITY;
  for (const perm of PERMUTATIONS) smallest = Math.min(smallest, handKey(cards, perm));
  return smallest;
}

/**
 * The expected share against `opponents` independent hands, each tying with `tie` and
 * worse with `lose`: nobody better, and the pot split with those who tie.
 */
function shareAgainst(opponents: number, tie: number, lose: number): number {
  let share = 0;
  for (let t = 0; t <= opponents; t++) share += (choose(opponents, t) * tie ** t * lose ** (opponents - t)) / (1 + t);
  return share;
}
