import type { Card } from '../cards/card.ts';
import { handSize } from '../hands/index.ts';
import type { RankingId, WildSpec } from '../hands/types.ts';
import type { HandSpec, Options } from '../rules/types.ts';
import { deadlyWilds } from './deadly.ts';

/** How a showdown step's hand is judged: its ranking and its wild cards, for the table's options. */

export function rankingOf(options: Options, spec: HandSpec): RankingId {
  return spec.ranking === 'three' ? `three-${options.threeCardRanking}` : spec.ranking;
}

/**
 * The ranking for a hand of `count` cards: the showdown's, or for fewer cards than it
 * ranks the ranking of that many cards (docs/RULES.md: Who wins a showdown), as when four-two-two's droppers
 * or a lone stayer facing the deck (`loneVsDeck`) show the four cards they were dealt.
 */
export function rankingFor(options: Options, spec: HandSpec, count: number): RankingId {
  const ranking = rankingOf(options, spec);
  if (count >= handSize(ranking)) return ranking;
  const bySize: RankingId[] = ['one', 'two', `three-${options.threeCardRanking}`, 'four'];
  const short = bySize[count - 1];
  if (short === undefined) throw new RangeError(`no ranking for a hand of ${count} cards`);
  return short;
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
