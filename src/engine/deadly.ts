import { type Card, DIAMONDS, NINE, RANK_CHARS, rankOf, SEVEN, SIX, SPADES, suitOf } from '../cards/card.ts';
import type { WildSpec } from '../hands/types.ts';
import type { DeadlyRule, Options } from '../rules/options.ts';
import type { Variant } from '../rules/variants.ts';

/**
 * Deadly 69s and its relatives (source 004): some cards are wild while face down and
 * kill their holder when dealt face up. "low": the lowest card in the hand is wild, and
 * a face-up card as low as any face-down card kills. Two More Deadly Inches plays one
 * named rank that way (`deadlyRank`).
 */
const MARKED: Record<Exclude<DeadlyRule, 'low'>, (card: Card) => boolean> = {
  '69s': (c) => rankOf(c) === SIX || rankOf(c) === NINE,
  '7s': (c) => rankOf(c) === SEVEN,
  spades: (c) => suitOf(c) === SPADES,
  'lively-diamonds': (c) => suitOf(c) !== DIAMONDS,
};

const faceDown = (hand: readonly Card[], up: readonly Card[]): Card[] => hand.filter((c) => !up.includes(c));

/** The marked cards of this table: `deadlyRank`'s rank, else the `deadly` rule's. */
function markOf(options: Options): 'low' | ((card: Card) => boolean) {
  if (options.deadlyRank !== null) {
    const rank = RANK_CHARS.indexOf(options.deadlyRank);
    return (c) => rankOf(c) === rank;
  }
  return options.deadly === 'low' ? 'low' : MARKED[options.deadly];
}

/** Does this table play a deadly rule: Deadly 69s, or a variant with `deadlyRank` set? */
export function playsDeadly(variant: Variant, options: Options): boolean {
  return options.deadlyRank !== null || variant.steps.some((s) => s.kind === 'showdown' && s.hand.deadly);
}

export function killedBy(variant: Variant, options: Options, hand: readonly Card[], up: readonly Card[]): boolean {
  if (!playsDeadly(variant, options)) return false;
  const mark = markOf(options);
  if (mark === 'low') {
    const lowestDown = Math.min(...faceDown(hand, up).map(rankOf));
    return up.some((c) => rankOf(c) <= lowestDown);
  }
  return up.some(mark);
}

/** The wild cards of a hand under the deadly rule: the marked ones still face down. */
export function deadlyWilds(options: Options, hand: readonly Card[], up: readonly Card[]): WildSpec {
  const mark = markOf(options);
  if (mark === 'low') return { lowestInHand: true };
  return { cards: faceDown(hand, up).filter(mark) };
}
