import { type Card, DECK_SIZE, formatCard } from '../cards/card.ts';
import { canvasModule } from './canvas.ts';
import { drawCard, tileGeometry } from './card-art.ts';
import { encodePng } from './png.ts';

/**
 * The cards as Discord application emojis: one small picture per card and look, drawn
 * with the same art as the hand pictures, uploaded once by `guts deploy-commands` and
 * then shown in messages as `<:name:id>` markup instead of a fresh PNG per message.
 */

/** How a card emoji looks: the deck's colours, and whether it is outlined as part of the winning hand. */
export interface EmojiLook {
  fourColour: boolean;
  highlighted: boolean;
}

/**
 * The emoji's name, stable across deploys (the bot finds its emojis by name):
 * `gc_As`, `gc4_As` for the four-colour deck, a `_w` suffix when outlined, `gc_back`.
 */
export function cardEmojiName(card: Card | null, look: EmojiLook): string {
  if (card === null) return 'gc_back';
  return `gc${look.fourColour ? '4' : ''}_${formatCard(card)}${look.highlighted ? '_w' : ''}`;
}

/** A blank square: keeps a board's columns in place where a position has no card (Iron Cross's corners). */
export const GAP_EMOJI = 'gc_gap';

/** Discord shows emojis in a square box: a card tile fills it, less room for its outline and shadow. */
const EMOJI_SIDE = 128;
const TILE_MARGIN = 6;

/** One emoji's picture: a card (or the back) on a transparent square; `gap` leaves it blank. */
export function cardEmojiPng(card: Card | null | 'gap', look: EmojiLook): Buffer {
  const canvas = canvasModule();
  const g = tileGeometry(EMOJI_SIDE - 2 * TILE_MARGIN);
  const ctx = canvas.createCanvas(EMOJI_SIDE, EMOJI_SIDE).getContext('2d');
  const x = Math.round((EMOJI_SIDE - g.width) / 2);
  const y = Math.round((EMOJI_SIDE - g.height) / 2) - 1;
  if (card !== 'gap') {
    drawCard(ctx, canvas, x, y, g, { card, fourColour: look.fourColour, highlighted: look.highlighted, dimmed: false });
  }
  return encodePng(EMOJI_SIDE, EMOJI_SIDE, ctx.getImageData(0, 0, EMOJI_SIDE, EMOJI_SIDE).data);
}

export interface CardEmojiArt {
  name: string;
  png: () => Buffer;
}

/**
 * Every card emoji the bot uses: each card in both decks, plain and outlined, the back
 * and the blank (210 of Discord's 2000 per application). Pictures are drawn only when asked for:
 * a deploy draws just the missing ones.
 */
export function cardEmojiSet(): CardEmojiArt[] {
  const looks: EmojiLook[] = [false, true].flatMap((fourColour) =>
    [false, true].map((highlighted) => ({ fourColour, highlighted })),
  );
  const faces = looks.flatMap((look) =>
    Array.from(
      { length: DECK_SIZE },
      (_, card): CardEmojiArt => ({
        name: cardEmojiName(card, look),
        png: () => cardEmojiPng(card, look),
      }),
    ),
  );
  const plain = { fourColour: false, highlighted: false };
  return [
    ...faces,
    { name: cardEmojiName(null, plain), png: () => cardEmojiPng(null, plain) },
    { name: GAP_EMOJI, png: () => cardEmojiPng('gap', plain) },
  ];
}
