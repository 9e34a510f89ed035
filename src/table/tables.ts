import type { Kysely } from 'kysely';
import type { RngState } from '../cards/rng.ts';
import { randomRngState, randomServerSeed } from '../cards/seed.ts';
import type { Database } from '../db/index.ts';
import { listOpenTables } from '../db/table-store.ts';
import { type Action, type Applied, apply, type GameState } from '../engine/index.ts';
import { ensureLanguages } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { checkClientSeed, withPress } from './client-seed.ts';
import { type RetryingWriter, retryingStepWriter } from './db-retry.ts';
import { DB_RETRY, type DbRetryOptions, DbWaits } from './db-waits.ts';
import { gameOf, gameRecord } from './game-record.ts';
import { endedByRestart } from './next-game.ts';
import { GameOpener, type GameOpening, type Member, type Place } from './open-game.ts';
import { TablePauses } from './pauses.ts';
import { QUIET_DEALS_TO_STOP } from './quiet.ts';
import type { TableRuntime } from './runtimes.ts';
import { type Clock, systemClock } from './scheduler.ts';
import { DB_WAITING, STEP_PAUSED, type StepFault, StepRecovery, stepFaultFromEnv } from './step-recovery.ts';
import { directStepWriter, type StepWriter } from './step-writer.ts';
import { type StepListener, type StepResult, TableSteps } from './steps.ts';
import { asTableNotes, tableDealNo } from './table-notes.ts';
import { TableReads } from './table-reads.ts';
import { TableTimers } from './timers.ts';
import { UserFacingError } from './user-facing-error.ts';

export type { EndedGame } from './next-game.ts';
export type { Member, Place, TableLook } from './open-game.ts';

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

/** The answer to a press on a paused table. */
export const PAUSED = 'refusal.paused';

/** A dry run of an action on the state this process last saw (see `act`). */
export interface DryRun {
  from: GameState;
  applied: Applied;
}

/**
 * The tables of this process: opening games, applying players' actions, resuming after
 * a restart (countdowns and computer moves are timers.ts's). Every change is one
 * committed step (steps.ts), returned to whoever asked for it, who hands it to
 * `CommitAndPublish` to be answered and published; the listener (the surfaces that show
 * the tables) hears of steps nobody asked for from here, outside the table's queue.
 * Nothing here knows Discord.
 */
export class Tables extends TableReads {
  private readonly steps: TableSteps;
  /** Countdowns and computer moves (timers.ts). */
  private readonly timers: TableTimers;
  private readonly writer: RetryingWriter;
  /** Tables waiting for the database, and its errors (db-waits.ts). */
  readonly dbWaits: DbWaits;
  private readonly log: Logger;
  /** `/guts start`'s checks and first step (open-game.ts). */
  private readonly opener: GameOpener;
  private listener: StepListener = { committed: () => {}, publish: () => {}, resumed: () => {}, tell: () => {} };
  /** What a countdown step that fails unexpectedly does (step-recovery.ts). */
  private readonly recovery: StepRecovery;
  /** Tables that cannot be shown for now (see `pause`): no countdown runs, no press is taken. */
  private readonly pauses = new TablePauses({
    runtimes: this.held,
    countdowns: () => this.timers.countdowns,
    steps: () => this.steps,
  });

  constructor(options: TablesOptions) {
    const clock = options.clock ?? systemClock;
    super(options.db, clock);
    this.log = options.log;
    this.dbWaits = new DbWaits((tableId) => this.listener.tell(tableId, DB_WAITING));
    const dbRetry = { ...DB_RETRY, ...options.dbRetry };
    this.writer = retryingStepWriter(options.writer ?? directStepWriter(options.db), {
      waits: this.dbWaits,
      clock,
      log: this.log,
      options: dbRetry,
    });
    this.recovery = new StepRecovery({
      reload: (tableId) => this.load(tableId),
      takeUp: (record) => {
        this.held.track(gameRecord(record));
        this.timers.countdowns.set(String(record.id), record.deadline);
      },
      pause: (tableId) => this.pause(tableId),
      tell: (tableId, key) => this.listener.tell(tableId, key),
    });
    this.timers = new TableTimers({
      db: this.db,
      runtimes: this.held,
      clock,
      log: this.log,
      steps: () => this.steps,
      recovery: this.recovery,
      isPaused: (tableId) => this.pauses.isPaused(tableId),
      publish: (result) => this.publish(result),
      dbWaits: this.dbWaits,
      dbRetry,
      restartCountdown: (tableId, version, why) => this.pauses.restartCountdown(tableId, version, why),
      quietDealsToStop: options.quietDealsToStop ?? QUIET_DEALS_TO_STOP,
      stepFault: options.stepFault ?? stepFaultFromEnv(),
    });
    this.steps = new TableSteps({
      db: this.db,
      writer: this.writer,
      runtimes: this.held,
      scheduler: this.timers.countdowns,
      clock,
      // Every committed step may ask a computer player something: its move is planned then.
      committed: (step) => {
        this.nets.heard(step);
        this.timers.computers.plan(step.record);
      },
      ...(options.nextDealPauseMs !== undefined ? { pauseMs: options.nextDealPauseMs } : {}),
    });
    this.opener = new GameOpener({
      db: this.db,
      writer: this.writer,
      runtimes: this.held,
      steps: this.steps,
      newRngState: options.newRngState ?? randomRngState,
      newServerSeed: options.newServerSeed === undefined ? randomServerSeed : options.newServerSeed,
    });
  }

  /** Who shows the tables to the players (one listener). */
  listen(listener: StepListener): void {
    this.listener = listener;
  }

  private markReady: () => void = () => {};
  /** Resolves once open tables are reloaded: players' actions wait for it. */
  readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  /**
   * After a restart: reload every open table this process serves and resume (or
   * resolve) its countdown. `serves` says which places are this process's (its shards).
   */
  async resumeAll(serves: (guildId: string, channelId: string) => boolean = () => true): Promise<number> {
    try {
      const open = (await listOpenTables(this.db)).filter((r) => serves(r.guildId, r.channelId)).map(gameRecord);
      // Their languages first: a resumed table may speak at once.
      await ensureLanguages(...open.map((r) => asTableNotes(r.messages).locale));
      for (const record of open) {
        this.held.track(record);
        this.timers.countdowns.set(String(record.id), record.deadline);
        this.timers.computers.plan(record);
        this.listener.resumed(record.id);
      }
      return open.length;
    } finally {
      this.markReady();
    }
  }

  /**
   * After a restart where the tables' messages did not survive it (the playground's
   * local Discord keeps none): every open game this process serves ends at once, its
   * pot and reserve kept with the channel, and the listener hears that step as any
   * game's end (the final standings, with why it ended).
   */
  async endAll(serves: (guildId: string, channelId: string) => boolean = () => true): Promise<number> {
    try {
      const open = (await listOpenTables(this.db)).filter((r) => serves(r.guildId, r.channelId)).map(gameRecord);
      await ensureLanguages(...open.map((r) => asTableNotes(r.messages).locale));
      for (const record of open) {
        this.held.track(record);
        const key = `restart:${record.id}:${record.version}`;
        this.publish(await this.steps.run(record.id, key, endedByRestart, 'clock'));
      }
      return open.length;
    } finally {
      this.markReady();
    }
  }

  /** Stops the countdowns and waits for the steps under way to commit (shutdown and tests). */
  async close(): Promise<void> {
    this.timers.stop();
    this.writer.stopWaiting();
    await this.steps.queues.idle();
  }

  /** Resolves once no step is queued or running. */
  idle(): Promise<void> {
    return this.steps.queues.idle();
  }

  /** Steps queued or running, all tables together: how busy the database is. */
  get inFlight(): number {
    return this.steps.inFlight;
  }

  /**
   * Saves the table's notes as this process holds them (see table-notes.ts), only while
   * the table is still at the version this process last committed or loaded: a stale
   * owner never overwrites a newer one's. If it cannot, the next step commits them.
   */
  private saveNotes(tableId: number): Promise<void> {
    return this.atVersion(tableId, async (version) => {
      const rt = this.held.get(tableId);
      if (!rt || version === null) return;
      let saved: boolean;
      try {
        saved = await this.writer.saveTableNotes(tableId, rt.notes, version);
      } catch (err) {
        if (this.dbWaits.count(err) === 'permanent') throw err;
        // The notes ride the table's next step too (steps.ts commits the notes this process holds).
        this.log.warn({ err, tableId }, "cannot save the table's notes now: the next step will");
        return;
      }
      if (!saved) this.log.debug({ tableId, version }, 'table moved on: notes not saved');
    });
  }

  /**
   * Runs `write` in the table's queue with the version this process holds of the table
   * (null: none loaded): what a surface keeps beside the table (the chat's message ids)
   * is written only while the table is still at it, so a step of this process still
   * being committed is not mistaken for another's, and a stale owner never overwrites a
   * newer one's.
   */
  atVersion<T>(tableId: number, write: (version: number | null) => Promise<T>): Promise<T> {
    return this.steps.queues.run(tableId, () => write(this.held.get(tableId)?.record.version ?? null));
  }

  /**
   * The language the table's public messages are written in, changed (the Rules form):
   * not a rule of the game, so no step; kept with the table's notes.
   */
  async setLanguage(tableId: number, locale: string): Promise<void> {
    await ensureLanguages(locale);
    const rt = this.held.get(tableId);
    if (!rt) return;
    rt.notes.locale = locale;
    await this.saveNotes(tableId);
  }

  /**
   * The listener as `CommitAndPublish` tells it (commit-and-publish.ts): whichever one
   * `listen` set, however late, so the one way through can be built before the surfaces
   * that listen.
   */
  readonly heard: Pick<StepListener, 'committed' | 'publish'> = {
    committed: (step) => this.listener.committed(step),
    publish: (step) => this.listener.publish(step),
  };

  /**
   * Tells the listener about a step this layer took by itself (timers.ts, a restart's
   * end of every game): committed, then publish. Outside the table's queue; null
   * (nothing changed) tells nothing. Steps a surface or a command asked for go through
   * `CommitAndPublish` (commit-and-publish.ts).
   */
  private publish(result: StepResult | null): void {
    if (!result) return;
    this.listener.committed(result);
    this.listener.publish(result);
  }

  // ---- opening and stopping ----

  /** The checks `/guts start` can answer at once, before anything is written. */
  checkOpen(place: Place, variantId: string, options: Record<string, unknown>): void {
    this.opener.check(place, variantId, options);
  }

  /** Opens a game in the channel with `host` seated (see `GameOpener.open`). */
  openGame(opening: GameOpening): Promise<{ runtime: TableRuntime; result: StepResult }> {
    return this.opener.open(opening);
  }

  /**
   * The host (or an admin) stops the game: at once between deals, else after this deal.
   * The pot and reserve stay with the channel.
   */
  async stopGame(place: Place, by: { id: string; admin: boolean }, key: string): Promise<StepResult | null> {
    const rt = await this.running(place);
    const state = gameOf(rt.record);
    if (by.id !== state.host && !by.admin) {
      throw new UserFacingError('refusal.stopWho');
    }
    return this.act(rt.record.id, key, { type: 'stop', by: state.host });
  }

  /**
   * The table can no longer be shown (its channel or server is gone, or the bot may not
   * post there): the game stops, at once between deals, else when this deal's countdown
   * ends. The pot and reserve stay with the channel. (Nothing is posted about it: the
   * channel cannot be reached; the Discord side tells the players privately.)
   */
  async abandon(tableId: number): Promise<StepResult | null> {
    const record = this.held.get(tableId)?.record;
    if (!record?.running) return null;
    return this.steps.run(
      tableId,
      `abandon:${tableId}:${record.version}`,
      (fresh) => {
        const state = fresh.state;
        if (!fresh.running || !state || state.stopRequested) return null;
        return apply(state, { type: 'stop', by: state.host });
      },
      'clock',
    );
  }

  /** The table cannot be shown for now: no countdown, no press until `resume` (see pauses.ts). */
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

  // ---- players' actions ----

  /**
   * The table a press on a message points at, if it is still live there: the same
   * channel, a running game, the current deal (`lenient` actions, sitting down and
   * standing up, work from any deal's message).
   */
  async pressTarget(tableId: number, place: Place, dealNo: number, lenient: boolean): Promise<TableRuntime> {
    const record = this.held.get(tableId)?.record ?? (await this.load(tableId));
    if (!record?.state || record.guildId !== place.guildId || record.channelId !== place.channelId) {
      throw new UserFacingError('refusal.tableGone');
    }
    if (!record.running) throw new UserFacingError('refusal.gameOver');
    if (this.dbWaits.waitingFor(tableId)) throw new UserFacingError(DB_WAITING);
    if (this.pauses.isPaused(tableId)) throw new UserFacingError(this.recovery.isStuck(tableId) ? STEP_PAUSED : PAUSED);
    const rt = this.held.get(tableId) ?? (await this.withLanguage(this.held.track(record)));
    if (!lenient && dealNo !== tableDealNo(rt.notes, record.state.dealNo)) {
      throw new UserFacingError('refusal.dealOver');
    }
    return rt;
  }

  /**
   * Applies one action to a running game and commits it under `key` (the interaction id:
   * a double click or a replay is applied once); the engine's RuleError reaches the
   * caller unchanged. `dryRun` is the action already applied to the state `from`:
   * committed states are never changed in place, so while the table still holds that
   * very state the result stands. `member`'s name is stored for /ledger when they sit down.
   * `discordId` is the id Discord made for the press, for a fair game's client seed (an
   * Activity's press: its instance's launch id); unsaid, the key when it is one (an interaction's id).
   */
  act(
    tableId: number,
    key: string,
    action: Action,
    member?: Member,
    dryRun?: DryRun,
    discordId?: string,
  ): Promise<StepResult | null> {
    return this.steps.run(tableId, key, (record) => {
      const state = record.state;
      if (!record.running || !state) throw new UserFacingError('refusal.gameOver');
      // A lobby press's id goes into a fair game's client seed (docs/FAIRNESS.md).
      const pressed = withPress(action, discordId ?? key);
      const applied = dryRun?.from === state && pressed === action ? dryRun.applied : apply(state, pressed);
      checkClientSeed(state, applied.state);
      if (action.type === 'join' && member) return { ...applied, displayNames: { [member.id]: member.name } };
      // A computer player's name is its own ("🤖 Ada (balanced)"): /ledger shows it as such.
      if (action.type === 'addComputer') {
        const joined = applied.events.flatMap((e) => (e.type === 'PlayerJoined' ? [[e.playerId, e.name]] : []));
        return { ...applied, displayNames: Object.fromEntries(joined) };
      }
      return applied;
    });
  }
}
