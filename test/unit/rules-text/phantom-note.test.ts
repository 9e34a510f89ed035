import { describe, expect, it } from 'vitest';
import { defaultOptions, getVariant } from '../../../src/rules/index.ts';
import { howToPlay } from '../../../src/rules-text/explain.ts';

describe('a rule page says whether the table plays the options it mentions', () => {
  const ironCross = getVariant('iron-cross');

  it('Iron Cross by default: the phantom is named as off, and a lone stayer takes the pot', () => {
    const o = defaultOptions('iron-cross');
    expect(o.kitty).toBe('off');
    const { notes, money } = howToPlay(ironCross, o);
    const phantom = notes.filter((n) => /phantom/i.test(n));
    expect(phantom).toHaveLength(1);
    expect(phantom[0]).toMatch(/^The phantom is not played \(Kitty: off\): a player who stays alone takes the pot\./);
    // The money rule and the note agree.
    expect(money).toContain('A player who stays alone takes the pot, and the game ends.');
  });

  it('Iron Cross with the kitty on plays the phantom, and says so', () => {
    const { notes } = howToPlay(ironCross, { ...defaultOptions('iron-cross'), kitty: 'alone' });
    expect(notes.filter((n) => /phantom/i.test(n))).toEqual([
      expect.stringMatching(/^If only one player stays, they play the phantom: /),
    ]);
  });
});
