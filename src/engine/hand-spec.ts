import type { Card } from '../cards/card.ts';
import type { RankingId, WildSpec } from '../hands/types.ts';
import type { HandSpec, Options } from '../rules/types.ts';
import { deadlyWilds } from './deadly.ts';

/** How a showdown step's hand is judged: its ranking and its wild cards, for the table's options. */

export function rankingOf(options: Options, spec: HandSpec): RankingId {
  return spec.ranking === 'three' ? `three-${options.threeCardRanking}` : spec.ranking;
}

/**
 * The wild cards of this hand: fixed ranks, or under a deadly rule (Deadly 69s, a
 * `deadlyRank`) the marked cards still face down.
 */
export function wildsOf(
  options: Options,
  spec: HandSpec,
  cards: readonly Card[],
  up: readonly Card[],
): WildSpec | undefined {
  if (spec.deadly || options.deadlyRank !== null) return deadlyWilds(options, cards, up);
  return spec.wildRanks ? { ranks: spec.wildRanks } : undefined;
}
