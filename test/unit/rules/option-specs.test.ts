import { describe, expect, it } from 'vitest';
import { BASE_OPTIONS, defaultOptions, OPTION_SPECS, parseOptions } from '../../../src/rules/index.ts';
import { describeMoney } from '../../../src/rules-text/describe.ts';

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

describe('the options of source 003 and Two More Deadly Inches', () => {
  it('are taken where the rule book says, and refused by name elsewhere', () => {
    expect(parseOptions('four-two-two', { dropperAnte: true }).dropperAnte).toBe(true);
    expect(parseOptions('four-two-three', { allDrop: 'wimp-wild' }).allDrop).toBe('wimp-wild');
    expect(parseOptions('two-more-inches', { deadlyRank: 'q' }).deadlyRank).toBe('Q');
    expect(parseOptions('two-more-inches', { deadlyRank: '10' }).deadlyRank).toBe('T');
    expect(() => parseOptions('three-card', { dropperAnte: true })).toThrow('dropperAnte does not apply to three-card');
    expect(() => parseOptions('three-card', { allDrop: 'wimp-wild' })).toThrow('allDrop wimp-wild does not apply');
    expect(() => parseOptions('deadly-69s', { deadlyRank: 'Q' })).toThrow('deadlyRank does not apply');
    expect(() => parseOptions('two-more-inches', { deadlyRank: 'Z' })).toThrow('deadlyRank must be a rank');
    const told = describeMoney(parseOptions('four-two-two', { dropperAnte: true, allDrop: 'wimp-wild' })).join(' ');
    expect(told).toMatch(/Players who drop pay a new ante.*every player holding a wild card pay/);
  });

  it('take loneVsDeck in four-two-two and four-two-three only, never with a kitty, and say what it does', () => {
    expect(parseOptions('four-two-two', { loneVsDeck: true }).loneVsDeck).toBe(true);
    expect(parseOptions('four-two-three', { loneVsDeck: true }).loneVsDeck).toBe(true);
    expect(parseOptions('three-card', { loneVsDeck: false }).loneVsDeck).toBe(false);
    expect(() => parseOptions('three-card', { loneVsDeck: true })).toThrow('loneVsDeck does not apply to three-card');
    expect(() => parseOptions('four-card-draw', { loneVsDeck: true })).toThrow('loneVsDeck does not apply');
    expect(() => parseOptions('four-two-two', { loneVsDeck: 'yes' })).toThrow('loneVsDeck must be true or false');
    expect(() => parseOptions('four-two-two', { loneVsDeck: true, kitty: 'alone' })).toThrow(
      'loneVsDeck needs kitty off',
    );
    const told = describeMoney(parseOptions('four-two-two', { loneVsDeck: true })).join(' ');
    expect(told).toMatch(/stays alone plays the cards they were dealt against as many from the top of the deck/);
    expect(told).toMatch(/ties go to the deck\); if the deck wins, they match the pot/);
    expect(told).toMatch(/stays alone and beats the deck takes the pot, and the game ends/);
    const burn = describeMoney(
      parseOptions('four-two-three', { loneVsDeck: true, match: { kind: 'burn', amount: 5 } }),
    );
    expect(burn.join(' ')).toMatch(/if the deck wins, they pay 5 chips into the pot/);
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
