import { describe, expect, it, vi } from 'vitest';
import { type Action, apply, createGame, type GameState } from '../../../src/engine/index.ts';
import { ComputerTimers, computerToMove } from '../../../src/table/computers.ts';
import type { GameRecord } from '../../../src/table/game-record.ts';
import { fakeClock } from './fake-clock.ts';
import { gameRecord } from './tables-fixture.ts';

/**
 * computers.ts on its own: which computer seat the game asks something of, and when
 * its move is due (a short pause, never past the countdown). The engine decides the
 * move itself; a hand-driven clock says when.
 */

const ANN = '1';

/** Ann hosting, a balanced computer beside her, with these options; dealt unless said. */
function game(options: Record<string, unknown> = {}, deal = true): GameState {
  let state = createGame({ variant: 'three-card', options, rng: [1, 2, 3, 4], host: ANN, hostName: 'Ann' });
  const step = (action: Action) => {
    state = apply(state, action).state;
  };
  step({ type: 'addComputer', by: ANN, level: 'balanced' });
  if (deal) step({ type: 'startDeal', by: ANN });
  return state;
}
const computerOf = (state: GameState) => state.players.find((p) => p.computer)?.id as string;

const record = (state: GameState, o: Partial<GameRecord> = {}): GameRecord => gameRecord(state, { version: 3, ...o });

describe('the computer seat a game asks', () => {
  it('is none outside a deal', () => {
    expect(computerToMove(null)).toBeNull();
    expect(computerToMove(game({}, false))).toBeNull();
  });

  it('is the undecided computer, not the person asked before it, and none once it has chosen', () => {
    const dealt = game();
    const computer = computerOf(dealt);
    expect(computerToMove(dealt)).toEqual({ id: computer, level: 'balanced' });
    const chosen = apply(dealt, { type: 'declare', playerId: computer, choice: 'stay' }).state;
    expect(computerToMove(chosen)).toBeNull();
  });

  it('declaring in turn: only when its turn has come', () => {
    const dealt = game({ declare: 'sequential' });
    const computer = computerOf(dealt);
    // Ann's turn comes first: the computer, also undecided, waits for it.
    expect(computerToMove(dealt)).toBeNull();
    const after = apply(dealt, { type: 'declare', playerId: ANN, choice: 'stay' }).state;
    expect(computerToMove(after)).toEqual({ id: computer, level: 'balanced' });
  });
});

describe("a computer's move timer", () => {
  const setUp = () => {
    const time = fakeClock();
    const due = vi.fn();
    const timers = new ComputerTimers(due, time.clock);
    return { time, due, timers };
  };

  it('fires after a human pause of about one to two and a half seconds, the same for the same version and seat', () => {
    const pauses: number[] = [];
    for (const version of [3, 3, 4, 5, 6]) {
      const { time, due, timers } = setUp();
      timers.plan(record(game(), { version }));
      let waited = 0;
      while (!due.mock.calls.length && waited < 10_000) {
        time.advance(100);
        waited += 100;
      }
      expect(due).toHaveBeenCalledWith(7);
      pauses.push(waited);
      timers.stop();
    }
    for (const ms of pauses) expect(ms).toBeGreaterThanOrEqual(900);
    for (const ms of pauses) expect(ms).toBeLessThanOrEqual(2_500);
    expect(pauses[0]).toBe(pauses[1]);
    // Not one fixed pause: computers at many tables do not all move on the same beat.
    expect(new Set(pauses).size).toBeGreaterThan(1);
  });

  it('never past a second before the countdown ends, and at once when less is left', () => {
    const { time, due, timers } = setUp();
    timers.plan(record(game(), { deadline: time.clock.now() + 1_500 }));
    time.advance(499);
    expect(due).not.toHaveBeenCalled();
    time.advance(1);
    expect(due).toHaveBeenCalledTimes(1);
    timers.plan(record(game(), { deadline: time.clock.now() + 200 }));
    time.advance(0);
    expect(due).toHaveBeenCalledTimes(2);
  });

  it('is cleared when nothing is asked of a computer, or the game no longer runs', () => {
    const { time, due, timers } = setUp();
    const dealt = game();
    timers.plan(record(dealt));
    timers.plan(record(dealt, { running: false }));
    timers.plan(record(dealt, { id: 8 }));
    const chosen = apply(dealt, { type: 'declare', playerId: computerOf(dealt), choice: 'drop' }).state;
    timers.plan(record(chosen, { id: 8 }));
    time.advance(60_000);
    expect(due).not.toHaveBeenCalled();
    expect(time.pending()).toBe(0);
  });
});
