import type { Card } from '../cards/card.ts';
import { type CardGeometry, type CardLook, cardGeometry, drawCard } from './card-art.ts';
import { assertCards, cardSet, renderPicture } from './picture.ts';
import { handText } from './text.ts';
import { CARD_GAP, LIFT, PADDING } from './theme.ts';
import type { HandOptions, Picture } from './types.ts';

export const HAND_CARD_WIDTH = 88;
/** More would not fit a chat window at a readable size; the text form says it all. */
const MAX_HAND_CARDS = 12;

export interface PlacedCard {
  x: number;
  y: number;
  look: CardLook;
}

export interface HandLayout {
  width: number;
  height: number;
  geometry: CardGeometry;
  cards: PlacedCard[];
}

/** Where each card of a hand goes: one row, face-down cards last, highlighted cards raised. */
export function handLayout(cards: readonly Card[], opts: HandOptions = {}): HandLayout {
  assertCards(cards);
  const faceDown = opts.faceDown ?? 0;
  if (!Number.isInteger(faceDown) || faceDown < 0) throw new RangeError(`faceDown must be a count, not ${faceDown}`);
  const count = cards.length + faceDown;
  if (count === 0 || count > MAX_HAND_CARDS) throw new RangeError(`cannot draw a hand of ${count} cards`);
  const g = cardGeometry(HAND_CARD_WIDTH);
  const highlight = cardSet(opts.highlight);
  const raising = cards.some((c) => highlight.has(c));
  const lift = raising ? LIFT : 0;
  const fourColour = opts.fourColour ?? false;
  const faces: (Card | null)[] = [...cards, ...Array<null>(faceDown).fill(null)];
  const placed = faces.map((card, i): PlacedCard => {
    const highlighted = card !== null && highlight.has(card);
    return {
      x: PADDING + i * (g.width + CARD_GAP),
      y: PADDING + (highlighted ? 0 : lift),
      look: { card, fourColour, highlighted, dimmed: false },
    };
  });
  return {
    width: 2 * PADDING + count * g.width + (count - 1) * CARD_GAP,
    height: 2 * PADDING + lift + g.height,
    geometry: g,
    cards: placed,
  };
}

/** A player's cards in one row; null when it cannot be drawn (send `handText` instead). */
export function renderHand(cards: readonly Card[], opts: HandOptions = {}): Picture | null {
  const key = `hand:${JSON.stringify([cards, opts.fourColour ?? false, opts.highlight ?? [], opts.faceDown ?? 0])}`;
  return renderPicture(
    key,
    'hand.png',
    () => `Cards: ${handText(cards, opts)}`,
    () => {
      const layout = handLayout(cards, opts);
      return {
        width: layout.width,
        height: layout.height,
        paint: (ctx, canvas) => {
          for (const c of layout.cards) drawCard(ctx, canvas, c.x, c.y, layout.geometry, c.look);
        },
      };
    },
  );
}
