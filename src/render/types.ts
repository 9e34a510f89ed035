import type { Card } from '../cards/card.ts';

/** A rendered picture, ready to attach: `name` is the attachment's file name, `alt` its description. */
export interface Picture {
  png: Buffer;
  alt: string;
  name: string;
}

export interface RenderOptions {
  /** Clubs green and diamonds blue, so no two suits share a colour. */
  fourColour?: boolean;
}

export interface HandOptions extends RenderOptions {
  /** Cards to raise and outline (those that make the hand). */
  highlight?: readonly Card[];
  /** Backs drawn after the cards: cards the viewer may not see (yet). */
  faceDown?: number;
}

/** One position of a variant's layout; `col`/`row` place it on a grid, 0-based from the top left. */
export interface BoardCell {
  /** null = still face down. */
  card: Card | null;
  col: number;
  row: number;
  /** The position's name ("N", "C", "1"), drawn under the card. */
  label?: string;
}

export interface BoardOptions extends RenderOptions {
  /** Cards to outline (the winning line). */
  highlight?: readonly Card[];
}

export interface ShowdownRow {
  name: string;
  cards: readonly Card[];
  /** The cards that make the hand; they are raised and outlined. */
  used: readonly Card[];
  /** For people: "Straight flush, king high". */
  description: string;
  winner: boolean;
  folded?: boolean;
}
