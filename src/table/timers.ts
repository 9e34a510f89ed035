import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { loadTable } from '../db/table-store.ts';
import { apply, awaiting, computerMove } from '../engine/index.ts';
import type { Logger } from '../log.ts';
import { ComputerTimers, computerToMove } from './computers.ts';
import { type DbRetryOptions, type DbWaits, retryDelay } from './db-waits.ts';
import { gameRecord } from './game-record.ts';
import type { Runtimes } from './runtimes.ts';
import { type Clock, DeadlineScheduler } from './scheduler.ts';
import type { StepFault, StepRecovery } from './step-recovery.ts';
import type { StepResult, TableSteps } from './steps.ts';

/** Why a game stopped by itself, for the players. */
export const ABANDONED = 'refusal.abandoned';

export interface TableTimersDeps {
  db: Kysely<Database>;
  runtimes: Runtimes;
  clock: Clock;
  log: Logger;
  /** Where the timers' steps are committed (the same queues as the players' actions). */
  steps: () => TableSteps;
  /** What a countdown step that fails unexpectedly does (step-recovery.ts). */
  recovery: StepRecovery;
  /** Tables that cannot be shown for now: no timer step runs there (see `Tables.pause`). */
  isPaused(tableId: number): boolean;
  /** Tells whoever shows the tables about a committed step. */
  publish(result: StepResult | null): void;
  /** Tables waiting for the database (db-waits.ts), and how long a countdown waits to read again. */
  dbWaits: DbWaits;
  dbRetry: DbRetryOptions;
  /** Commits the table as it is with its countdown started afresh (TablePauses.restartCountdown). */
  restartCountdown(tableId: number, version: number, why: string): Promise<StepResult | null>;
  /** Deals in a row with no press at all before the game stops by itself (see quiet.ts). */
  quietDealsToStop: number;
  /** A fault injected into every countdown step before it decides (tests, see step-recovery.ts). */
  stepFault: StepFault | undefined;
}

/**
 * The work no player asked for: a countdown that ends (undecided players drop, the
 * next deal starts, a quiet game stops) and a computer player's move. Each is a step
 * of its own in the table's queue, published as soon as it commits.
 */
export class TableTimers {
  /** The tables' countdowns (the committed deadlines). */
  readonly countdowns: DeadlineScheduler;
  /** When computer players move (computers.ts). */
  readonly computers: ComputerTimers;

  constructor(private readonly deps: TableTimersDeps) {
    this.countdowns = new DeadlineScheduler((key) => void this.onDeadline(Number(key)), deps.clock);
    this.computers = new ComputerTimers((tableId) => void this.onComputerMove(tableId), deps.clock);
  }

  stop(): void {
    this.countdowns.stop();
    this.computers.stop();
  }

  /** A countdown ended: undecided players drop, or the next deal starts. */
  private async onDeadline(tableId: number): Promise<void> {
    const { db, runtimes, clock, log, recovery, dbWaits } = this.deps;
    if (this.deps.isPaused(tableId)) return;
    const waitedFor = dbWaits.waitingFor(tableId);
    // A step of the table waits to be saved: it sets the countdown when it is.
    if (waitedFor === 'write') return;
    let version: number | null = null;
    try {
      const loaded = await loadTable(db, tableId);
      const held = runtimes.get(tableId)?.record;
      // The row at the version this process committed holds the state it checked then:
      // not checked again (a whole state through zod, once a deal and more).
      const record =
        loaded && (held?.version === loaded.version ? { ...loaded, state: held.state } : gameRecord(loaded));
      if (waitedFor === 'read') {
        // Back after the database was away: nobody could act meanwhile, so the countdown starts afresh.
        dbWaits.ended(tableId);
        if (record?.running) this.deps.publish(await this.deps.restartCountdown(tableId, record.version, 'dbback'));
        return;
      }
      if (!record?.running || record.deadline === null) return;
      if (record.deadline > clock.now()) {
        this.countdowns.set(String(tableId), record.deadline);
        return;
      }
      version = record.version;
      const key = `deadline:${tableId}:${record.version}`;
      const result = await this.deps.steps().run(
        tableId,
        key,
        (fresh) => {
          this.deps.stepFault?.(tableId, fresh.version);
          const state = fresh.state;
          // A press may have ended the round (and set a new countdown) while this waited.
          if (!fresh.running || !state || fresh.deadline === null || fresh.deadline > clock.now()) return null;
          const quietDeals = runtimes.get(tableId)?.notes.quietDeals ?? 0;
          if (awaiting(state).kind === 'between-deals' && quietDeals >= this.deps.quietDealsToStop) {
            // Nobody has pressed anything for a while: stop rather than charge antes for ever.
            return { ...apply(state, { type: 'stop', by: state.host }), note: ABANDONED };
          }
          // Undecided players drop, or between deals the next deal starts (the engine's rule).
          return apply(state, { type: 'timeout' });
        },
        'clock',
      );
      recovery.succeeded(tableId);
      this.deps.publish(result);
    } catch (err) {
      if (version === null && dbWaits.count(err) === 'transient') {
        // The table could not be read (the database is away): read it again a little later.
        const attempts = dbWaits.failed(tableId, 'read');
        if (attempts === 1) log.warn({ err, tableId }, 'cannot read the table for its countdown: it waits');
        this.countdowns.set(String(tableId), clock.now() + retryDelay(this.deps.dbRetry, attempts - 1));
        return;
      }
      log.error({ err, tableId }, 'countdown step failed');
      // Reading the table failed: nothing to recover from yet (the next countdown retries).
      if (version !== null)
        await recovery.failed(tableId, version).catch((e: unknown) => {
          log.error({ err: e, tableId }, 'could not recover the table');
        });
    }
  }

  /** A computer player's pause is over: it makes its move, decided from what its seat sees. */
  private async onComputerMove(tableId: number): Promise<void> {
    if (this.deps.isPaused(tableId)) return;
    try {
      const version = this.deps.runtimes.get(tableId)?.record.version ?? 0;
      const result = await this.deps.steps().run(
        tableId,
        `computer:${tableId}:${version}`,
        (fresh) => {
          const state = fresh.state;
          const mover = fresh.running ? computerToMove(state) : null;
          const move = state && mover ? computerMove(state, mover.id, mover.level) : null;
          return state && move ? apply(state, move) : null;
        },
        // Not a press: a table where only computer players act is still a quiet one.
        'clock',
      );
      this.deps.publish(result);
    } catch (err) {
      this.deps.log.error({ err, tableId }, 'computer move failed');
    }
  }
}
