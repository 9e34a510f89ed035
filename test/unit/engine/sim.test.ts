import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/cards/rng.ts';
import { canPlayFast, playFastDeal } from '../../../src/engine/fastdeal.ts';
import { apply, createGame, type GameState } from '../../../src/engine/index.ts';
import { simulate } from '../../../src/engine/sim.ts';
import { listVariants } from '../../../src/rules/index.ts';

const PLAYERS = ['ann', 'bob', 'cat', 'dan', 'eve'];

function seated(variant: string, options: Record<string, unknown>, seed: number): GameState {
  let s = createGame({ variant, options, rng: Rng.fromSeed(seed).state(), host: 'ann' });
  for (const p of PLAYERS) s = apply(s, { type: 'join', playerId: p, name: p }).state;
  return s;
}

describe('the fast deal path of simulations', () => {
  it('plays exactly the deals apply() plays for the same decisions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom('two-card', 'three-card', 'one-card', 'four-two-two'),
        fc.constantFrom(
          {},
          { cap: 6 },
          { losers: 'worst-only', everybodyAntes: true, loserSkipsAnte: true },
          { legs: 2 },
        ),
        fc.array(fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        (seed, variant, options, plans) => {
          let slow = seated(variant, options, seed);
          const fast = structuredClone(slow);
          if (!canPlayFast(fast)) return;
          for (const plan of plans) {
            if (slow.phase === 'over') break;
            const stays = (p: string) => plan[PLAYERS.indexOf(p)] === true;
            playFastDeal(fast, 'ann', (p) => stays(p));
            slow = apply(slow, { type: 'startDeal', by: 'ann' }).state;
            for (const p of slow.deal?.players ?? []) {
              if (slow.phase !== 'deal') break;
              slow = apply(slow, { type: 'declare', playerId: p, choice: stays(p) ? 'stay' : 'drop' }).state;
            }
            expect(fast).toEqual(slow);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses games it cannot play', () => {
    expect(canPlayFast(seated('iron-cross', {}, 1))).toBe(false);
    expect(canPlayFast(seated('three-card', { kitty: 'always' }, 1))).toBe(false);
    expect(canPlayFast(seated('three-card', { declare: 'sequential' }, 1))).toBe(false);
    expect(canPlayFast(seated('three-card', { pass: 'left' }, 1))).toBe(false);
    expect(() => playFastDeal(seated('iron-cross', {}, 1), 'ann', () => true)).toThrow(/needs apply/);
  });
});

describe('simulate', () => {
  it.each(listVariants().map((v) => v.id))('plays %s and keeps the books', (variant) => {
    const r = simulate({
      variant,
      players: 4,
      deals: 60,
      strategies: ['threshold', 'random'],
      seed: 3,
      options: { cap: 20 },
    });
    expect(r.deals).toBe(60);
    // Chips are conserved: what the seats lost is in pots and reserves left on the table.
    const net = Object.values(r.netBySeat).reduce((a, b) => a + b, 0);
    expect(net).toBeLessThanOrEqual(0);
    expect(r.largestSingleLoss).toBeGreaterThan(0);
    expect(Object.keys(r.netByStrategy).sort()).toEqual(['random', 'threshold']);
  });

  it('is reproducible from its seed', () => {
    const config = {
      variant: 'three-card',
      players: 6,
      deals: 500,
      strategies: ['threshold', 'random'] as const,
      seed: 9,
    };
    expect(simulate({ ...config, strategies: [...config.strategies] })).toEqual(
      simulate({ ...config, strategies: [...config.strategies] }),
    );
  });
});
