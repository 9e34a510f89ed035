import { type Card, DIAMONDS, NINE, rankOf, SEVEN, SIX, SPADES, suitOf } from '../cards/card.ts';
import type { WildSpec } from '../hands/types.ts';
import type { DeadlyRule, Options } from '../rules/options.ts';
import type { Variant } from '../rules/variants.ts';

/**
 * Deadly 69s and its relatives (source 004): some cards are wild while face down and
 * kill their holder when dealt face up. "low": the lowest card in the hand is wild, and
 * a face-up card as low as any face-down card kills.
 */
const MARKED: Record<Exclude<DeadlyRule, 'low'>, (card: Card) => boolean> = {
  '69s': (c) => rankOf(c) === SIX || rankOf(c) === NINE,
  '7s': (c) => rankOf(c) === SEVEN,
  spades: (c) => suitOf(c) === SPADES,
  'lively-diamonds': (c) => suitOf(c) !== DIAMONDS,
};

const faceDown = (hand: readonly Card[], up: readonly Card[]): Card[] => hand.filter((c) => !up.includes(c));

export function killedBy(variant: Variant, options: Options, hand: readonly Card[], up: readonly Card[]): boolean {
  if (!variant.steps.some((s) => s.kind === 'showdown' && s.hand.deadly)) return false;
  if (options.deadly === 'low') {
    const lowestDown = Math.min(...faceDown(hand, up).map(rankOf));
    return up.some((c) => rankOf(c) <= lowestDown);
  }
  return up.some(MARKED[options.deadly]);
}

export function deadlyWilds(rule: DeadlyRule, hand: readonly Card[], up: readonly Card[]): WildSpec {
  if (rule === 'low') return { lowestInHand: true };
  return { cards: faceDown(hand, up).filter(MARKED[rule]) };
}
