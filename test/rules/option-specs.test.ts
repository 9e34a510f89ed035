import { describe, expect, it } from 'vitest';
import { describeMoney } from '../../src/rules/describe.ts';
import { BASE_OPTIONS, defaultOptions, OPTION_SPECS, parseOptions } from '../../src/rules/index.ts';

describe('OPTION_SPECS', () => {
  it('describes every table option exactly once, in words Discord can show', () => {
    expect(OPTION_SPECS.map((s) => s.name).sort()).toEqual(Object.keys(BASE_OPTIONS).sort());
    for (const spec of OPTION_SPECS) {
      expect(spec.about.length, spec.name).toBeLessThanOrEqual(100);
      if (spec.kind === 'choice') {
        expect(spec.choices.map((c) => c.value)).toContain(BASE_OPTIONS[spec.name]);
        for (const c of spec.choices) expect(c.label.length).toBeLessThanOrEqual(100);
      }
    }
  });

  it('is what parseOptions checks: each bound accepted at its edge and refused past it, naming the option', () => {
    for (const spec of OPTION_SPECS) {
      if (spec.kind !== 'integer' || spec.name === 'discard') continue;
      expect(parseOptions('three-card', { [spec.name]: spec.min })[spec.name]).toBe(spec.min);
      expect(parseOptions('three-card', { [spec.name]: spec.max })[spec.name]).toBe(spec.max);
      expect(() => parseOptions('three-card', { [spec.name]: spec.min - 1 })).toThrow(spec.name);
      expect(() => parseOptions('three-card', { [spec.name]: spec.max + 1 })).toThrow(spec.name);
      if (spec.nullable) expect(parseOptions('three-card', { [spec.name]: null })[spec.name]).toBeNull();
    }
    for (const spec of OPTION_SPECS) {
      if (spec.kind !== 'choice') continue;
      expect(() => parseOptions('three-card', { [spec.name]: 'nonsense' })).toThrow(
        `${spec.name} must be one of ${spec.choices.map((c) => c.value).join(', ')}`,
      );
    }
  });
});

describe('describeMoney', () => {
  it('says which money rule a table uses', () => {
    const three = describeMoney(defaultOptions('three-card')).join(' ');
    expect(three).toMatch(/Stayers who lose match the pot; the best hand takes the pot/);
    expect(three).toMatch(/stays alone takes the pot/);
    const seven = describeMoney(defaultOptions('three-five-seven')).join(' ');
    expect(seven).toMatch(/pay the pot's amount to the winner/);
    expect(seven).toMatch(/3 legs take the pot/);
    expect(seven).toMatch(/antes 1 every deal/);
    const capped = describeMoney(
      parseOptions('three-card', { cap: 50, losers: 'worst-only', match: { kind: 'burn', amount: 5 } }),
    );
    expect(capped.join(' ')).toMatch(
      /The worst losing hand pays 5 chips into it.*No payment over 50: the excess goes to a reserve/,
    );
  });
});
