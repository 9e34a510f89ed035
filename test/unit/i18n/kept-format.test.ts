import { describe, expect, it } from 'vitest';
import { keptFormat } from '../../../src/i18n/kept-format.ts';
import { percent } from '../../../src/words/odds.ts';

describe('a number format that keeps what it wrote', () => {
  it('writes each number as Intl does, again from memory, past its limit too', () => {
    const intl = new Intl.NumberFormat('de');
    const format = keptFormat(intl, 3);
    for (const n of [1234.5, 0, 7, 1234.5, 99, 100_000, 7, 0.25]) expect(format(n)).toBe(intl.format(n));
  });

  it('writes -0 apart from 0, whichever came first', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
    const format = keptFormat(intl, 10);
    expect(format(0)).toBe('0%');
    expect(format(-0)).toBe(intl.format(-0));
    expect(percent(-0, 'fr')).toBe(new Intl.NumberFormat('fr', { style: 'percent' }).format(-0));
    expect(percent(0, 'fr')).toBe(new Intl.NumberFormat('fr', { style: 'percent' }).format(0));
  });
});
