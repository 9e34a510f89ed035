import { describe, expect, it } from 'vitest';
import { parseCard, suitOf } from '../../../src/cards/card.ts';
import { cardEmojiName, cardEmojiPng, cardEmojiSet } from '../../../src/render/index.ts';
import { COLOURS, suitColour } from '../../../src/render/theme.ts';
import { decode, hexRgb } from './pixels.ts';

const plain = { fourColour: false, highlighted: false };

describe('card emojis', () => {
  it('names every card, deck and highlight apart, within Discord rules for emoji names', () => {
    const names = cardEmojiSet().map((e) => e.name);
    expect(names).toHaveLength(52 * 4 + 2);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_]{2,32}$/);
    expect(cardEmojiName(parseCard('As'), plain)).toBe('gc_As');
    expect(cardEmojiName(parseCard('Td'), { fourColour: true, highlighted: true })).toBe('gc4_Td_w');
    expect(cardEmojiName(null, plain)).toBe('gc_back');
  });

  it('draws a card square and small, in its suit colour, outlined when highlighted', async () => {
    const card = parseCard('Kh');
    const png = cardEmojiPng(card, plain);
    expect(png.length).toBeLessThan(256 * 1024);
    const face = await decode(png);
    expect([face.width, face.height]).toEqual([128, 128]);
    expect(face.at(0, 0)[3]).toBe(0); // transparent around the card
    const [r, g, b] = hexRgb(suitColour(suitOf(card), false));
    const pixels = Array.from({ length: 128 * 128 }, (_, i) => face.at(i % 128, Math.floor(i / 128)));
    expect(pixels.some(([pr, pg, pb]) => pr === r && pg === g && pb === b)).toBe(true);
    const ring = hexRgb(COLOURS.highlight);
    const outlined = await decode(cardEmojiPng(card, { fourColour: false, highlighted: true }));
    const lit = Array.from({ length: 128 * 128 }, (_, i) => outlined.at(i % 128, Math.floor(i / 128)));
    const isRing = ([pr, pg, pb]: number[]) => pr === ring[0] && pg === ring[1] && pb === ring[2];
    expect(lit.some(isRing)).toBe(true);
    expect(pixels.some(isRing)).toBe(false);
  });
});
