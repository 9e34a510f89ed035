import { describe, expect, it } from 'vitest';
import { findVariants, resolveVariant } from '../../../src/rules/find-variant.ts';
import { listVariants } from '../../../src/rules/index.ts';

describe('finding a variant from what a player types', () => {
  it.each([
    ['357', 'three-five-seven'],
    ['3-5-7', 'three-five-seven'],
    ['ic', 'iron-cross'],
    ['Iron Cross', 'iron-cross'],
    ['tic tac toe', 'tic-tac-toe'],
    ['69', 'deadly-69s'],
    ['three-card', 'three-card'],
    ['pira', 'piranha'],
  ])('%s → %s first', (query, id) => {
    expect(findVariants(query)[0]?.value).toBe(id);
  });

  it('offers every playable variant for an empty query, at most 25, with names Discord accepts', () => {
    const all = findVariants('');
    expect(all.length).toBe(Math.min(25, listVariants().filter((v) => v.available).length));
    for (const c of all) expect(c.name.length).toBeLessThanOrEqual(100);
    expect(findVariants('', 3)).toHaveLength(3);
  });

  it('finds nothing for nonsense, and resolves only what is unambiguous', () => {
    expect(findVariants('zzzz')).toEqual([]);
    expect(resolveVariant('357')).toBe('three-five-seven');
    expect(resolveVariant('pyram')).toBe('pyramid');
    expect(resolveVariant('card')).toBeNull(); // two-card, three-card, one-card…
    expect(resolveVariant('zzzz')).toBeNull();
  });
});
