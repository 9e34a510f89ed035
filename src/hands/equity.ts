import { type Card, DECK_SIZE } from '../cards/card.ts';
import type { Rng } from '../cards/rng.ts';
import { scoreBest } from './evaluate.ts';
import { prepareLayout } from './layout.ts';
import type { Board, LayoutUse, Line, RankingId, WildSpec } from './types.ts';
import { handSize } from './value.ts';

/**
 * Odds for a private hand (docs/RULES.md: Table options `odds`): the chance to beat one random hand, and
 * to beat all of `opponents` random hands, dealt from the cards nobody can see.
 *
 * How ties count: a tie is a split. Against one hand a tie counts 1/2. Against several,
 * sharing the best hand with k opponents counts 1/(k+1); losing to any counts 0. So
 * both numbers are the expected share of a pot that goes to the best hand.
 *
 * Exact where the space is small (every opponent hand enumerated: 3-card guts heads-up is
 * C(49,3) = 18,424 hands); otherwise Monte Carlo, stopping once the 95% interval of both
 * numbers is within ±`precision`, or after `budgetMs` by the injected clock, or after
 * MAX_SAMPLES. Board positions that `lines` name but `board` lacks are not dealt yet,
 * nor are private cards still to come (`privateCardsAtShowdown`): each sample deals them
 * too, and then nothing is exact. Without `lines`, every board card is shared by
 * everyone (Piranha: best hand from private + all the board).
 */
export interface EquityOptions {
  privateCards: readonly Card[];
  ranking: RankingId;
  wild?: WildSpec;
  board?: Board;
  lines?: readonly Line[];
  use?: LayoutUse;
  /**
   * Private cards the player will hold at the showdown, when more are still to come
   * (Iron Cross: 3 now, 4 later; two-plus-one: 2 now, 3 later); the missing ones are
   * dealt in every sample. Default privateCards.length, or without lines, as many as
   * the hand needs to reach the ranking's hand size with the board.
   */
  privateCardsAtShowdown?: number;
  /** Cards each opponent holds at the showdown; default privateCardsAtShowdown. */
  opponentCards?: number;
  opponents: number;
  dead?: readonly Card[];
  /** 95% half-width target, default 0.01. */
  precision?: number;
  /** Injected clock for the 250 ms cap (pure code may not read the clock itself); omit for sample cap only. */
  now?: () => number;
  budgetMs?: number;
}

export interface EquityResult {
  beatOne: number;
  beatAll: number;
  exact: boolean;
  /** Hands enumerated (exact) or deals sampled (Monte Carlo). */
  samples: number;
  /** 95% half-width of the less precise number; 0 when exact. */
  halfWidth: number;
}

/** Enumerate exactly when there are at most this many opponent deals to look at. */
const EXACT_LIMIT = 50_000;
const MAX_SAMPLES = 400_000;
const MIN_SAMPLES = 1_000;
const BATCH = 250;
const Z95 = 1.959964;

/** Scores one hand on one (possibly sampled) board. */
type Scorer = (cards: readonly Card[]) => number;

/** Makes the scorer for a board: layouts prepare each board's lines once. */
function scorerMaker(opts: EquityOptions, boardCards: Card[]): (board: Board) => Scorer {
  const { ranking, wild, lines } = opts;
  if (lines && lines.length > 0) {
    const use = opts.use ?? { privateMin: 0, privateMax: 52, boardMin: 0, boardMax: 52 };
    return (board) => prepareLayout(board, lines, use, ranking, wild);
  }
  const plain: Scorer = (cards) => scoreBest(cards, ranking, wild);
  if (boardCards.length === 0) return () => plain;
  const all: Card[] = [];
  const withBoard: Scorer = (cards) => {
    all.length = 0;
    all.push(...cards, ...boardCards);
    return scoreBest(all, ranking, wild);
  };
  return () => withBoard;
}

/** C(n, k): the number of k-card hands from n cards. */
export function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

/** Calls `visit` with each k-combination of `deck` that avoids `used` (a card-indexed flag array). */
export function forEachHand(deck: readonly Card[], k: number, used: Uint8Array, hand: Card[], visit: () => void): void {
  const pick = (from: number, depth: number): void => {
    if (depth === k) {
      visit();
      return;
    }
    for (let i = from; i <= deck.length - (k - depth); i++) {
      const c = deck[i] as Card;
      if (used[c]) continue;
      hand[depth] = c;
      pick(i + 1, depth + 1);
    }
  };
  pick(0, 0);
}

/** Share of the pot against every opponent deal, enumerated. */
function exactShare(deck: readonly Card[], k: number, opponents: number, mine: number, score: Scorer) {
  const used = new Uint8Array(DECK_SIZE);
  const hands = Array.from({ length: opponents }, () => new Array<Card>(k));
  let total = 0;
  let deals = 0;
  const deal = (o: number, better: number, ties: number): void => {
    if (o === opponents) {
      deals++;
      if (better === 0) total += 1 / (1 + ties);
      return;
    }
    const hand = hands[o] as Card[];
    forEachHand(deck, k, used, hand, () => {
      const v = score(hand);
      for (const c of hand) used[c] = 1;
      deal(o + 1, better + (v > mine ? 1 : 0), ties + (v === mine ? 1 : 0));
      for (const c of hand) used[c] = 0;
    });
  };
  deal(0, 0, 0);
  return { share: total / deals, deals };
}

/**
 * `exactShare` against one opponent, the case every odds question asks (three-card guts
 * heads-up is 18,424 hands): no cards to mark as used, so the hands are walked as index
 * combinations in a loop rather than by recursion, several times faster.
 */
function exactShareVsOne(deck: readonly Card[], k: number, mine: number, score: Scorer) {
  const n = deck.length;
  const at = Int32Array.from({ length: k }, (_, i) => i);
  const hand = new Array<Card>(k);
  let total = 0;
  let deals = 0;
  for (;;) {
    for (let i = 0; i < k; i++) hand[i] = deck[at[i] as number] as Card;
    const v = score(hand);
    total += v < mine ? 1 : v === mine ? 0.5 : 0;
    deals++;
    let i = k - 1;
    while (i >= 0 && at[i] === n - k + i) i--;
    if (i < 0) return { share: total / deals, deals };
    at[i] = (at[i] as number) + 1;
    for (let j = i + 1; j < k; j++) at[j] = (at[j - 1] as number) + 1;
  }
}

function orderedDeals(remaining: number, k: number, opponents: number): number {
  let n = 1;
  for (let o = 0; o < opponents; o++) n *= choose(remaining - o * k, k);
  return n;
}

/** The cards nobody can see, and what each sample deals from them, in this order. */
interface Unseen {
  deck: Card[];
  /** Board positions the lines name that are not dealt yet. */
  unknown: string[];
  /** Private cards the player has still to receive. */
  extra: number;
  opponentCards: number;
}

function unseenCards(opts: EquityOptions, board: Board): Unseen {
  const { privateCards, opponents } = opts;
  const boardCards = Object.values(board);
  const dead = opts.dead ?? [];
  const known = new Set<Card>([...privateCards, ...boardCards, ...dead]);
  if (known.size !== privateCards.length + boardCards.length + dead.length) {
    throw new RangeError('equity: a card appears twice among the private, board and dead cards');
  }
  const deck: Card[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!known.has(c)) deck.push(c);
  // A hand too short to score (two-plus-one before its third card) gets the missing cards dealt.
  const short = opts.lines?.length ? 0 : handSize(opts.ranking) - privateCards.length - boardCards.length;
  const atShowdown = opts.privateCardsAtShowdown ?? privateCards.length + Math.max(0, short);
  const opponentCards = opts.opponentCards ?? atShowdown;
  const unknown = [...new Set((opts.lines ?? []).flat())].filter((pos) => board[pos] === undefined);
  const extra = atShowdown - privateCards.length;
  if (
    opponents < 1 ||
    opponentCards < 1 ||
    extra < 0 ||
    unknown.length + extra + opponents * opponentCards > deck.length
  ) {
    throw new RangeError(`equity: cannot deal ${opponents} hands of ${opponentCards} from ${deck.length} cards`);
  }
  return { deck, unknown, extra, opponentCards };
}

/** Exact shares when nothing but the opponents' cards is unseen and the deals are few; null where not. */
function exactShares(opts: EquityOptions, unseen: Unseen, score: Scorer | null) {
  const { deck, opponentCards: k } = unseen;
  if (!score || unseen.extra > 0 || choose(deck.length, k) > EXACT_LIMIT) return null;
  const mine = score(opts.privateCards);
  const one = exactShareVsOne(deck, k, mine, score);
  if (opts.opponents === 1) return { beatOne: one.share, beatAll: one.share, deals: one.deals };
  if (orderedDeals(deck.length, k, opts.opponents) > EXACT_LIMIT)
    return { beatOne: one.share, beatAll: null, deals: 0 };
  const all = exactShare(deck, k, opts.opponents, mine, score);
  return { beatOne: one.share, beatAll: all.share, deals: all.deals };
}

export function equity(opts: EquityOptions, rng: Rng): EquityResult {
  const { privateCards, opponents } = opts;
  const precision = opts.precision ?? 0.01;
  const board: Record<string, Card> = { ...(opts.board ?? {}) };
  const unseen = unseenCards(opts, board);
  const { deck, unknown, extra, opponentCards: k } = unseen;
  const scorerOn = scorerMaker(opts, Object.values(board));
  const fixedScore = unknown.length === 0 ? scorerOn(board) : null;
  const exact = exactShares(opts, unseen, fixedScore);
  if (exact && exact.beatAll !== null) {
    return { beatOne: exact.beatOne, beatAll: exact.beatAll, exact: true, samples: exact.deals, halfWidth: 0 };
  }
  const exactOne = exact?.beatOne ?? null;
  const fixedMine = fixedScore && extra === 0 ? fixedScore(privateCards) : null;

  const start = opts.now?.() ?? 0;
  const budget = opts.budgetMs ?? 250;
  const need = unknown.length + extra + opponents * k;
  const mineAtShowdown = [...privateCards, ...new Array<Card>(extra)];
  const hand = new Array<Card>(k);
  let n = 0;
  let oneSum = 0;
  let oneSq = 0;
  let allSum = 0;
  let allSq = 0;
  let halfWidth = Number.POSITIVE_INFINITY;
  const spread = (sum: number, sq: number): number => {
    const mean = sum / n;
    return Z95 * Math.sqrt(Math.max(0, sq / n - mean * mean) / (n - 1));
  };
  for (;;) {
    for (let b = 0; b < BATCH; b++) {
      for (let i = 0; i < need; i++) {
        const j = i + rng.int(deck.length - i);
        const t = deck[i] as Card;
        deck[i] = deck[j] as Card;
        deck[j] = t;
      }
      for (let u = 0; u < unknown.length; u++) board[unknown[u] as string] = deck[u] as Card;
      for (let e = 0; e < extra; e++) mineAtShowdown[privateCards.length + e] = deck[unknown.length + e] as Card;
      const score = fixedScore ?? scorerOn(board);
      const mine = fixedMine ?? score(mineAtShowdown);
      let wins = 0;
      let better = 0;
      let ties = 0;
      for (let o = 0, at = unknown.length + extra; o < opponents; o++) {
        for (let i = 0; i < k; i++) hand[i] = deck[at++] as Card;
        const v = score(hand);
        if (v > mine) better++;
        else if (v === mine) ties++;
        else wins++;
      }
      const one = (wins + ties / 2) / opponents;
      const all = better === 0 ? 1 / (1 + ties) : 0;
      oneSum += one;
      oneSq += one * one;
      allSum += all;
      allSq += all * all;
      n++;
    }
    halfWidth = Math.max(exactOne === null ? spread(oneSum, oneSq) : 0, spread(allSum, allSq));
    if (n >= MIN_SAMPLES && halfWidth <= precision) break;
    if (n >= MAX_SAMPLES || (opts.now && opts.now() - start >= budget)) break;
  }
  return { beatOne: exactOne ?? oneSum / n, beatAll: allSum / n, exact: false, samples: n, halfWidth };
}
