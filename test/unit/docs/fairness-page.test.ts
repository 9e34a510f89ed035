import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPhrase, PHRASE_MAX } from '../../../src/cards/fair-deck.ts';
import { getVariant, listVariants } from '../../../src/rules/index.ts';

/**
 * docs/FAIRNESS.md is enough to write a verifier from (issue 49): what it says of the
 * board's dealing order, the kitty and the phrase is what the code does.
 */

const page = readFileSync(new URL('../../../docs/FAIRNESS.md', import.meta.url), 'utf8');

/** The page's table: each variant's board positions in dealing order, by variant name. */
function boardsOnPage(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of page.split('\n')) {
    const cells = /^\s*\| (.+?) \| (.+?) \|$/.exec(line);
    if (!cells || cells[1] === 'variant' || cells[1]?.startsWith('---')) continue;
    for (const name of (cells[1] as string).split(', ')) rows.set(name, cells[2] as string);
  }
  return rows;
}

describe('docs/FAIRNESS.md', () => {
  it('lists every board in the order the deal draws its cards, and no variant without one', () => {
    const expected = new Map<string, string>();
    for (const v of listVariants().filter((x) => x.available)) {
      const boards = v.steps.flatMap((s) => (s.kind === 'board' ? s.positions : []));
      if (boards.length) expected.set(v.name, boards.join(', '));
    }
    expect(boardsOnPage()).toEqual(expected);
  });

  it('counts the kitty’s cards as the variant deals a player: Iron Cross 3 + 1 = 4', () => {
    const counts = getVariant('iron-cross').steps.flatMap((s) => (s.kind === 'deal' ? [s.count] : []));
    expect(page.replace(/\s+/g, ' ')).toContain(
      `Iron Cross ${counts.join(' + ')} = ${counts.reduce((a, b) => a + b, 0)}`,
    );
  });

  it('says what the phrase check does: JavaScript’s trim, UTF-16 units, control characters refused', () => {
    expect(page).toContain(`longer than ${PHRASE_MAX} characters`);
    // Trimmed of Unicode spaces and line terminators at both ends, inner spaces kept.
    expect(checkPhrase('\u3000\u00a0lucky  sevens\u2029\ufeff')).toEqual({ phrase: 'lucky  sevens' });
    // 50 emoji are 100 UTF-16 units: taken; one more letter is refused.
    expect(checkPhrase('😀'.repeat(50))).toEqual({ phrase: '😀'.repeat(50) });
    expect(checkPhrase(`${'😀'.repeat(50)}a`)).toHaveProperty('error');
    // A control character inside (a tab, a line break, U+0085) is refused; a zero-width joiner is kept.
    for (const bad of ['a\tb', 'a\nb', 'a\u0085b', '   ']) expect(checkPhrase(bad)).toHaveProperty('error');
    expect(checkPhrase('👨\u200d👩')).toEqual({ phrase: '👨\u200d👩' });
  });
});
