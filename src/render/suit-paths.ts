/**
 * The suit pips as SVG path data in a 100×100 box, drawn as paths rather than font
 * glyphs so they look the same with any font: the chat's pictures (shapes.ts) and the
 * Activity's cards (card-svg.ts) draw the same ones. A shape is a list of pieces filled
 * one by one, so overlapping pieces never cancel out by winding rule.
 */
export type Shape = readonly string[];

export const circle = (cx: number, cy: number, r: number): string =>
  `M ${cx - r} ${cy} A ${r} ${r} 0 1 1 ${cx + r} ${cy} A ${r} ${r} 0 1 1 ${cx - r} ${cy} Z`;

const CLUB: Shape = [
  circle(50, 27, 21),
  circle(26, 58, 21),
  circle(74, 58, 21),
  circle(50, 52, 12),
  'M 50 50 C 52 72 58 88 72 98 L 28 98 C 42 88 48 72 50 50 Z',
];
const DIAMOND: Shape = ['M 50 0 Q 68 28 88 50 Q 68 72 50 100 Q 32 72 12 50 Q 32 28 50 0 Z'];
const HEART: Shape = [
  'M 50 94 C 22 72 2 54 2 31 C 2 14 14 4 28 4 C 39 4 47 11 50 21 C 53 11 61 4 72 4 C 86 4 98 14 98 31 C 98 54 78 72 50 94 Z',
];
const SPADE: Shape = [
  'M 50 2 C 78 26 98 42 98 61 C 98 76 87 85 74 85 C 64 85 56 79 52 71 C 54 83 60 91 72 98 L 28 98 C 40 91 46 83 48 71 C 44 79 36 85 26 85 C 13 85 2 76 2 61 C 2 42 22 26 50 2 Z',
];
/** Each suit's pip (clubs, diamonds, hearts, spades: a card's suit number). */
export const SUIT_PATHS: readonly Shape[] = [CLUB, DIAMOND, HEART, SPADE];
