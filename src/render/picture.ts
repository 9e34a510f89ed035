import { type Card, isCard } from '../cards/card.ts';
import { LruCache } from '../lru.ts';
import { type CanvasModule, type Context, canvasModule } from './canvas.ts';
import { encodePng } from './png.ts';
import { COLOURS } from './theme.ts';
import type { Picture } from './types.ts';

/** What a renderer plans before any pixel is drawn: the picture's size and how to paint it. */
export interface Drawing {
  width: number;
  height: number;
  paint(ctx: Context, canvas: CanvasModule): void;
}

/** Discord's limit on an attachment description. */
export const ALT_MAX = 1024;
/** Pictures larger than this are refused (text instead): they would be slow and unreadable anyway. */
const MAX_SIDE = 2400;
/** A few hundred pictures of ~10-40 KB: a busy night's hands, boards and showdowns. */
const CACHE_CAPACITY = 256;

const cache = new LruCache<string, Picture>(CACHE_CAPACITY);
let errorHandler: ((error: unknown, name: string) => void) | null = null;

/** Lets the bot log why a picture fell back to text; the renderers themselves never throw. */
export function onRenderError(handler: ((error: unknown, name: string) => void) | null): void {
  errorHandler = handler;
}

/** Empties the picture cache (benchmarks measure real renders, not cache hits). */
export function clearPictureCache(): void {
  cache.clear();
}

export function assertCards(cards: readonly unknown[]): void {
  for (const c of cards) if (!isCard(c)) throw new RangeError(`not a card: ${String(c)}`);
}

export const cardSet = (cards: readonly Card[] | undefined): ReadonlySet<Card> => new Set(cards ?? []);

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Renders a picture, or returns the cached one for the same `key`. Any failure (bad
 * input, a missing native module, an encoder error) gives null so the caller sends
 * the text alternative instead.
 */
export function renderPicture(key: string, name: string, alt: () => string, plan: () => Drawing): Picture | null {
  const hit = cache.get(key);
  if (hit) return hit;
  try {
    const drawing = plan();
    const { width, height } = drawing;
    if (!(width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE)) {
      throw new RangeError(`picture would be ${width}×${height}`);
    }
    const canvas = canvasModule();
    const ctx = canvas.createCanvas(width, height).getContext('2d');
    ctx.beginPath();
    ctx.roundRect(0, 0, width, height, 14);
    ctx.fillStyle = COLOURS.felt;
    ctx.fill();
    drawing.paint(ctx, canvas);
    const png = encodePng(width, height, ctx.getImageData(0, 0, width, height).data);
    const picture: Picture = { png, alt: truncate(alt(), ALT_MAX), name };
    cache.set(key, picture);
    return picture;
  } catch (error) {
    try {
      errorHandler?.(error, name);
    } catch {
      // A failing logger must not turn a text fallback into an error for the user.
    }
    return null;
  }
}

/** Draws `text` in the current font, shortened with "…" so it fits in `maxWidth`; returns the width drawn. */
export function fitText(ctx: Context, text: string, x: number, y: number, maxWidth: number): number {
  const chars = Array.from(text); // code points, so an emoji is never cut in half
  let shown = text;
  for (let keep = chars.length; keep > 1 && ctx.measureText(shown).width > maxWidth; keep--) {
    shown = `${chars.slice(0, keep - 1).join('')}…`;
  }
  ctx.fillText(shown, x, y);
  return ctx.measureText(shown).width;
}
