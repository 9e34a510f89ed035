import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import { boardLayout } from '../../../src/render/board.ts';
import type { CardGeometry } from '../../../src/render/card-art.ts';
import { handLayout, type PlacedCard } from '../../../src/render/hand.ts';
import { renderBoard, renderHand, renderShowdown, type ShowdownRow } from '../../../src/render/index.ts';
import { ironCross, ticTacToe } from '../../../src/render/samples.ts';
import { SHOWDOWN_CARD_WIDTH, showdownLayout } from '../../../src/render/showdown.ts';
import { COLOURS, LIFT, PADDING, RING } from '../../../src/render/theme.ts';
import { type Decoded, decode, distance } from './pixels.ts';

const c = parseCards;
const RED = '#d1202f';
const BLACK = '#1c1c1c';

/** The centre of the large pip, which every suit shape covers. */
const pip = (d: Decoded, p: PlacedCard, g: CardGeometry) => d.at(p.x + g.bigPipX, p.y + g.bigPipY);
/** Upper right of the face: nothing is drawn there, so it is the card's white. */
const blank = (d: Decoded, p: PlacedCard, g: CardGeometry) => d.at(p.x + g.width * 0.85, p.y + g.height * 0.12);
/** On the highlight ring, half-way down the card's left edge. */
const ring = (d: Decoded, p: PlacedCard, g: CardGeometry) => d.at(p.x - RING, p.y + g.height / 2);

async function picture(png: Buffer | undefined): Promise<Decoded> {
  expect(png).toBeDefined();
  return decode(png as Buffer);
}

describe('renderHand', () => {
  it('draws white cards with red hearts and black spades, at the laid-out size', async () => {
    const cards = c('Ah Ks 7d');
    const layout = handLayout(cards);
    const d = await picture(renderHand(cards)?.png);
    expect([d.width, d.height]).toEqual([layout.width, layout.height]);
    const [heart, spade, diamond] = layout.cards as [PlacedCard, PlacedCard, PlacedCard];
    const g = layout.geometry;
    expect(distance(pip(d, heart, g), RED)).toBeLessThan(8);
    expect(distance(pip(d, spade, g), BLACK)).toBeLessThan(8);
    expect(distance(pip(d, diamond, g), RED)).toBeLessThan(8);
    expect(distance(blank(d, heart, g), COLOURS.cardFace)).toBeLessThan(3);
    expect(distance(d.at(PADDING / 2, d.height / 2), COLOURS.felt)).toBeLessThan(3);
    expect(d.at(0, 0)[3]).toBe(0); // rounded corner: transparent, whatever the theme behind
  });

  it('four-colour deck: green clubs, blue diamonds', async () => {
    const cards = c('9c 9d 9h 9s');
    const layout = handLayout(cards, { fourColour: true });
    const d = await picture(renderHand(cards, { fourColour: true })?.png);
    const colours = layout.cards.map((p) => pip(d, p, layout.geometry));
    expect(distance(colours[0] ?? [], '#14852f')).toBeLessThan(8);
    expect(distance(colours[1] ?? [], '#1857c9')).toBeLessThan(8);
    expect(distance(colours[2] ?? [], RED)).toBeLessThan(8);
    expect(distance(colours[3] ?? [], BLACK)).toBeLessThan(8);
  });

  it('raises and outlines the highlighted cards only', async () => {
    const cards = c('As Ks 2h');
    const opts = { highlight: c('As Ks') };
    const layout = handLayout(cards, opts);
    const d = await picture(renderHand(cards, opts)?.png);
    const g = layout.geometry;
    const [ace, king, deuce] = layout.cards as [PlacedCard, PlacedCard, PlacedCard];
    expect(ace.y).toBe(PADDING);
    expect(deuce.y).toBe(PADDING + LIFT);
    expect(distance(ring(d, ace, g), COLOURS.highlight)).toBeLessThan(10);
    expect(distance(ring(d, king, g), COLOURS.highlight)).toBeLessThan(10);
    expect(distance(ring(d, deuce, g), COLOURS.felt)).toBeLessThan(10);
    // Above the lowered card is felt; at the same height the raised card is white.
    expect(distance(d.at(deuce.x + g.width * 0.85, PADDING + 3), COLOURS.felt)).toBeLessThan(3);
    expect(distance(d.at(ace.x + g.width * 0.85, PADDING + 3), COLOURS.cardFace)).toBeLessThan(3);
  });

  it('draws face-down cards as blue backs after the faces', async () => {
    const layout = handLayout(c('8c'), { faceDown: 2 });
    const d = await picture(renderHand(c('8c'), { faceDown: 2 })?.png);
    expect(layout.cards.map((p) => p.look.card)).toEqual([c('8c')[0], null, null]);
    for (const back of layout.cards.slice(1)) {
      const [r, , b] = d.at(back.x + layout.geometry.width / 2, back.y + layout.geometry.height / 2);
      expect(b - r).toBeGreaterThan(60);
    }
  });
});

describe('renderBoard', () => {
  it('lays the Iron Cross out as a cross, with empty felt in the corners', async () => {
    const cells = ironCross({ N: '9h', W: '7s', C: '2d', E: '4h', S: 'Jc' });
    const layout = boardLayout(cells);
    const d = await picture(renderBoard(cells)?.png);
    const g = layout.geometry;
    expect([d.width, d.height]).toEqual([layout.width, layout.height]);
    const north = layout.cards.find((p) => p.label === 'N') as PlacedCard;
    const west = layout.cards.find((p) => p.label === 'W') as PlacedCard;
    expect(north.x).toBeGreaterThan(west.x);
    expect(north.y).toBeLessThan(west.y);
    expect(distance(pip(d, north, g), RED)).toBeLessThan(8);
    expect(distance(pip(d, west, g), BLACK)).toBeLessThan(8);
    // Top-left cell of the 3×3 grid has no card.
    expect(distance(d.at(west.x + g.width / 2, north.y + g.height / 2), COLOURS.felt)).toBeLessThan(3);
  });

  it('draws a 3×3 grid with backs for face-down cells and rings on highlighted cards', async () => {
    const cells = ticTacToe(['Ah', '7c', null, 'Td', 'Kh', '2s', null, '9d', 'Qc']);
    const opts = { highlight: c('Ah Kh') };
    const layout = boardLayout(cells, opts);
    const d = await picture(renderBoard(cells, opts)?.png);
    const g = layout.geometry;
    const [ah, , hidden] = layout.cards as [PlacedCard, PlacedCard, PlacedCard];
    expect(distance(ring(d, ah, g), COLOURS.highlight)).toBeLessThan(10);
    const [r, , b] = d.at(hidden.x + g.width / 2, hidden.y + g.height / 2);
    expect(b - r).toBeGreaterThan(60);
    expect(layout.width).toBeLessThan(layout.height); // no labels: rows of cards, taller than wide
  });
});

describe('renderShowdown', () => {
  const rows: ShowdownRow[] = [
    { name: 'ann', cards: c('As Ks Qs 2h'), used: c('As Ks Qs'), description: 'Straight flush', winner: true },
    { name: 'cat', cards: c('Tc Th 8s'), used: c('Tc Th 9d'), description: 'Three tens', winner: false },
    { name: 'bob', cards: c('8c 9h'), used: [], description: '', winner: false, folded: true },
  ];

  it('crowns the winner on a gold-edged band and raises the used cards', async () => {
    const layout = showdownLayout(rows);
    const d = await picture(renderShowdown(rows)?.png);
    expect([d.width, d.height]).toEqual([layout.width, layout.height]);
    expect(layout.geometry.width).toBe(SHOWDOWN_CARD_WIDTH);
    const [ann, cat] = layout.rows as [(typeof layout.rows)[0], (typeof layout.rows)[0]];
    // The crown sits left of the name, in the highlight colour.
    expect(distance(d.at(PADDING + 11, ann.headerY - 1), COLOURS.highlight)).toBeLessThan(10);
    expect(distance(d.at(layout.width - PADDING, ann.top + ann.height / 2), COLOURS.winnerBand)).toBeLessThan(3);
    expect(distance(d.at(layout.width - PADDING, cat.top + cat.height / 2), COLOURS.felt)).toBeLessThan(3);
    const g = layout.geometry;
    const [aceS, , , twoH] = ann.cards as [PlacedCard, PlacedCard, PlacedCard, PlacedCard];
    expect(twoH.y).toBe(aceS.y + LIFT);
    expect(distance(ring(d, aceS, g), COLOURS.highlight)).toBeLessThan(10);
  });

  it('shows the board cards a hand uses after its own, and shades a folded hand', async () => {
    const layout = showdownLayout(rows);
    const d = await picture(renderShowdown(rows)?.png);
    const g = layout.geometry;
    const cat = layout.rows[1];
    expect(cat?.cards.map((p) => p.look.card)).toEqual(c('Tc Th 8s 9d'));
    const nineD = cat?.cards[3] as PlacedCard;
    expect(nineD.look.highlighted).toBe(true);
    expect(distance(pip(d, nineD, g), RED)).toBeLessThan(8);
    const folded = layout.rows[2]?.cards[0] as PlacedCard;
    const [r, gr, b] = blank(d, folded, g);
    expect(Math.max(r, gr, b)).toBeLessThan(200); // white under a dark shade
  });

  it('does not mark cards when the hand is exactly the player’s cards', () => {
    const whole = [{ name: 'ann', cards: c('As Ks Qs'), used: c('Qs As Ks'), description: 'Flush', winner: true }];
    const cards = showdownLayout(whole).rows[0]?.cards ?? [];
    expect(cards.map((p) => p.look.highlighted)).toEqual([false, false, false]);
    expect(new Set(cards.map((p) => p.y)).size).toBe(1);
  });

  it('flows more than eight players into columns', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      name: `p${i}`,
      cards: [i * 2, i * 2 + 1],
      used: [i * 2],
      description: 'High card',
      winner: i === 0,
    }));
    const layout = showdownLayout(many);
    const lefts = layout.rows.map((r) => r.left);
    expect(lefts.slice(0, 6)).toEqual(Array(6).fill(PADDING));
    expect(new Set(lefts.slice(6)).size).toBe(1);
    expect(lefts[6]).toBeGreaterThan(PADDING + (layout.rows[0]?.width ?? 0));
    expect(layout.rows[6]?.top).toBe(layout.rows[0]?.top);
    expect(renderShowdown([...many, ...many, many[0] as ShowdownRow])).toBeNull(); // 25 rows: too many
  });
});
