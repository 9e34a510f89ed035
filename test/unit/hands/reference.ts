import type { Card } from '../../../src/cards/card.ts';
import type { RankingId, WildSpec } from '../../../src/hands/types.ts';
import { CATEGORIES, type Category, handSize } from '../../../src/hands/value.ts';

/**
 * The slow, obviously-correct evaluator the fast one is checked against: try every
 * subset of hand size, replace every wild card by every one of the 52 cards (copies of
 * held cards allowed), classify each plain hand from scratch, keep the best.
 */

function isWild(card: Card, wild: WildSpec | undefined, lowest: number): boolean {
  const rank = card >> 2;
  return (wild?.ranks?.includes(rank) ?? false) || (wild?.cards?.includes(card) ?? false) || rank === lowest;
}

/** The value format (value.ts): category index above five 4-bit ranks, most significant first. */
function packRanks(ranks: readonly number[]): number {
  let packed = 0;
  for (let i = 0; i < 5; i++) packed = packed * 16 + (ranks[i] ?? 0);
  return packed;
}

/** Value of exactly these cards (no wild cards), from the ranking's category list. */
export function classify(cards: readonly Card[], ranking: RankingId): number {
  const cats = CATEGORIES[ranking];
  const ranks = cards.map((c) => c >> 2).sort((a, b) => b - a);
  const countOf = (r: number) => ranks.filter((x) => x === r).length;
  const groups = [...new Set(ranks)].sort((a, b) => countOf(b) - countOf(a) || b - a);
  const sizes = groups.map(countOf);
  const candidates: [Category, number[]][] = [];
  const [g1 = 0, g2 = 0] = sizes;
  const groupCategory: Category =
    g1 === 5
      ? 'five-of-a-kind'
      : g1 === 4
        ? 'four-of-a-kind'
        : g1 === 3 && g2 === 2
          ? 'full-house'
          : g1 === 3
            ? 'three-of-a-kind'
            : g1 === 2 && g2 === 2
              ? 'two-pair'
              : g1 === 2
                ? 'pair'
                : 'high-card';
  candidates.push([groupCategory, groups]);
  const flush = cards.length >= 3 && cards.every((c) => (c & 3) === (cards[0]! & 3));
  const distinct = groups.length === cards.length;
  const top = ranks[0]!;
  const bottom = ranks[ranks.length - 1]!;
  const straightTop =
    !distinct || cards.length < 3
      ? -1
      : top - bottom === cards.length - 1
        ? top
        : top === 12 && ranks[1] === cards.length - 2
          ? cards.length - 2
          : -1;
  if (flush) candidates.push(['flush', ranks]);
  if (straightTop >= 0) candidates.push([flush ? 'straight-flush' : 'straight', [straightTop]]);
  let best = -1;
  for (const [category, significant] of candidates) {
    const index = cats.indexOf(category);
    if (index >= 0) best = Math.max(best, index * 2 ** 20 + packRanks(significant));
  }
  return best;
}

function bestSubstitution(hand: Card[], wildAt: number[], from: number, ranking: RankingId): number {
  if (wildAt.length === 0) return classify(hand, ranking);
  const [at, ...rest] = wildAt as [number, ...number[]];
  let best = -1;
  // Wild cards are interchangeable, so each takes a card no lower than the previous one's.
  for (let c = from; c < 52; c++) {
    hand[at] = c;
    best = Math.max(best, bestSubstitution(hand, rest, c, ranking));
  }
  return best;
}

function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...subsets(rest, k - 1).map((s) => [first, ...s]), ...subsets(rest, k)];
}

export function referenceScore(cards: readonly Card[], ranking: RankingId, wild?: WildSpec): number {
  const naturalRanks = cards.filter((c) => !isWild(c, wild, -1)).map((c) => c >> 2);
  const lowest = wild?.lowestInHand && naturalRanks.length > 0 ? Math.min(...naturalRanks) : -1;
  let best = -1;
  for (const hand of subsets(cards, handSize(ranking))) {
    const wildAt = hand.flatMap((c, i) => (isWild(c, wild, lowest) ? [i] : []));
    best = Math.max(best, bestSubstitution([...hand], wildAt, 0, ranking));
  }
  return best;
}
