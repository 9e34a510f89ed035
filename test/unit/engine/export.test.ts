import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard } from '../../../src/cards/card.ts';
import { fullDeck } from '../../../src/cards/deck.ts';
import { Rng } from '../../../src/cards/rng.ts';
import {
  apply,
  createGame,
  type GameEvent,
  type GameState,
  runScenario,
  scenarioFromDeal,
} from '../../../src/engine/index.ts';
import { listVariants, parseOptions, RuleError } from '../../../src/rules/index.ts';
import { OPTION_SETS, randomAction, usable } from './driver.ts';

const PLAYERS = ['ann', 'bob', 'cat', 'dan'];

describe('scenarioFromDeal', () => {
  it.each(listVariants().map((v) => v.id))('replays every recorded %s deal to the same result', (variantId) => {
    const variant = listVariants().find((v) => v.id === variantId);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.nat(OPTION_SETS.length - 1),
        fc.boolean(),
        (seed, set, fair) => {
          let options: Record<string, unknown>;
          try {
            const raw = usable(OPTION_SETS[set] as Record<string, unknown>, variant?.inapplicable ?? []);
            options = parseOptions(variantId, raw) as unknown as Record<string, unknown>;
          } catch {
            return;
          }
          const rng = Rng.fromSeed(seed);
          // Half the games fair (docs/FAIRNESS.md): their exports carry the deal's proof, which the replay checks.
          const lastSeed = fair ? seed.toString(16).padStart(64, '0') : null;
          let s: GameState = createGame({
            variant: variantId,
            options,
            pot: 0,
            rng: rng.state(),
            host: 'ann',
            ...(lastSeed ? { fair: { lastSeed } } : {}),
          });
          PLAYERS.forEach((p, i) => {
            s = apply(s, { type: 'join', playerId: p, name: p, press: `${1_300_000_000 + i}` }).state;
          });
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
              expect(scenario.fair).toEqual(e.proof);
              const replayed = runScenario(JSON.parse(JSON.stringify(scenario)));
              expect(replayed.deals[0]?.delta).toEqual(e.delta);
              expect(replayed.pot).toBe(e.pot);
              expect(replayed.reserve).toBe(e.reserve);
              expect([...(replayed.deals[0]?.winners ?? [])].sort()).toEqual([...e.winners].sort());
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('an exported fair deal', () => {
  function exported() {
    let s = createGame({ variant: 'three-card', rng: [1, 2, 3, 4], host: 'ann', fair: { lastSeed: 'cd'.repeat(32) } });
    for (const p of PLAYERS) s = apply(s, { type: 'join', playerId: p, name: p, press: '1300000000000000001' }).state;
    const events: GameEvent[] = [];
    const started = apply(s, { type: 'startDeal', by: 'ann', press: '1300000000000000002' });
    expect(JSON.stringify(started.events)).not.toContain(started.state.deal?.serverSeed);
    events.push(...started.events);
    s = started.state;
    while (s.phase === 'deal') {
      const r = apply(s, { type: 'timeout' });
      events.push(...r.events);
      s = r.state;
    }
    return JSON.parse(JSON.stringify(scenarioFromDeal({ variant: 'three-card', options: s.options, events })));
  }

  it('carries its revealed seed, client seed and commitment, and replays checked against them', () => {
    const scenario = exported();
    expect(scenario.fair).toMatchObject({
      dealNo: 1,
      clientSeed: '1300000000000000001-1300000000000000001-1300000000000000001-1300000000000000001-1300000000000000002',
    });
    expect(runScenario(scenario).deals).toHaveLength(1);
  });

  it('is refused when the seed is not the committed one, or the cards are not the seed’s', () => {
    const scenario = exported();
    expect(() => runScenario({ ...scenario, fair: { ...scenario.fair, dealNo: 2 } })).toThrow(
      /fair.serverSeed: does not hash to the commitment/,
    );
    // A card the seeds did not deal in place of one they did.
    const cards = scenario.deals[0].cards as Record<string, string[]>;
    const dealt = Object.values(cards).flat();
    const undealt = fullDeck()
      .map(formatCard)
      .find((c) => !dealt.includes(c)) as string;
    const [first] = Object.keys(cards) as [string];
    const swapped = { ...cards, [first]: [undealt, ...(cards[first] ?? []).slice(1)] };
    expect(() => runScenario({ ...scenario, deals: [{ ...scenario.deals[0], cards: swapped }] })).toThrow(
      /fair.cards: the seeds deal/,
    );
    expect(() => runScenario({ ...scenario, fair: { ...scenario.fair, serverSeed: 'nope' } })).toThrow(
      /fair.serverSeed: must be 64 lowercase hex digits/,
    );
  });
});
