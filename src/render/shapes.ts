import type { Suit } from '../cards/card.ts';
import type { CanvasModule, Context } from './canvas.ts';
import { circle, type Shape, SUIT_PATHS } from './suit-paths.ts';

/**
 * Suit pips and the winner's crown as SVG path data in a 100×100 box, drawn as paths
 * rather than font glyphs so they look the same with any font. A shape is a list of
 * pieces filled one by one, so overlapping pieces never cancel out by winding rule.
 */
const SUITS = SUIT_PATHS;

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
  fillShape(ctx, canvas, SUITS[suit] ?? (SUITS[3] as Shape), cx, cy, size);
}

/** Fills the winner's crown in the current fill style, in a `size`-pixel square centred on (cx, cy). */
export function fillCrown(ctx: Context, canvas: CanvasModule, cx: number, cy: number, size: number): void {
  fillShape(ctx, canvas, CROWN, cx, cy, size);
}
