import type { Suit } from '../cards/card.ts';

/**
 * Colours and sizes shared by every picture. The felt panel is opaque and mid-dark so
 * the white cards and the white text on it read the same in Discord's dark (#313338)
 * and light (#ffffff) themes; outside its rounded corners the picture is transparent.
 */
export const COLOURS = {
  felt: '#1d5b3a',
  feltEdge: '#15452b',
  text: '#ffffff',
  mutedText: '#b9d3c3',
  cardFace: '#ffffff',
  cardEdge: '#8f969e',
  cardBack: '#2a4fa3',
  cardBackLine: '#6f8fd6',
  highlight: '#ffc629',
  winnerBand: '#2a7a4e',
  foldedShade: 'rgba(18, 38, 27, 0.55)',
} as const;

/** Two-colour deck: red hearts and diamonds, near-black clubs and spades. */
const TWO_COLOUR = ['#1c1c1c', '#d1202f', '#d1202f', '#1c1c1c'] as const;
/** Four-colour deck: clubs green, diamonds blue, so the four suits never look alike. */
const FOUR_COLOUR = ['#14852f', '#1857c9', '#d1202f', '#1c1c1c'] as const;

export function suitColour(suit: Suit, fourColour: boolean): string {
  return (fourColour ? FOUR_COLOUR : TWO_COLOUR)[suit] ?? TWO_COLOUR[3];
}

/** Outer margin of every picture, and the gap between neighbouring cards. */
export const PADDING = 14;
export const CARD_GAP = 10;
/** How far a highlighted card is raised above its neighbours. */
export const LIFT = 10;
/** Width of the highlight ring drawn around a used card. */
export const RING = 3;
