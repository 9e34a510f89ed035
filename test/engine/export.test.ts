import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/cards/rng.ts';
import {
  apply,
  createGame,
  type GameEvent,
  type GameState,
  runScenario,
  scenarioFromDeal,
} from '../../src/engine/index.ts';
import { listVariants, parseOptions, RuleError } from '../../src/rules/index.ts';
import { OPTION_SETS, randomAction, usable } from './driver.ts';

const PLAYERS = ['ann', 'bob', 'cat', 'dan'];

describe('scenarioFromDeal', () => {
  it.each(listVariants().map((v) => v.id))('replays every recorded %s deal to the same result', (variantId) => {
    const variant = listVariants().find((v) => v.id === variantId);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.nat(OPTION_SETS.length - 1), (seed, set) => {
        let options: Record<string, unknown>;
        try {
          const raw = usable(OPTION_SETS[set] as Record<string, unknown>, variant?.inapplicable ?? []);
          options = parseOptions(variantId, raw) as unknown as Record<string, unknown>;
        } catch {
          return;
        }
        const rng = Rng.fromSeed(seed);
        let s: GameState = createGame({ variant: variantId, options, pot: 0, rng: rng.state(), host: 'ann' });
        for (const p of PLAYERS) s = apply(s, { type: 'join', playerId: p, name: p }).state;
        let dealEvents: GameEvent[] = [];
        for (let i = 0; i < 40 && s.phase !== 'over'; i++) {
          let events: GameEvent[];
          try {
            ({ state: s, events } = apply(s, randomAction(s, rng, PLAYERS)));
          } catch (e) {
            if (e instanceof RuleError) continue;
            throw e;
          }
          for (const e of events) {
            if (e.type === 'DealStarted') dealEvents = [];
            dealEvents.push(e);
            if (e.type !== 'DealEnded' || dealEvents.some((x) => x.type === 'DealVoided')) continue;
            const scenario = scenarioFromDeal({ variant: variantId, options: s.options, events: dealEvents });
            const replayed = runScenario(JSON.parse(JSON.stringify(scenario)));
            expect(replayed.deals[0]?.delta).toEqual(e.delta);
            expect(replayed.pot).toBe(e.pot);
            expect(replayed.reserve).toBe(e.reserve);
            expect([...(replayed.deals[0]?.winners ?? [])].sort()).toEqual([...e.winners].sort());
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
