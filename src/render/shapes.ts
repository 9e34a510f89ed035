import type { Suit } from '../cards/card.ts';
import type { CanvasModule, Context } from './canvas.ts';

/**
 * Suit pips and the winner's crown as SVG path data in a 100×100 box, drawn as paths
 * rather than font glyphs so they look the same with any font. A shape is a list of
 * pieces filled one by one, so overlapping pieces never cancel out by winding rule.
 */
type Shape = readonly string[];

const circle = (cx: number, cy: number, r: number): string =>
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
const SUITS: readonly Shape[] = [CLUB, DIAMOND, HEART, SPADE];

const CROWN: Shape = [
  'M 8 78 L 2 26 L 30 50 L 50 10 L 70 50 L 98 26 L 92 78 Z',
  'M 8 84 L 92 84 L 92 96 L 8 96 Z',
  circle(2, 24, 6),
  circle(50, 8, 7),
  circle(98, 24, 6),
];

const built = new Map<Shape, InstanceType<CanvasModule['Path2D']>[]>();

function fillShape(ctx: Context, canvas: CanvasModule, shape: Shape, cx: number, cy: number, size: number): void {
  let paths = built.get(shape);
  if (!paths) {
    paths = shape.map((d) => new canvas.Path2D(d));
    built.set(shape, paths);
  }
  ctx.save();
  ctx.translate(cx - size / 2, cy - size / 2);
  ctx.scale(size / 100, size / 100);
  for (const path of paths) ctx.fill(path);
  ctx.restore();
}

/** Fills the pip of `suit` in the current fill style, in a `size`-pixel square centred on (cx, cy). */
export function fillSuit(ctx: Context, canvas: CanvasModule, suit: Suit, cx: number, cy: number, size: number): void {
  fillShape(ctx, canvas, SUITS[suit] ?? SPADE, cx, cy, size);
}

/** Fills the winner's crown in the current fill style, in a `size`-pixel square centred on (cx, cy). */
export function fillCrown(ctx: Context, canvas: CanvasModule, cx: number, cy: number, size: number): void {
  fillShape(ctx, canvas, CROWN, cx, cy, size);
}
