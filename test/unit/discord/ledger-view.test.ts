import { describe, expect, it } from 'vitest';
import { settleLines } from '../../../src/discord/views/ledger.ts';
import { ensureLanguages } from '../../../src/i18n/index.ts';
import type { Settlement } from '../../../src/ledger/index.ts';

const names = (id: string) => ({ ann: 'Ann', ben: 'Ben', cat: 'Cat' })[id] ?? id;
const plan = (p: Partial<Settlement>): Settlement => ({
  payments: [],
  shares: new Map(),
  gap: 0,
  inPots: 0,
  house: 0,
  wonFromHouse: 0,
  ...p,
});

describe('/ledger settle lines', () => {
  it('never counts chips the house left in a pot as won by people', () => {
    // A group DM: the computer is down 15, of which Ann won 5 and 10 sit in the pot.
    const lines = settleLines(plan({ house: -15, wonFromHouse: 5, inPots: 10, gap: 5 }), names, 'en-US');
    expect(lines[0]).toBe(
      "🤖 The house (computer players) is down 15 chips: 5 chips won by people, 10 chips still in pots and reserves, nobody's winnings yet; nobody pays it.",
    );
    const allInPot = settleLines(plan({ house: -10, inPots: 20, gap: -10 }), names, 'en-US');
    expect(allInPot[0]).toBe(
      "🤖 The house (computer players) is down 10 chips, all of it still in pots and reserves, nobody's winnings yet.",
    );
  });

  it('says who pays whom and how the winners share the house’s loss', () => {
    const lines = settleLines(
      plan({
        payments: [
          { from: 'ben', to: 'ann', amount: 106 },
          { from: 'ben', to: 'cat', amount: 42 },
        ],
        shares: new Map([
          ['ann', 34],
          ['cat', 13],
        ]),
        gap: 47,
        house: -47,
        wonFromHouse: 47,
      }),
      names,
      'en-US',
    );
    expect(lines).toEqual([
      '**Ben** pays **Ann** 106',
      '**Ben** pays **Cat** 42',
      '🤖 The house (computer players) is down 47 chips, won by people; nobody pays it.',
      'People won 47 chips from the house, which pays nobody: the winners share that by what they won (**Ann** 34, **Cat** 13), and are paid the rest.',
    ]);
  });

  it('writes the losers’ share in the table’s language', async () => {
    await ensureLanguages('de');
    const lines = settleLines(plan({ shares: new Map([['ben', 20]]), gap: -20, house: 20, payments: [] }), names, 'de');
    expect(lines[1]).toContain('Die Verlierer teilen das nach ihrem Verlust (**Ben** 20)');
  });
});
