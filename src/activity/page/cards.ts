import { parseCard, RANK_CHARS, SUIT_CHARS } from '../../cards/card.ts';
import { cardBackSvg, cardFaceSvg } from '../../render/card-svg.ts';
import type { CardFace } from '../frames.ts';

/**
 * A card on the page: the chat pictures' own drawing (render/card-svg.ts) as SVG, with its
 * text alternative ("A♠") for screen readers and tests; a card the receiver may not see
 * is its back, named as face down. Each face is drawn once and reused.
 */

/** Each face parsed once, then cloned: parsing a card's SVG markup again on every drawing is the table's costliest work. */
const drawn = new Map<string, HTMLTemplateElement>();

function template(key: string, markup: () => string): HTMLTemplateElement {
  let made = drawn.get(key);
  if (!made) {
    made = document.createElement('template');
    // Markup made here from a card's code only: nothing a player typed.
    made.innerHTML = markup();
    drawn.set(key, made);
  }
  return made;
}

const parsed = (key: string, markup: () => string): Node => template(key, markup).content.cloneNode(true);

const faceOf = (code: string) => () => cardFaceSvg(parseCard(code));

/**
 * Parses every face (and the back) ahead, a few at a time while the page is idle: a
 * showdown then only clones its cards, where parsing a dozen faces never seen yet made
 * the task that draws it long on a phone.
 */
export function prepareCards(): void {
  const left = ['back', ...[...SUIT_CHARS].flatMap((s) => [...RANK_CHARS].map((r) => `${r}${s}`))];
  const some = (deadline: IdleDeadline) => {
    while (left.length && deadline.timeRemaining() > 2) {
      const key = left.shift() as string;
      template(key, key === 'back' ? cardBackSvg : faceOf(key));
    }
    if (left.length) requestIdleCallback(some);
  };
  requestIdleCallback(some);
}

/** `downLabel`: how a face-down card is read out, in the receiver's language. */
export function cardElement(face: CardFace | null, downLabel: string, more = ''): HTMLElement {
  const node = document.createElement('span');
  node.className = `card${face ? '' : ' down'}${face?.up ? ' up' : ''}${more ? ` ${more}` : ''}`;
  node.setAttribute('role', 'img');
  node.setAttribute('aria-label', face ? face.text : downLabel);
  node.append(face ? parsed(face.code, faceOf(face.code)) : parsed('back', cardBackSvg));
  if (face) node.dataset.card = face.code;
  return node;
}
