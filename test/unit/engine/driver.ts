import type { Rng } from '../../../src/cards/rng.ts';
import {
  type Action,
  apply,
  awaiting,
  type GameEvent,
  type GameState,
  type PlayerId,
} from '../../../src/engine/index.ts';
import { type Options, RuleError } from '../../../src/rules/index.ts';

/** Random but legal-looking moves for property tests: the action a table of players might send next. */

/** Option sets every variant accepts (subject to its refusals), to vary the money rules. */
export const OPTION_SETS: Record<string, unknown>[] = [
  {},
  { cap: 7, ante: 2 },
  { cap: 5, capStyle: 'clip' },
  { match: { kind: 'burn', amount: 3 }, progressiveBurn: true },
  { match: { kind: 'percent', percent: 50 }, ties: 'no-split' },
  { losers: 'worst-only', everybodyAntes: true, loserSkipsAnte: true },
  { allDrop: 'wimp', compulsoryFirst: true },
  { allDrop: 'reante', legs: 2, declare: 'sequential' },
  { kitty: 'always' },
  { kitty: 'alone', cap: 10 },
  { pass: 'alternate', discard: 1 },
  { dropPenalty: 25, wimpAmount: 3, allDrop: 'wimp' },
  // Source 003's four-two-two / four-two-three options and Two More Deadly Inches
  // (refused elsewhere: those games are skipped for other variants).
  { dropperAnte: true, cap: 12 },
  { allDrop: 'wimp-wild', wimpAmount: 4 },
  { deadlyRank: 'Q' },
  { loneVsDeck: true, declare: 'sequential' },
  { loneVsDeck: true, legs: 2, allDrop: 'wimp-wild' },
];

export function randomAction(s: GameState, rng: Rng, players: PlayerId[]): Action {
  const w = awaiting(s);
  const anyone = players[rng.int(players.length)] as PlayerId;
  const roll = rng.int(100);
  if (w.kind === 'lobby' || w.kind === 'between-deals') {
    if (roll < 3) return { type: 'stop', by: s.host };
    if (roll < 6) return { type: 'leave', playerId: anyone };
    if (roll < 9) return { type: 'join', playerId: anyone, name: anyone };
    return { type: 'startDeal', by: s.host };
  }
  if (w.kind === 'over') return { type: 'startDeal', by: s.host };
  if (roll < 8) return { type: 'timeout' };
  if (roll < 10) return { type: 'stop', by: s.host };
  const d = s.deal;
  const pending = w.pending.length > 0 ? w.pending : players;
  const who = ('turn' in w && w.turn ? w.turn : pending[rng.int(pending.length)]) as PlayerId;
  const hand = (d?.hands[who] ?? []).filter((c) => !(d?.up[who] ?? []).includes(c));
  switch (w.kind) {
    case 'declare':
      return { type: 'declare', playerId: who, choice: rng.int(2) === 0 || !w.canDrop ? 'stay' : 'drop' };
    case 'take':
      return rng.int(2) === 0 ? { type: 'take', playerId: who } : { type: 'declare', playerId: who, choice: 'drop' };
    case 'pass':
      return { type: 'pass', playerId: who, card: hand[rng.int(Math.max(hand.length, 1))] ?? 0 };
    default:
      return { type: w.kind, playerId: who, cards: hand.slice(0, rng.int(w.max + 1)) };
  }
}

/** Options with the variant's refusals removed. */
export function usable(raw: Record<string, unknown>, refused: readonly (keyof Options)[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([k]) => !refused.includes(k as keyof Options)));
}

/** The state after `actions` in turn, and every event they made. */
export function run(s: GameState, ...actions: Action[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = apply(s, a);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** The RuleError `action` is refused with (fails the test if it is accepted). */
export function refusal(s: GameState, action: Action): RuleError {
  try {
    apply(s, action);
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('the action was accepted');
}
