import { afterEach, describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import {
  boardText,
  handText,
  onRenderError,
  renderBoard,
  renderHand,
  renderShowdown,
  showdownText,
} from '../../../src/render/index.ts';
import { ALT_MAX } from '../../../src/render/picture.ts';
import { SAMPLES, ticTacToe } from '../../../src/render/samples.ts';

const c = parseCards;

afterEach(() => onRenderError(null));

describe('a picture that cannot be drawn is null, never a throw', () => {
  it.each([
    ['a value that is not a card', () => renderHand([0, 52])],
    ['a fractional card', () => renderHand([1.5])],
    ['no cards at all', () => renderHand([])],
    ['a negative face-down count', () => renderHand(c('As'), { faceDown: -1 })],
    ['a hand too long to show', () => renderHand(Array.from({ length: 13 }, (_, i) => i))],
    ['an empty board', () => renderBoard([])],
    ['a cell off the grid', () => renderBoard([{ card: 0, col: -1, row: 0 }])],
    ['a bad board card', () => renderBoard([{ card: 99, col: 0, row: 0 }])],
    ['nobody at the showdown', () => renderShowdown([])],
    [
      'a bad showdown card',
      () => renderShowdown([{ name: 'ann', cards: [60], used: [], description: '', winner: true }]),
    ],
  ])('%s', (_, render) => {
    expect(render()).toBeNull();
  });

  it('tells the error handler why, so the bot can log it', () => {
    const seen: string[] = [];
    onRenderError((error, name) => seen.push(`${name}: ${(error as Error).message}`));
    expect(renderHand([77])).toBeNull();
    expect(seen).toEqual(['hand.png: not a card: 77']);
  });
});

describe('pictures', () => {
  it('are cached by content', () => {
    const first = renderHand(c('Qh Jh'));
    expect(first).not.toBeNull();
    expect(renderHand(c('Qh Jh'))).toBe(first);
    expect(renderHand(c('Qh Jh'), { fourColour: true })).not.toBe(first);
    expect(renderHand(c('Qh Jh'), { highlight: c('Qh') })).not.toBe(first);
    const grid = ticTacToe(['Ah', null, '2c']);
    expect(renderBoard(grid)).toBe(renderBoard(ticTacToe(['Ah', null, '2c'])));
    expect(renderBoard(grid)).not.toBe(renderBoard(ticTacToe(['Ah', '3d', '2c'])));
  });

  it('carry their text alternative and a file name', () => {
    const hand = renderHand(c('Ah Kd'), { faceDown: 1 });
    expect(hand?.name).toBe('hand.png');
    expect(hand?.alt).toBe(`Cards: ${handText(c('Ah Kd'), { faceDown: 1 })}`);
    const cells = ticTacToe(['Ah', null, '2c']);
    expect(renderBoard(cells)?.alt).toBe(`Board: ${boardText(cells)}`);
    const rows = [{ name: 'ann', cards: c('As Ks'), used: c('As Ks'), description: 'Pair', winner: true }];
    const showdown = renderShowdown(rows);
    expect(showdown?.name).toBe('showdown.png');
    expect(showdown?.alt).toBe(`Showdown. ${showdownText(rows)}`);
  });

  it('keep the alt text within Discord’s limit', () => {
    const rows = Array.from({ length: 16 }, (_, i) => ({
      name: `player with a very long display name number ${i}`,
      cards: [i * 3, i * 3 + 1, i * 3 + 2],
      used: [i * 3],
      description: 'A description long enough to push the alt text past a thousand characters',
      winner: i === 0,
    }));
    const picture = renderShowdown(rows);
    expect(picture).not.toBeNull();
    expect(showdownText(rows).length).toBeGreaterThan(ALT_MAX);
    expect(picture?.alt.length).toBe(ALT_MAX);
    expect(picture?.alt.endsWith('…')).toBe(true);
  });

  it.each(SAMPLES.map((s) => [s.id, s] as const))('%s renders a PNG of at most 150 KB', (_, sample) => {
    const picture = sample.render();
    expect(picture).not.toBeNull();
    expect(picture?.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(picture?.png.length).toBeLessThanOrEqual(150 * 1024);
  });
});
