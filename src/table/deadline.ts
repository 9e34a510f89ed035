import { awaiting, type GameState } from '../engine/index.ts';

/**
 * The table's countdown policy: how long players have to choose, the pause before the
 * next deal, and when a running countdown carries on rather than restarting.
 */

/** Pause between a deal's result and the next deal. */
export const NEXT_DEAL_PAUSE_MS = 8_000;

/** What the countdown is for: it restarts only when this changes (a new round, a new turn). */
function phaseKey(state: GameState): string {
  const w = awaiting(state);
  const round = w.kind === 'declare' ? w.round : '';
  const turn = 'turn' in w ? w.turn : '';
  return `${state.dealNo}:${w.kind}:${round}:${turn}`;
}

/** The countdown after a step from `before` to `after`: the current one, a new one, or none. */
export function nextDeadline(
  before: GameState | null,
  after: GameState,
  current: number | null,
  now: number,
  pauseMs: number,
): number | null {
  const w = awaiting(after);
  if (w.kind === 'lobby' || w.kind === 'over') return null;
  if (before && current !== null && phaseKey(before) === phaseKey(after)) return current;
  return now + (w.kind === 'between-deals' ? pauseMs : after.options.timer * 1000);
}
