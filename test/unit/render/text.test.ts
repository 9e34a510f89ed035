import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../../src/cards/card.ts';
import { boardText, cardText, handText, showdownText } from '../../../src/render/index.ts';
import { ironCross, ticTacToe } from '../../../src/render/samples.ts';

const c = parseCards;

describe('handText', () => {
  it('lists the cards with suit symbols', () => {
    expect(handText(c('Ah Kd Tc 7s'))).toBe('A♥ K♦ 10♣ 7♠');
  });

  it('counts face-down cards and names the cards used', () => {
    expect(handText(c('8c 8d'), { faceDown: 1 })).toBe('8♣ 8♦ + 1 face-down card');
    expect(handText([], { faceDown: 2 })).toBe('2 face-down cards');
    expect(handText(c('As Ks 2h'), { highlight: c('As Ks Qd') })).toBe('A♠ K♠ 2♥ (using A♠ K♠)');
    expect(handText([])).toBe('no cards');
  });

  it('never throws on a value that is not a card', () => {
    expect(handText([parseCard('2c'), 52, -1])).toBe('2♣ ? ?');
    expect(cardText(Number.NaN)).toBe('?');
  });
});

describe('boardText', () => {
  it('reads the Iron Cross by position name, top to bottom', () => {
    expect(boardText(ironCross({ N: '9h', W: '7s', C: '2d', E: '4h', S: 'Jc' }))).toBe('N 9♥, W 7♠, C 2♦, E 4♥, S J♣');
    expect(boardText(ironCross({ N: '9h', W: null, C: null, E: '4h', S: null }))).toBe(
      'N 9♥, W face down, C face down, E 4♥, S face down',
    );
  });

  it('reads an unnamed grid row by row, whatever order the cells come in', () => {
    const grid = ticTacToe(['Ah', '7c', null, 'Td', 'Kh', '2s', null, '9d', 'Qc']).reverse();
    expect(boardText(grid)).toBe('A♥ 7♣ face down / 10♦ K♥ 2♠ / face down 9♦ Q♣');
    expect(boardText([])).toBe('empty board');
  });
});

describe('showdownText', () => {
  it('marks the winner, says who folded and which cards were used', () => {
    const text = showdownText([
      { name: 'ann', cards: c('As Ks Qs 2h'), used: c('As Ks Qs'), description: 'Straight flush', winner: true },
      { name: 'cat', cards: c('Tc Td 8s'), used: c('Tc Td 8s'), description: 'Pair of tens', winner: false },
      { name: 'dan', cards: c('3c 3h'), used: c('3c 3h 9h'), description: 'Three threes', winner: false },
      { name: 'bob', cards: [], used: [], description: '', winner: false, folded: true },
    ]);
    expect(text.split('\n')).toEqual([
      'ann (winner): A♠ K♠ Q♠ 2♥ — Straight flush, using A♠ K♠ Q♠',
      'cat: 10♣ 10♦ 8♠ — Pair of tens',
      'dan: 3♣ 3♥ — Three threes, using 3♣ 3♥ 9♥',
      'bob: folded',
    ]);
    expect(showdownText([])).toBe('nobody showed');
  });
});
