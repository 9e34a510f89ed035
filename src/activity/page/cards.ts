import { parseCard } from '../../cards/card.ts';
import { cardBackSvg, cardFaceSvg } from '../../render/card-svg.ts';
import type { CardFace } from '../frames.ts';

/**
 * A card on the page: the chat pictures' own drawing (render/card-svg.ts) as SVG, with its
 * text alternative ("A♠") for screen readers and tests; a card the receiver may not see
 * is its back, named as face down. Each face is drawn once and reused.
 */

const drawn = new Map<string, string>();
let back: string | null = null;

function faceSvg(code: string): string {
  let svg = drawn.get(code);
  if (svg === undefined) drawn.set(code, (svg = cardFaceSvg(parseCard(code))));
  return svg;
}

/** `downLabel`: how a face-down card is read out, in the receiver's language. */
export function cardElement(face: CardFace | null, downLabel: string, more = ''): HTMLElement {
  const node = document.createElement('span');
  node.className = `card${face ? '' : ' down'}${face?.up ? ' up' : ''}${more ? ` ${more}` : ''}`;
  node.setAttribute('role', 'img');
  node.setAttribute('aria-label', face ? face.text : downLabel);
  // Markup made here from a card's code only: nothing a player typed.
  node.innerHTML = face ? faceSvg(face.code) : (back ??= cardBackSvg());
  if (face) node.dataset.card = face.code;
  return node;
}
