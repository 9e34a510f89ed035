import { type Card, RANK_CHARS, rankOf, suitOf } from '../cards/card.ts';
import { LruCache } from '../lru.ts';
import { type CanvasModule, type Context, FONT_BOLD } from './canvas.ts';
import { type CardGeometry, cardGeometry } from './card-geometry.ts';
import { fillSuit } from './shapes.ts';

export { type CardGeometry, cardGeometry };

import { COLOURS, RING, suitColour } from './theme.ts';

/**
 * A card as a near-square tile, for an emoji: Discord shows an emoji at 22 px in a line
 * of text (48 px alone), where a card's corner index would be a speck. The tile gives the
 * whole face to one large rank above one large pip.
 */
export function tileGeometry(side: number): CardGeometry {
  const width = Math.round(side * 0.86);
  const height = side;
  return {
    width,
    height,
    radius: Math.round(width * 0.1),
    indexX: Math.round(width / 2),
    rankTop: Math.round(height * 0.04),
    rankFontPx: Math.round(height * 0.56),
    rankMaxWidth: Math.round(width * 0.9),
    smallPipY: 0,
    smallPip: 0,
    bigPipX: Math.round(width / 2),
    bigPipY: Math.round(height * 0.76),
    bigPip: Math.round(height * 0.4),
  };
}

export interface CardLook {
  /** null draws the back: a card nobody may see yet. */
  card: Card | null;
  fourColour: boolean;
  /** Outlined in the highlight colour (the caller raises it). */
  highlighted: boolean;
  /** Shaded, for a folded hand. */
  dimmed: boolean;
}

function cardOutline(ctx: Context, x: number, y: number, g: CardGeometry, inset = 0): void {
  ctx.beginPath();
  ctx.roundRect(x + inset, y + inset, g.width - 2 * inset, g.height - 2 * inset, Math.max(1, g.radius - inset));
}

function drawFace(
  ctx: Context,
  canvas: CanvasModule,
  x: number,
  y: number,
  g: CardGeometry,
  card: Card,
  four: boolean,
) {
  const suit = suitOf(card);
  const rank = RANK_CHARS[rankOf(card)] ?? '?';
  ctx.fillStyle = suitColour(suit, four);
  ctx.font = `${g.rankFontPx}px ${FONT_BOLD}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillText(rank === 'T' ? '10' : rank, x + g.indexX, y + g.rankTop, g.rankMaxWidth);
  if (g.smallPip > 0) fillSuit(ctx, canvas, suit, x + g.indexX, y + g.smallPipY, g.smallPip);
  fillSuit(ctx, canvas, suit, x + g.bigPipX, y + g.bigPipY, g.bigPip);
}

function drawBack(ctx: Context, x: number, y: number, g: CardGeometry): void {
  const inset = Math.round(g.width * 0.07);
  cardOutline(ctx, x, y, g, inset);
  ctx.fillStyle = COLOURS.cardBack;
  ctx.fill();
  ctx.save();
  ctx.clip();
  // A diagonal lattice, the classic back: plainly "a card", plainly not a face.
  ctx.strokeStyle = COLOURS.cardBackLine;
  ctx.lineWidth = 1.5;
  const step = Math.max(6, Math.round(g.width * 0.12));
  ctx.beginPath();
  for (let d = -g.height; d < g.width + g.height; d += step) {
    ctx.moveTo(x + d, y);
    ctx.lineTo(x + d + g.height, y + g.height);
    ctx.moveTo(x + d, y + g.height);
    ctx.lineTo(x + d + g.height, y);
  }
  ctx.stroke();
  ctx.restore();
}

/** Room around a card's sprite for its shadow (1-2 px) and highlight ring (RING + 1 px). */
const SPRITE_MARGIN = RING + 2;
/** Every look of every card at the sizes in use is a few hundred sprites of ~50 KB; this bounds the memory. */
const sprites = new LruCache<string, import('@napi-rs/canvas').Canvas>(400);

/**
 * Draws one card with its top-left corner at (x, y). Each look of each card is painted
 * once into a small sprite and copied from then on: the paths, text and pips of a card
 * cost far more than one image copy, and a picture holds up to a dozen cards.
 */
export function drawCard(ctx: Context, canvas: CanvasModule, x: number, y: number, g: CardGeometry, look: CardLook) {
  const key = `${g.width}x${g.height}:${look.card}:${look.fourColour}:${look.highlighted}:${look.dimmed}`;
  let sprite = sprites.get(key);
  if (!sprite) {
    const painted = canvas.createCanvas(g.width + 2 * SPRITE_MARGIN, g.height + 2 * SPRITE_MARGIN);
    paintCard(painted.getContext('2d'), canvas, SPRITE_MARGIN, SPRITE_MARGIN, g, look);
    sprites.set(key, painted);
    sprite = painted;
  }
  ctx.drawImage(sprite, x - SPRITE_MARGIN, y - SPRITE_MARGIN);
}

function paintCard(ctx: Context, canvas: CanvasModule, x: number, y: number, g: CardGeometry, look: CardLook) {
  // A darker offset underneath gives depth on the felt without a blurred (slow, large) shadow.
  cardOutline(ctx, x + 1, y + 2, g);
  ctx.fillStyle = COLOURS.feltEdge;
  ctx.fill();
  cardOutline(ctx, x, y, g);
  ctx.fillStyle = COLOURS.cardFace;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLOURS.cardEdge;
  ctx.stroke();
  if (look.card === null) drawBack(ctx, x, y, g);
  else drawFace(ctx, canvas, x, y, g, look.card, look.fourColour);
  if (look.highlighted) {
    ctx.beginPath();
    ctx.roundRect(x - RING / 2 - 1, y - RING / 2 - 1, g.width + RING + 2, g.height + RING + 2, g.radius + RING / 2 + 1);
    ctx.lineWidth = RING;
    ctx.strokeStyle = COLOURS.highlight;
    ctx.stroke();
  }
  if (look.dimmed) {
    cardOutline(ctx, x, y, g);
    ctx.fillStyle = COLOURS.foldedShade;
    ctx.fill();
  }
}
