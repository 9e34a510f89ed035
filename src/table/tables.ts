import type { Kysely } from 'kysely';
import type { RngState } from '../cards/rng.ts';
import { randomRngState, randomServerSeed } from '../cards/seed.ts';
import type { Database } from '../db/index.ts';
import type { Action } from '../engine/index.ts';
import type { Logger } from '../log.ts';
import { retryingStepWriter } from './db-retry.ts';
import { DB_RETRY, type DbRetryOptions, DbWaits } from './db-waits.ts';
import { gameRecord } from './game-record.ts';
import { GameOpener, type GameOpening, type Member, type Place } from './open-game.ts';
import { TablePauses } from './pauses.ts';
import { QUIET_DEALS_TO_STOP } from './quiet.ts';
import type { HeldTable } from './runtimes.ts';
import { type Clock, systemClock } from './scheduler.ts';
import { DB_WAITING, type StepFault, StepRecovery, stepFaultFromEnv } from './step-recovery.ts';
import { directStepWriter, type StepWriter } from './step-writer.ts';
import { type StepListener, type StepResult, TableSteps } from './steps.ts';
import { type DryRun, TableCommands } from './table-commands.ts';
import { type Serves, TableLifecycle } from './table-lifecycle.ts';
import { TableReads } from './table-reads.ts';
import { TableTimers } from './timers.ts';

export type { EndedGame } from './next-game.ts';
export type { Member, Place, TableLook } from './open-game.ts';
export type { HeldTable } from './runtimes.ts';
export { type DryRun, PAUSED } from './table-commands.ts';
export type { HeldPlace } from './table-reads.ts';

export interface TablesOptions {
  db: Kysely<Database>;
  /** Where steps are committed; directly through `db` unless given (see step-writer.ts). */
  writer?: StepWriter;
  log: Logger;
  clock?: Clock;
  nextDealPauseMs?: number;
  /** Where each new game's shuffling starts; the OS's cryptographic source unless a test fixes it. */
  newRngState?: () => RngState;
  /**
   * The last seed of each new game's chain of server seeds (docs/FAIRNESS.md); the OS's
   * cryptographic source unless a test fixes it. Null: not provably fair, dealt by
   * `newRngState` alone, so a test that fixes it deals the same cards every run.
   */
  newServerSeed?: (() => string) | null;
  /** Deals in a row with no press at all before the game stops by itself (see quiet.ts). */
  quietDealsToStop?: number;
  /** A fault injected into every countdown step before it decides (tests; else GUTS_STEP_FAULTS, see step-recovery.ts). */
  stepFault?: StepFault;
  /** How steps wait for a database that fails transiently (db-waits.ts; tests shorten it). */
  dbRetry?: Partial<DbRetryOptions>;
}

/**
 * The tables of this process, as one object for the surfaces: its reads (`TableReads`,
 * which it extends), its commands (table-commands.ts: opening, stopping, players'
 * actions) and its lifecycle (table-lifecycle.ts: resuming after a restart, the one
 * listener, shutdown), with the countdowns and computer moves (timers.ts) and the pauses
 * (pauses.ts) they share. This file only builds them and passes calls on. What this
 * process holds of each table (runtimes.ts) never leaves the table layer: a surface
 * reads a table through `TableReads`, read-only. Nothing here knows Discord.
 */
export class Tables extends TableReads {
  /** Tables waiting for the database, and its errors (db-waits.ts). */
  readonly dbWaits: DbWaits;
  private readonly commands: TableCommands;
  private readonly lifecycle: TableLifecycle;
  /** Tables that cannot be shown for now (see `pause`): no countdown runs, no press is taken. */
  private readonly pauses: TablePauses;

  constructor(options: TablesOptions) {
    const clock = options.clock ?? systemClock;
    super(options.db, clock);
    const { log } = options;
    const held = this.held;
    this.dbWaits = new DbWaits((tableId) => this.lifecycle.tell(tableId, DB_WAITING));
    const dbRetry = { ...DB_RETRY, ...options.dbRetry };
    const writer = retryingStepWriter(options.writer ?? directStepWriter(options.db), {
      waits: this.dbWaits,
      clock,
      log,
      options: dbRetry,
    });
    this.pauses = new TablePauses({ runtimes: held, countdowns: () => timers.countdowns, steps: () => steps });
    const recovery = new StepRecovery({
      reload: (tableId) => this.load(tableId),
      takeUp: (record) => {
        held.track(gameRecord(record));
        timers.countdowns.set(String(record.id), record.deadline);
      },
      pause: (tableId) => this.pause(tableId),
      tell: (tableId, key) => this.lifecycle.tell(tableId, key),
    });
    const timers: TableTimers = new TableTimers({
      db: this.db,
      runtimes: held,
      clock,
      log,
      steps: () => steps,
      recovery,
      isPaused: (tableId) => this.pauses.isPaused(tableId),
      publish: (result) => this.lifecycle.tellOwn(result),
      dbWaits: this.dbWaits,
      dbRetry,
      restartCountdown: (tableId, version, why) => this.pauses.restartCountdown(tableId, version, why),
      quietDealsToStop: options.quietDealsToStop ?? QUIET_DEALS_TO_STOP,
      stepFault: options.stepFault ?? stepFaultFromEnv(),
    });
    const steps: TableSteps = new TableSteps({
      db: this.db,
      writer,
      runtimes: held,
      scheduler: timers.countdowns,
      clock,
      // Every committed step may ask a computer player something: its move is planned then.
      committed: (step) => {
        this.nets.heard(step);
        timers.computers.plan(step.record);
      },
      ...(options.nextDealPauseMs !== undefined ? { pauseMs: options.nextDealPauseMs } : {}),
    });
    const opener = new GameOpener({
      db: this.db,
      writer,
      runtimes: held,
      steps,
      newRngState: options.newRngState ?? randomRngState,
      newServerSeed: options.newServerSeed === undefined ? randomServerSeed : options.newServerSeed,
    });
    this.commands = new TableCommands({
      held,
      steps,
      opener,
      pauses: this.pauses,
      recovery,
      dbWaits: this.dbWaits,
      writer,
      log,
      running: (place) => this.running(place),
      load: (tableId) => this.load(tableId),
      withLanguage: (rt) => this.withLanguage(rt),
    });
    this.lifecycle = new TableLifecycle({
      db: this.db,
      held,
      steps,
      timers,
      stopWaiting: () => writer.stopWaiting(),
    });
    this.ready = this.lifecycle.ready;
    this.heard = this.lifecycle.heard;
  }

  // ---- lifecycle (table-lifecycle.ts) ----

  /** Resolves once open tables are reloaded: players' actions wait for it. */
  readonly ready: Promise<void>;
  /** The listener as `CommitAndPublish` tells it (see `TableLifecycle.heard`). */
  readonly heard: Pick<StepListener, 'committed' | 'publish'>;

  /** Who shows the tables to the players (one listener). */
  listen(listener: StepListener): void {
    this.lifecycle.listen(listener);
  }

  /** After a restart: every open table this process serves, resumed (see `TableLifecycle.resumeAll`). */
  resumeAll(serves?: Serves): Promise<number> {
    return this.lifecycle.resumeAll(serves);
  }

  /** After a restart that lost the tables' messages: every open game ended (see `TableLifecycle.endAll`). */
  endAll(serves?: Serves): Promise<number> {
    return this.lifecycle.endAll(serves);
  }

  /** An ended game's last messages are out: its runtime goes; true while a newer game holds the table. */
  release(ended: HeldTable): boolean {
    return this.lifecycle.release(ended);
  }

  /** Stops the countdowns and waits for the steps under way to commit (shutdown and tests). */
  close(): Promise<void> {
    return this.lifecycle.close();
  }

  /** Resolves once no step is queued or running. */
  idle(): Promise<void> {
    return this.lifecycle.idle();
  }

  /** Steps queued or running, all tables together: how busy the database is. */
  get inFlight(): number {
    return this.lifecycle.inFlight;
  }

  // ---- commands (table-commands.ts) ----

  /** The checks `/guts start` can answer at once, before anything is written. */
  checkOpen(place: Place, variantId: string, options: Record<string, unknown>): void {
    this.commands.checkOpen(place, variantId, options);
  }

  /** Opens a game in the channel with `host` seated (see `GameOpener.open`). */
  openGame(opening: GameOpening): Promise<{ table: HeldTable; result: StepResult }> {
    return this.commands.openGame(opening);
  }

  /** The host (or an admin) stops the game (see `TableCommands.stopGame`). */
  stopGame(place: Place, by: { id: string; admin: boolean }, key: string): Promise<StepResult | null> {
    return this.commands.stopGame(place, by, key);
  }

  /** The table can no longer be shown: its game stops (see `TableCommands.abandon`). */
  abandon(tableId: number): Promise<StepResult | null> {
    return this.commands.abandon(tableId);
  }

  /** The table a press points at, if it is still live there (see `TableCommands.pressTarget`). */
  pressTarget(tableId: number, place: Place, dealNo: number, lenient: boolean): Promise<HeldTable> {
    return this.commands.pressTarget(tableId, place, dealNo, lenient);
  }

  /** One action applied and committed as a step (see `TableCommands.act`). */
  act(
    tableId: number,
    key: string,
    action: Action,
    member?: Member,
    dryRun?: DryRun,
    discordId?: string,
  ): Promise<StepResult | null> {
    return this.commands.act(tableId, key, action, member, dryRun, discordId);
  }

  /** Runs `write` in the table's queue at the version this process holds (see `TableCommands.atVersion`). */
  atVersion<T>(tableId: number, write: (version: number | null) => Promise<T>): Promise<T> {
    return this.commands.atVersion(tableId, write);
  }

  /** The table's public language, changed and kept with its notes (no step). */
  setLanguage(tableId: number, locale: string): Promise<void> {
    return this.commands.setLanguage(tableId, locale);
  }

  // ---- pauses (pauses.ts) ----

  /** The table cannot be shown for now: no countdown, no press until `resume`. */
  pause(tableId: number): void {
    this.pauses.pause(tableId);
  }

  isPaused(tableId: number): boolean {
    return this.pauses.isPaused(tableId);
  }

  /** Takes a paused table up again with its countdown started afresh. */
  resume(tableId: number): Promise<StepResult | null> {
    return this.pauses.resume(tableId);
  }
}
