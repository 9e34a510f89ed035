import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/cards/rng.ts';
import {
  type Action,
  apply,
  createGame,
  type GameEvent,
  type GameState,
  transfersOf,
} from '../../../src/engine/index.ts';
import { listVariants, maxPlayersFor, parseOptions, RuleError } from '../../../src/rules/index.ts';
import { holds, roundTrips, sameAs } from './cheap-checks.ts';
import { OPTION_SETS, randomAction, usable } from './driver.ts';

const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus'];
const ACTIONS_PER_GAME = 30;
const RUNS = Number(process.env.GUTS_PROPERTY_RUNS ?? 1000);

interface Game {
  state: GameState;
  players: string[];
}

/** `fairSeed` given: a fair game (docs/FAIRNESS.md) whose chain ends with it, its players' joins pressed in the lobby. */
export function newGame(
  variantId: string,
  seed: number,
  optionSet: number,
  playerCount: number,
  fairSeed?: string,
): Game | null {
  const variant = listVariants().find((v) => v.id === variantId);
  if (!variant) throw new Error(variantId);
  const raw = usable(OPTION_SETS[optionSet % OPTION_SETS.length] as Record<string, unknown>, variant.inapplicable);
  let options: Record<string, unknown>;
  try {
    options = parseOptions(variantId, raw) as unknown as Record<string, unknown>;
  } catch {
    return null; // e.g. discard larger than the hand
  }
  const rng = Rng.fromSeed(seed);
  const state = createGame({
    variant: variantId,
    options,
    pot: rng.int(3) * 5,
    reserve: 0,
    rng: rng.state(),
    ...(fairSeed ? { fair: { lastSeed: fairSeed, phrase: `game ${seed}` } } : {}),
    host: 'ann',
  });
  const count = Math.min(playerCount, maxPlayersFor(variant, state.options), NAMES.length);
  let s = state;
  NAMES.slice(0, count).forEach((p, i) => {
    const press = fairSeed ? { press: String(1_300_000_000_000_000_000n + BigInt(seed) * 16n + BigInt(i)) } : {};
    s = apply(s, { type: 'join', playerId: p, name: p, ...press }).state;
  });
  return { state: s, players: NAMES.slice(0, count) };
}

/**
 * Applies one action, checking the invariants that hold after every step. `before` is `s`
 * as JSON; the state after comes back as JSON too, the next step's `before`.
 */
function step(
  s: GameState,
  before: string,
  action: Action,
): { state: GameState; events: GameEvent[]; json: string } | null {
  try {
    const r = apply(s, action);
    sameAs(JSON.stringify(s), before); // the input is never mutated
    const json = JSON.stringify(r.state);
    roundTrips(r.state, json); // plain JSON value
    holds(r.state.pot >= 0, () => expect(r.state.pot).toBeGreaterThanOrEqual(0));
    holds(r.state.reserve >= 0, () => expect(r.state.reserve).toBeGreaterThanOrEqual(0));
    for (const t of transfersOf(r.events)) sameAs(Number.isInteger(t.amount) && t.amount > 0, true);
    return { ...r, json };
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    sameAs(JSON.stringify(s), before);
    return null;
  }
}

function checkDeal(s: GameState, events: GameEvent[], chips: { total: number }): void {
  for (const e of events) {
    if (e.type === 'DealEnded') {
      const started = events.find((x) => x.type === 'DealStarted');
      const deltas = Object.values(e.delta).reduce((a, b) => a + b, 0);
      if (started?.type === 'DealStarted') {
        // Chips are conserved within the deal: players' net plus pot and reserve changes sum to zero.
        sameAs(deltas + (e.pot - started.pot) + (e.reserve - started.reserve), 0);
      }
      const { cap, capStyle } = s.options;
      if (cap !== null && capStyle === 'reserve') holds(e.pot <= cap, () => expect(e.pot).toBeLessThanOrEqual(cap));
    }
  }
  // Across the whole game: every transfer moves chips, none appear or vanish.
  for (const t of transfersOf(events)) {
    if (t.from.kind === 'player') chips.total -= t.amount;
    if (t.to.kind === 'player') chips.total += t.amount;
  }
  sameAs(chips.total + s.pot + s.reserve, 0);
}

export function describeRandomGames(variantIds: readonly string[]): void {
  describe.each(variantIds)('random games of %s', (variantId) => {
    it('conserve chips, keep caps, round-trip JSON and end for good', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 2 ** 31 }),
          fc.nat(OPTION_SETS.length - 1),
          fc.integer({ min: 2, max: 7 }),
          (seed, optionSet, playerCount) => {
            const game = newGame(variantId, seed, optionSet, playerCount);
            if (!game) return;
            let s = game.state;
            let json = JSON.stringify(s);
            const chips = { total: -s.pot - s.reserve };
            const rng = Rng.fromSeed(seed ^ 0x5bd1e995);
            for (let i = 0; i < ACTIONS_PER_GAME; i++) {
              const r = step(s, json, randomAction(s, rng, game.players));
              if (!r) continue;
              checkDeal(r.state, r.events, chips);
              ({ state: s, json } = r);
              if (s.phase === 'over') {
                expect(() => apply(s, { type: 'startDeal', by: s.host })).toThrow(RuleError);
                expect(() => apply(s, { type: 'join', playerId: 'zed', name: 'zed' })).toThrow(RuleError);
                break;
              }
            }
          },
        ),
        { numRuns: RUNS },
      );
    });
  });
}
