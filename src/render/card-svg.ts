import { type Card, RANK_CHARS, rankOf, suitOf } from '../cards/card.ts';
import { cardGeometry } from './card-geometry.ts';
import { SUIT_PATHS } from './suit-paths.ts';
import { COLOURS, suitColour } from './theme.ts';

/**
 * A card as SVG markup, drawn from the chat pictures' own design (card-art.ts): the same
 * geometry, colours and suit pips, so the Activity's cards and the chat's pictures are
 * one set of drawings. No text of a player's is ever in it (a card's rank and suit only).
 */

const G = cardGeometry(100);
const VIEW = `0 0 ${G.width} ${G.height}`;

/** A pip of `suit` in a `size` square centred on (cx, cy). */
function pip(suit: number, cx: number, cy: number, size: number): string {
  const paths = (SUIT_PATHS[suit] ?? []).map((d) => `<path d="${d}"/>`).join('');
  const k = size / 100;
  return `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${k})">${paths}</g>`;
}

const outline = (inset: number) =>
  `x="${inset}" y="${inset}" width="${G.width - 2 * inset}" height="${G.height - 2 * inset}" rx="${Math.max(1, G.radius - inset)}"`;

/** A face-up card's SVG (`fourColour`: clubs green, diamonds blue, as the table chose for its pictures). */
export function cardFaceSvg(card: Card, fourColour = false): string {
  const suit = suitOf(card);
  const rank = RANK_CHARS[rankOf(card)] ?? '?';
  const colour = suitColour(suit, fourColour);
  const text = rank === 'T' ? '10' : rank;
  // The index's rank in the pictures' bold face; "10" narrowed to the index's width as the pictures do.
  const squeeze = text.length > 1 ? ` textLength="${G.rankMaxWidth}" lengthAdjust="spacingAndGlyphs"` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${VIEW}" aria-hidden="true">` +
    `<rect ${outline(0.5)} fill="${COLOURS.cardFace}" stroke="${COLOURS.cardEdge}"/>` +
    `<g fill="${colour}">` +
    `<text x="${G.indexX}" y="${G.rankTop + G.rankFontPx * 0.86}" font-size="${G.rankFontPx}" font-weight="700" ` +
    `font-family="DejaVu Sans, Verdana, sans-serif" text-anchor="middle"${squeeze}>${text}</text>` +
    pip(suit, G.indexX, G.smallPipY, G.smallPip) +
    pip(suit, G.bigPipX, G.bigPipY, G.bigPip) +
    `</g></svg>`
  );
}

/** A card nobody may see yet: the pictures' diagonal lattice back. */
export function cardBackSvg(): string {
  const inset = Math.round(G.width * 0.07);
  const step = Math.max(6, Math.round(G.width * 0.12));
  // The lattice's lines cut to the back's panel, so no drawing reaches past the card.
  const [x0, y0, x1, y1] = [inset + 2, inset + 2, G.width - inset - 2, G.height - inset - 2];
  const [w, h] = [x1 - x0, y1 - y0];
  let lattice = '';
  for (let c = -h + step / 2; c < w; c += step) {
    // y = x - c, and its mirror y = h - (x - c), within the panel.
    const [ax, bx] = [Math.max(0, c), Math.min(w, h + c)];
    if (bx <= ax) continue;
    lattice += `M${x0 + ax} ${y0 + ax - c}L${x0 + bx} ${y0 + bx - c}`;
    lattice += `M${x0 + ax} ${y1 - (ax - c)}L${x0 + bx} ${y1 - (bx - c)}`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${VIEW}" aria-hidden="true">` +
    `<rect ${outline(0.5)} fill="${COLOURS.cardFace}" stroke="${COLOURS.cardEdge}"/>` +
    `<rect ${outline(inset)} fill="${COLOURS.cardBack}"/>` +
    `<path d="${lattice}" stroke="${COLOURS.cardBackLine}" stroke-width="2" fill="none"/>` +
    `</svg>`
  );
}
