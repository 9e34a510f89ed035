import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/card.ts';
import { boardCaption, handCaption, showdownCaption } from '../../../src/discord/views/captions.ts';
import { catalogues, SOURCE_LOCALE } from '../../../src/i18n/index.ts';
import type { BoardCell, ShowdownRow } from '../../../src/render/index.ts';
import { renderBoard, renderHand, renderShowdown } from '../../../src/render/index.ts';

/** Every catalogue, each language loaded (the bot loads them one by one, as players need them). */
const CATALOGUES = await catalogues();

const cards = (text: string) => text.split(' ').map(parseCard);
const hand = cards('8c 8d 3h');
const handOptions = { faceDown: 2, highlight: cards('8c 8d') };
const board: BoardCell[] = [
  { row: 0, col: 1, label: 'N', card: parseCard('9h') },
  { row: 1, col: 1, label: 'C', card: null },
];
const rows: ShowdownRow[] = [
  { name: 'Ann', cards: cards('As Ks Qs 2h'), used: cards('As Ks Qs'), description: 'Flush', winner: true },
  { name: 'Ben', cards: cards('7c 7d'), used: [], description: '', winner: false, folded: true },
];

/** The English words the renderer writes into its own lines. */
const ENGLISH = ['face-down', 'face down', 'no cards', 'using', 'winner', 'folded', 'nobody', 'empty board'];
const others = Object.keys(CATALOGUES).filter((l) => !l.startsWith('en'));

describe("the pictures' captions", () => {
  it('say in English exactly what the renderer writes under each picture', () => {
    expect(handCaption(hand, handOptions, SOURCE_LOCALE)).toBe(renderHand(hand, handOptions)?.alt);
    expect(boardCaption(board, SOURCE_LOCALE)).toBe(renderBoard(board)?.alt);
    expect(showdownCaption(rows, SOURCE_LOCALE)).toBe(renderShowdown(rows)?.alt);
  });

  it.each(others)('leave no English word in %s', (locale) => {
    const text = [
      handCaption(hand, handOptions, locale),
      handCaption([], {}, locale),
      boardCaption(board, locale),
      boardCaption([], locale),
      showdownCaption(rows, locale),
      showdownCaption([], locale),
    ].join('\n');
    for (const word of ENGLISH)
      expect(text.toLowerCase(), `${locale}: ${word}`).not.toMatch(new RegExp(`\\b${word}\\b`));
    expect(text).toContain('Ann');
    expect(text).toContain('9♥');
  });

  it('count face-down cards in each language’s plural forms', () => {
    expect(handCaption(hand, { faceDown: 1 }, 'ru')).toContain('1 закрытая карта');
    expect(handCaption(hand, { faceDown: 2 }, 'ru')).toContain('2 закрытые карты');
    expect(handCaption(hand, { faceDown: 5 }, 'ru')).toContain('5 закрытых карт');
    expect(handCaption(hand, { faceDown: 2 }, 'de')).toContain('2 verdeckte Karten');
  });
});
