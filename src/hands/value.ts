import { RANK_NAMES, RANK_PLURALS, type Rank } from '../cards/card.ts';
import type { RankingId } from './types.ts';

/**
 * A hand value is one integer: `categoryIndex << 20 | ranks`, where `ranks` holds up
 * to five 4-bit ranks, most significant first and left-aligned (the groups of a
 * pair-type hand once each, by size then rank; every card of a flush; the top card of a
 * straight). Integer comparison is then exactly hand comparison, within one ranking.
 */
export type Category =
  | 'high-card'
  | 'pair'
  | 'two-pair'
  | 'three-of-a-kind'
  | 'straight'
  | 'flush'
  | 'full-house'
  | 'four-of-a-kind'
  | 'straight-flush'
  | 'five-of-a-kind';

/** Each ranking's categories, weakest first: a category's index is its strength (docs/RULES.md: Who wins a showdown). */
export const CATEGORIES: Readonly<Record<RankingId, readonly Category[]>> = {
  one: ['high-card'],
  two: ['high-card', 'pair'],
  'three-guts': ['high-card', 'pair', 'flush', 'straight', 'straight-flush', 'three-of-a-kind'],
  'three-poker': ['high-card', 'pair', 'flush', 'straight', 'three-of-a-kind', 'straight-flush'],
  'three-pairs': ['high-card', 'pair', 'three-of-a-kind'],
  four: ['high-card', 'pair', 'two-pair', 'three-of-a-kind', 'four-of-a-kind'],
  five: [
    'high-card',
    'pair',
    'two-pair',
    'three-of-a-kind',
    'straight',
    'flush',
    'full-house',
    'four-of-a-kind',
    'straight-flush',
    'five-of-a-kind',
  ],
};

export const RANKING_IDS = Object.keys(CATEGORIES) as RankingId[];

const HAND_SIZES: Readonly<Record<RankingId, number>> = {
  one: 1,
  two: 2,
  'three-guts': 3,
  'three-poker': 3,
  'three-pairs': 3,
  four: 4,
  five: 5,
};

export function handSize(ranking: RankingId): number {
  const size = HAND_SIZES[ranking];
  if (size === undefined) throw new RangeError(`unknown ranking "${ranking}"`);
  return size;
}

const CATEGORY_SHIFT = 20;
const ACE: Rank = 12;

/** Everything the evaluators need to know about a ranking, as plain numbers (-1 = not in it). */
export interface RankingInfo {
  id: RankingId;
  size: number;
  high: number;
  pair: number;
  twoPair: number;
  trips: number;
  straight: number;
  flush: number;
  fullHouse: number;
  quads: number;
  straightFlush: number;
  fiveOfAKind: number;
}

function info(id: RankingId): RankingInfo {
  const cats = CATEGORIES[id];
  return {
    id,
    size: HAND_SIZES[id],
    high: cats.indexOf('high-card'),
    pair: cats.indexOf('pair'),
    twoPair: cats.indexOf('two-pair'),
    trips: cats.indexOf('three-of-a-kind'),
    straight: cats.indexOf('straight'),
    flush: cats.indexOf('flush'),
    fullHouse: cats.indexOf('full-house'),
    quads: cats.indexOf('four-of-a-kind'),
    straightFlush: cats.indexOf('straight-flush'),
    fiveOfAKind: cats.indexOf('five-of-a-kind'),
  };
}

const RANKINGS: Readonly<Record<RankingId, RankingInfo>> = Object.fromEntries(
  RANKING_IDS.map((id) => [id, info(id)]),
) as Record<RankingId, RankingInfo>;

export function rankingInfo(ranking: RankingId): RankingInfo {
  const r = RANKINGS[ranking];
  if (r === undefined) throw new RangeError(`unknown ranking "${ranking}"`);
  return r;
}

/** Value of a category whose significant ranks are already packed left-aligned. */
export const makeValue = (categoryIndex: number, packedRanks: number): number =>
  (categoryIndex << CATEGORY_SHIFT) | packedRanks;

const categoryIndexOf = (value: number): number => value >>> CATEGORY_SHIFT;

/** The i-th significant rank of a value (0 = most significant). */
const rankAt = (value: number, i: number): Rank => (value >>> (16 - 4 * i)) & 15;

/** Straights name their top card; the wheel's top card is its highest natural rank, not the ace. */
export const straightTop = (value: number): Rank => rankAt(value, 0);

export function compareHands(a: { value: number }, b: { value: number }): number {
  return a.value - b.value;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const name = (r: Rank): string => RANK_NAMES[r] as string;
const plural = (r: Rank): string => RANK_PLURALS[r] as string;

/** The number of significant ranks each category carries in a hand of `size` cards. */
function significantRanks(category: Category, size: number): number {
  switch (category) {
    case 'high-card':
    case 'flush':
      return size;
    case 'pair':
      return size - 1;
    case 'two-pair':
      return size - 2;
    case 'three-of-a-kind':
      return size - 2;
    case 'four-of-a-kind':
      return size - 3;
    case 'full-house':
      return 2;
    case 'straight':
    case 'straight-flush':
    case 'five-of-a-kind':
      return 1;
  }
}

/** Names the top kicker only, as people say it; the full order is in the value and the cards. */
const kickers = (ranks: Rank[]): string => (ranks.length === 0 ? '' : `, ${name(ranks[0] as Rank)} kicker`);

/**
 * What a hand's name says, as data: its category, its significant ranks (most
 * significant first) and its size. Views name hands in a player's language from it.
 */
export function handParts(value: number, ranking: RankingId): { category: Category; ranks: Rank[]; size: number } {
  const ri = rankingInfo(ranking);
  const category = CATEGORIES[ranking][categoryIndexOf(value)];
  if (category === undefined) throw new RangeError(`${value} is not a ${ranking} hand value`);
  return {
    category,
    ranks: Array.from({ length: significantRanks(category, ri.size) }, (_, i) => rankAt(value, i)),
    size: ri.size,
  };
}

/** "Straight flush, king high", "Pair of eights, king kicker", "Three of a kind, queens". */
export function describeValue(value: number, ranking: RankingId): { category: string; description: string } {
  const { category, ranks, size } = handParts(value, ranking);
  const ri = { size };
  const [r0, r1] = ranks as [Rank, Rank];
  let description: string;
  switch (category) {
    case 'high-card':
      description = ri.size === 1 ? cap(name(r0)) : `${cap(name(r0))} high${kickers(ranks.slice(1))}`;
      break;
    case 'pair':
      description = `Pair of ${plural(r0)}${kickers(ranks.slice(1))}`;
      break;
    case 'two-pair':
      description = `Two pair, ${plural(r0)} and ${plural(r1)}${kickers(ranks.slice(2))}`;
      break;
    case 'three-of-a-kind':
      description = `Three of a kind, ${plural(r0)}${kickers(ranks.slice(1))}`;
      break;
    case 'straight':
      description = `Straight, ${name(r0)} high`;
      break;
    case 'flush':
      description = `Flush, ${name(r0)} high`;
      break;
    case 'full-house':
      description = `Full house, ${plural(r0)} over ${plural(r1)}`;
      break;
    case 'four-of-a-kind':
      description = `Four of a kind, ${plural(r0)}${kickers(ranks.slice(1))}`;
      break;
    case 'straight-flush':
      description = ri.size === 5 && r0 === ACE ? 'Royal flush' : `Straight flush, ${name(r0)} high`;
      break;
    case 'five-of-a-kind':
      description = `Five of a kind, ${plural(r0)}`;
      break;
  }
  return { category, description };
}
