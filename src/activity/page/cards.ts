import { parseCard } from '../../cards/card.ts';
import { cardBackSvg, cardFaceSvg } from '../../render/card-svg.ts';
import type { CardFace } from '../frames.ts';

/**
 * A card on the page: the chat pictures' own drawing (render/card-svg.ts) as SVG, with its
 * text alternative ("A♠") for screen readers and tests; a card the receiver may not see
 * is its back, named as face down. Each face is drawn once and reused.
 */

/** Each face parsed once, then cloned: parsing a card's SVG markup again on every drawing is the table's costliest work. */
const drawn = new Map<string, HTMLTemplateElement>();

function parsed(key: string, markup: () => string): Node {
  let template = drawn.get(key);
  if (!template) {
    template = document.createElement('template');
    // Markup made here from a card's code only: nothing a player typed.
    template.innerHTML = markup();
    drawn.set(key, template);
  }
  return template.content.cloneNode(true);
}

/** `downLabel`: how a face-down card is read out, in the receiver's language. */
export function cardElement(face: CardFace | null, downLabel: string, more = ''): HTMLElement {
  const node = document.createElement('span');
  node.className = `card${face ? '' : ' down'}${face?.up ? ' up' : ''}${more ? ` ${more}` : ''}`;
  node.setAttribute('role', 'img');
  node.setAttribute('aria-label', face ? face.text : downLabel);
  node.append(face ? parsed(face.code, () => cardFaceSvg(parseCard(face.code))) : parsed('back', cardBackSvg));
  if (face) node.dataset.card = face.code;
  return node;
}
