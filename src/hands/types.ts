import type { Card, Rank } from '../cards/card.ts';

/**
 * The hand-evaluation contract the engine codes against (docs/RULES.md: Who wins a showdown).
 * `one`…`four` and `five` name the number of cards in the made hand; an evaluation
 * over more cards picks the best hand of that size.
 */
export type RankingId = 'one' | 'two' | 'three-guts' | 'three-poker' | 'three-pairs' | 'four' | 'five';

/** Which cards are wild. The union of all three applies. */
export interface WildSpec {
  /** Every card of these ranks is wild ("2s wild"). */
  ranks?: readonly Rank[];
  /** These exact cards are wild (Deadly 69s: 6s and 9s only while face down). */
  cards?: readonly Card[];
  /** All cards of the lowest natural rank among the cards evaluated are wild. */
  lowestInHand?: boolean;
}

export interface HandResult {
  ranking: RankingId;
  /** Higher wins, equal ties; comparable only within one ranking. */
  value: number;
  /** Machine name of the category: 'straight-flush', 'three-of-a-kind', 'high-card', … */
  category: string;
  /** For people: "Straight flush, king high", "Pair of eights, king kicker". */
  description: string;
  /** The cards that make the hand (wild cards as dealt), most significant first. */
  cards: Card[];
}

/** Which private and board cards a layout hand may combine (docs/RULES.md: Who wins a showdown Layouts). */
export interface LayoutUse {
  privateMin: number;
  privateMax: number;
  boardMin: number;
  boardMax: number;
}

export type Board = Readonly<Record<string, Card>>;
export type Line = readonly string[];

export interface LayoutResult extends HandResult {
  /** The line the hand used, or null when it uses no board card. */
  line: string[] | null;
}
