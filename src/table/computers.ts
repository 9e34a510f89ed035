import { awaiting, type ComputerLevel, type GameState, type PlayerId } from '../engine/index.ts';
import type { GameRecord } from './game-record.ts';
import { type Clock, DeadlineScheduler } from './scheduler.ts';

/**
 * When computer players move. Each waits a short, human-like pause after the step that
 * asked it (never the whole countdown: a turn in sequence resolves in seconds), then
 * makes its move as a step of its own, so its choice is as hidden as anyone's until the
 * reveal. What it does is the engine's `computerMove`; this only says when.
 */

/** A pause between these, the same for the same table version and seat. */
const PAUSE_MIN_MS = 900;
const PAUSE_SPREAD_MS = 1_600;
/** Never later than this before the countdown ends. */
const DEADLINE_MARGIN_MS = 1_000;

/** The computer seat the game asks something of now (whose turn, or the first undecided), or null. */
export function computerToMove(state: GameState | null): { id: PlayerId; level: ComputerLevel } | null {
  if (state?.phase !== 'deal') return null;
  const wait = awaiting(state);
  if (!('pending' in wait)) return null;
  const asked = 'turn' in wait && wait.turn ? [wait.turn] : wait.pending;
  for (const id of asked) {
    const level = state.players.find((p) => p.id === id)?.computer;
    if (level) return { id, level };
  }
  return null;
}

function pauseFor(record: GameRecord, id: PlayerId): number {
  let h = record.version * 31;
  for (let i = 0; i < id.length; i++) h = (h * 33 + id.charCodeAt(i)) >>> 0;
  return PAUSE_MIN_MS + (h % PAUSE_SPREAD_MS);
}

export class ComputerTimers {
  private readonly timers: DeadlineScheduler;

  constructor(
    onDue: (tableId: number) => void,
    private readonly clock: Clock,
  ) {
    this.timers = new DeadlineScheduler((key) => onDue(Number(key)), clock);
  }

  /** After a step or a reload: when the table's next computer move is due, if one is asked for. */
  plan(record: GameRecord): void {
    const mover = record.running ? computerToMove(record.state) : null;
    if (!mover) {
      this.timers.set(String(record.id), null);
      return;
    }
    const now = this.clock.now();
    const room = record.deadline === null ? Number.POSITIVE_INFINITY : record.deadline - now - DEADLINE_MARGIN_MS;
    this.timers.set(String(record.id), now + Math.max(0, Math.min(pauseFor(record, mover.id), room)));
  }

  stop(): void {
    this.timers.stop();
  }
}
