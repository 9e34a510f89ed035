import type { Card } from '../cards/card.ts';
import { scoreGeneral } from './counts.ts';
import { scoreTable, scoreTableWild } from './fast.ts';
import { MAX_TABLE_CARDS, tablesFor } from './lookup-tables.ts';
import type { HandResult, RankingId, WildSpec } from './types.ts';
import { describeValue, rankingInfo, straightTop } from './value.ts';
import { compileWild, hasWild, isWildCard, resolveLowest, type WildMasks } from './wild.ts';

const masks: WildMasks = { ranks: 0, cardsLo: 0, cardsHi: 0, lowestInHand: false };

function checkCount(cards: readonly Card[], size: number, ranking: RankingId): void {
  if (cards.length < size) throw new RangeError(`a ${ranking} hand needs ${size} cards, got ${cards.length}`);
}

/** Same value as `evaluateBest(...).value`, without building the description or card list. */
export function scoreBest(cards: readonly Card[], ranking: RankingId, wild?: WildSpec): number {
  const t = tablesFor(ranking);
  checkCount(cards, t.ri.size, ranking);
  const n = cards.length;
  if (wild === undefined && n <= MAX_TABLE_CARDS) return scoreTable(cards, n, t);
  const m = compileWild(wild, masks);
  if (n > MAX_TABLE_CARDS) return scoreGeneral(cards, n, t.ri, m);
  return hasWild(m) ? scoreTableWild(cards, n, t, m) : scoreTable(cards, n, t);
}

/** Calls `visit` with every `k`-subset of `items` (in one reused array) until it returns true. */
export function someSubset<T>(items: readonly T[], k: number, visit: (subset: T[]) => boolean): boolean {
  const subset: T[] = new Array(k);
  const pick = (from: number, depth: number): boolean => {
    if (depth === k) return visit(subset);
    for (let i = from; i <= items.length - (k - depth); i++) {
      subset[depth] = items[i] as T;
      if (pick(i + 1, depth + 1)) return true;
    }
    return false;
  };
  return pick(0, 0);
}

/** Most significant first: naturals by size of their rank group then rank (a wheel's ace last), wild cards after. */
function orderHandCards(hand: Card[], value: number, category: string, m: WildMasks): Card[] {
  const naturals = hand.filter((c) => !isWildCard(m, c));
  const wilds = hand.filter((c) => isWildCard(m, c));
  const group = (c: Card): number => naturals.filter((d) => d >> 2 === c >> 2).length;
  const wheel = (category === 'straight' || category === 'straight-flush') && straightTop(value) < 12;
  const order = (c: Card): number => (wheel && c >> 2 === 12 ? -1 : c >> 2);
  naturals.sort((a, b) => group(b) - group(a) || order(b) - order(a) || b - a);
  return [...naturals, ...wilds];
}

/** The best hand among `cards` when the wild cards are already resolved (no `lowestInHand` left). */
export function evaluateResolved(cards: readonly Card[], ranking: RankingId, resolved: WildMasks): HandResult {
  const ri = rankingInfo(ranking);
  checkCount(cards, ri.size, ranking);
  const value = scoreGeneral(cards, cards.length, ri, resolved);
  let hand: Card[] = [];
  someSubset(cards, ri.size, (subset) => {
    if (scoreGeneral(subset, subset.length, ri, resolved) !== value) return false;
    hand = [...subset];
    return true;
  });
  const { category, description } = describeValue(value, ranking);
  return { ranking, value, category, description, cards: orderHandCards(hand, value, category, resolved) };
}

/** Best hand of `handSize(ranking)` cards among `cards`, with its description and the cards that make it. */
export function evaluateBest(cards: readonly Card[], ranking: RankingId, wild?: WildSpec): HandResult {
  return evaluateResolved(cards, ranking, resolveLowest(compileWild(wild, masks), cards, { ...masks }));
}
