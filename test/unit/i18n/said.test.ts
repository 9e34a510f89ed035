import { describe, expect, it } from 'vitest';
import { ensureLanguages, t } from '../../../src/i18n/index.ts';
import { SaidTexts, valuesId } from '../../../src/i18n/said.ts';

describe('texts said before', () => {
  it('tells values apart by name, type and text, and leaves out those undefined', () => {
    const ids = [
      valuesId({ count: 1 }),
      valuesId({ count: '1' }),
      valuesId({ count: 2 }),
      valuesId({ counts: 1 }),
      valuesId({ x: 'b\u0000y\u0000s1:c' }),
      valuesId({ x: 'b', y: 'c' }),
      valuesId({}),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(valuesId({ count: 1, name: undefined })).toBe(valuesId({ count: 1 }));
    expect(valuesId({})).toBe('');
  });

  it('puts together each time a text with a value other than a string, number or boolean', () => {
    expect(valuesId({ items: ['a'] })).toBeUndefined();
  });

  it('tells texts apart by language, key and values', () => {
    const texts = new SaidTexts(100);
    texts.set('de', 'chips', valuesId({ count: 1 }) as string, 'de 1');
    texts.set('fr', 'chips', valuesId({ count: 1 }) as string, 'fr 1');
    texts.set('de', 'chip', valuesId({ count: 1 }) as string, 'de chip');
    texts.set('de', 'chips', '', 'de none');
    expect(texts.get('de', 'chips', valuesId({ count: 1 }) as string)).toBe('de 1');
    expect(texts.get('fr', 'chips', valuesId({ count: 1 }) as string)).toBe('fr 1');
    expect(texts.get('de', 'chip', valuesId({ count: 1 }) as string)).toBe('de chip');
    expect(texts.get('de', 'chips', '')).toBe('de none');
    expect(texts.get('de', 'chips', valuesId({ count: 2 }) as string)).toBeUndefined();
    expect(texts.get('pl', 'chips', '')).toBeUndefined();
  });

  it('forgets everything once full (a text said again is not counted twice)', () => {
    const texts = new SaidTexts(2);
    texts.set('de', 'a', '', 'A');
    texts.set('de', 'a', '', 'A');
    texts.set('de', 'b', '', 'B');
    expect([texts.get('de', 'a', ''), texts.get('de', 'b', '')]).toEqual(['A', 'B']);
    texts.set('fr', 'c', '', 'C');
    expect([texts.get('de', 'a', ''), texts.get('de', 'b', ''), texts.get('fr', 'c', '')]).toEqual([
      undefined,
      undefined,
      'C',
    ]);
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
