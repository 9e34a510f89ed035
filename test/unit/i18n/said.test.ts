import { describe, expect, it } from 'vitest';
import { ensureLanguages, t } from '../../../src/i18n/index.ts';
import { SaidTexts, textId } from '../../../src/i18n/said.ts';

describe('texts said before', () => {
  it('tells texts apart by language, key, and each value with its type', () => {
    const ids = [
      textId('de', 'chips', { count: 1 }),
      textId('de', 'chips', { count: '1' }),
      textId('de', 'chips', { count: 2 }),
      textId('fr', 'chips', { count: 1 }),
      textId('de', 'chip', { count: 1 }),
      textId('de', 'a', { x: 'b\u0000y\u0000s1:c' }),
      textId('de', 'a', { x: 'b', y: 'c' }),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(textId('de', 'chips', { count: 1, name: undefined })).toBe(textId('de', 'chips', { count: 1 }));
  });

  it('puts together each time a text with a value other than a string, number or boolean', () => {
    expect(textId('de', 'list', { items: ['a'] })).toBeUndefined();
  });

  it('forgets everything once full', () => {
    const texts = new SaidTexts(2);
    texts.set('a', 'A');
    texts.set('b', 'B');
    texts.set('c', 'C');
    expect([texts.get('a'), texts.get('b'), texts.get('c')]).toEqual([undefined, undefined, 'C']);
  });

  it('says the same as the first time: plurals, values and languages', async () => {
    await ensureLanguages('de', 'pl');
    const ask = () => [
      t('en-US', 'chips', { count: 1 }),
      t('en-US', 'chips', { count: 2 }),
      t('de', 'chips', { count: 1_000 }),
      t('pl', 'chips', { count: 2 }),
      t('pl', 'chips', { count: 5 }),
      t('pl', 'button.stay'),
    ];
    const first = ask();
    expect(first.slice(0, 2)).toEqual(['1 chip', '2 chips']);
    expect(first[2]).toMatch(/^1\.000 /);
    expect(first[3]).not.toBe(first[4]);
    expect(ask()).toEqual(first);
  });
});
