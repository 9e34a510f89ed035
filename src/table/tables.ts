import type { Kysely } from 'kysely';
import type { RngState } from '../cards/rng.ts';
import { randomRngState } from '../cards/seed.ts';
import type { Database } from '../db/index.ts';
import { findTable, listOpenTables, loadTable, type TableRecord } from '../db/table-store.ts';
import {
  type Action,
  type Applied,
  apply,
  awaiting,
  computerMove,
  createGame,
  type GameState,
} from '../engine/index.ts';
import { ensureLanguages } from '../i18n/index.ts';
import { channelPotReserve } from '../ledger/index.ts';
import type { Logger } from '../log.ts';
import { getVariant, parseOptions } from '../rules/index.ts';
import { CarriedPotMovedError } from './commit.ts';
import { ComputerTimers, computerToMove } from './computers.ts';
import { type RetryingWriter, retryingStepWriter } from './db-retry.ts';
import { DB_RETRY, type DbRetryOptions, DbWaits, retryDelay } from './db-waits.ts';
import { UserFacingError } from './errors.ts';
import { asTableMessages, NO_MESSAGES, tableDealNo } from './messages.ts';
import { QUIET_DEALS_TO_STOP } from './quiet.ts';
import { Runtimes, type TableRuntime } from './runtimes.ts';
import { type Clock, DeadlineScheduler, systemClock } from './scheduler.ts';
import { type Standings, standings } from './standings.ts';
import { DB_WAITING, STEP_PAUSED, type StepFault, StepRecovery, stepFaultFromEnv } from './step-recovery.ts';
import { directStepWriter, type StepWriter } from './step-writer.ts';
import { type GameOpened, type StepListener, type StepResult, TableSteps } from './steps.ts';

/** A player as the table knows them: their id and the name shown at the table and in /ledger. */
export interface Member {
  id: string;
  name: string;
}

/** How a table looks to the channel: its deck's colours and the language of its public messages. */
export interface TableLook {
  fourColour: boolean;
  /** A Discord locale: the server's, or in direct messages the host's (English when unsaid). */
  locale?: string;
}

/** Where a game is played: one table per server channel (or thread). */
export interface Place {
  guildId: string;
  channelId: string;
}

export interface TablesOptions {
  db: Kysely<Database>;
  /** Where steps are committed; directly through `db` unless given (see step-writer.ts). */
  writer?: StepWriter;
  log: Logger;
  clock?: Clock;
  nextDealPauseMs?: number;
  /** Where each new game's shuffling starts; the OS's cryptographic source unless a test fixes it. */
  newRngState?: () => RngState;
  /** Deals in a row with no press at all before the game stops by itself (see quiet.ts). */
  quietDealsToStop?: number;
  /** A fault injected into every countdown step before it decides (tests; else GUTS_STEP_FAULTS, see step-recovery.ts). */
  stepFault?: StepFault;
  /** How steps wait for a database that fails transiently (db-waits.ts; tests shorten it). */
  dbRetry?: Partial<DbRetryOptions>;
}

/** Why a game stopped by itself, for the players. */
export const ABANDONED = 'refusal.abandoned';

/** The answer to a press on a paused table. */
export const PAUSED = 'refusal.paused';

/** A dry run of an action on the state this process last saw (see `act`). */
export interface DryRun {
  from: GameState;
  applied: Applied;
}

/**
 * The tables of this process: opening games, applying players' actions, countdowns,
 * resuming after a restart. Every change is one committed step (steps.ts); the
 * listener (the Discord publisher) is told of each. Nothing here knows Discord.
 */
export class Tables {
  readonly runtimes = new Runtimes();
  private readonly steps: TableSteps;
  private readonly scheduler: DeadlineScheduler;
  /** When computer players move (computers.ts). */
  private readonly computers: ComputerTimers;
  private readonly db: Kysely<Database>;
  private readonly writer: RetryingWriter;
  /** Tables waiting for the database, and its errors (db-waits.ts). */
  readonly dbWaits: DbWaits;
  private readonly dbRetry: DbRetryOptions;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly newRngState: () => RngState;
  private readonly quietDealsToStop: number;
  private listener: StepListener = { committed: () => {}, publish: () => {}, resumed: () => {}, tell: () => {} };
  private readonly stepFault: StepFault | undefined;
  /** What a countdown step that fails unexpectedly does (step-recovery.ts). */
  private readonly recovery: StepRecovery;
  /** Tables that cannot be shown for now (see `pause`): no countdown runs, no press is taken. */
  private readonly paused = new Set<number>();

  constructor(options: TablesOptions) {
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
    this.log = options.log;
    this.dbWaits = new DbWaits((tableId) => this.listener.tell(tableId, DB_WAITING));
    this.dbRetry = { ...DB_RETRY, ...options.dbRetry };
    this.writer = retryingStepWriter(options.writer ?? directStepWriter(options.db), {
      waits: this.dbWaits,
      clock: this.clock,
      log: this.log,
      options: this.dbRetry,
    });
    this.newRngState = options.newRngState ?? randomRngState;
    this.quietDealsToStop = options.quietDealsToStop ?? QUIET_DEALS_TO_STOP;
    this.stepFault = options.stepFault ?? stepFaultFromEnv();
    this.recovery = new StepRecovery({
      reload: (tableId) => loadTable(this.db, tableId),
      carryOn: (record) => {
        this.runtimes.track(record);
        this.scheduler.set(String(record.id), record.deadline);
      },
      pause: (tableId) => this.pause(tableId),
      tell: (tableId, key) => this.listener.tell(tableId, key),
    });
    this.scheduler = new DeadlineScheduler((key) => void this.onDeadline(Number(key)), this.clock);
    this.computers = new ComputerTimers((tableId) => void this.onComputerMove(tableId), this.clock);
    // Every committed step may ask a computer player something: its move is planned then.
    const withComputers: StepListener = {
      committed: (step) => {
        this.computers.plan(step.record);
        this.listener.committed(step);
      },
      publish: (step) => this.listener.publish(step),
      resumed: (tableId) => this.listener.resumed(tableId),
      tell: (tableId, key) => this.listener.tell(tableId, key),
    };
    this.steps = new TableSteps({
      db: this.db,
      writer: this.writer,
      runtimes: this.runtimes,
      scheduler: this.scheduler,
      clock: this.clock,
      listener: () => withComputers,
      ...(options.nextDealPauseMs !== undefined ? { pauseMs: options.nextDealPauseMs } : {}),
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
      const open = (await listOpenTables(this.db)).filter((r) => serves(r.guildId, r.channelId));
      // Their languages first: a resumed table may speak at once.
      await ensureLanguages(...open.map((r) => asTableMessages(r.messages).locale));
      for (const record of open) {
        const state = record.state as GameState | null;
        this.runtimes.track(record, { restarted: state?.phase === 'deal' });
        this.scheduler.set(String(record.id), record.deadline);
        this.computers.plan(record);
        this.listener.resumed(record.id);
      }
      return open.length;
    } finally {
      this.markReady();
    }
  }

  /** Stops the countdowns and waits for the steps under way to commit (shutdown and tests). */
  async close(): Promise<void> {
    this.scheduler.stop();
    this.computers.stop();
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
   * Records where the table's messages are (learnt after the step that made them), only
   * while the table is still at the version this process last committed or loaded: a
   * stale owner never overwrites a newer one's messages. In the table's queue, so a step
   * of this process still being committed is not mistaken for another's.
   */
  saveMessages(tableId: number): Promise<void> {
    return this.steps.queues.run(tableId, async () => {
      const rt = this.runtimes.get(tableId);
      if (!rt) return;
      let saved: boolean;
      try {
        saved = await this.writer.saveTableMessages(tableId, rt.messages, rt.record.version);
      } catch (err) {
        if (this.dbWaits.count(err) === 'permanent') throw err;
        // The ids ride the table's next step too (steps.ts commits the messages this process holds).
        this.log.warn({ err, tableId }, 'cannot save where the table messages are now: the next step will');
        return;
      }
      if (!saved) this.log.debug({ tableId, version: rt.record.version }, 'table moved on: messages not saved');
    });
  }

  /** Tells the listener about a committed step; null (nothing changed) tells nothing. */
  publish(result: StepResult | null): void {
    if (result) this.listener.publish(result);
  }

  /** `publish` for a step still being committed, once it is (a refused or failed step tells nothing). */
  publishWhenCommitted(work: Promise<StepResult | null>): void {
    void work.then(
      (result) => this.publish(result),
      () => {},
    );
  }

  // ---- opening and stopping ----

  /** The checks `/guts start` can answer at once, before anything is written. */
  checkOpen(place: Place, variantId: string, options: Record<string, unknown>): void {
    const variant = getVariant(variantId);
    if (!variant.available) throw new UserFacingError('refusal.notReady', { variant: variant.id });
    parseOptions(variantId, options); // a bad option is refused at once
    const known = this.runtimes.runningIn(place.channelId);
    if (known) throw runningError(known.record.state as GameState);
  }

  /**
   * Opens a game in the channel with `host` seated. One game per channel: a running
   * one is refused. The new game plays for the channel's pot and reserve, and numbers
   * its deals on from the table's last one (see `TableMessages.dealBase`).
   */
  async openGame(
    place: Place,
    host: Member,
    variantId: string,
    options: Record<string, unknown>,
    look: TableLook,
    key: string,
  ): Promise<{ runtime: TableRuntime; result: StepResult }> {
    await ensureLanguages(look.locale); // the lobby speaks it as soon as the game is open
    this.checkOpen(place, variantId, options);
    const table = await this.writer.createOrLoadTable(place.guildId, place.channelId);
    // No await between this check and taking the table's runtime: a second /guts start
    // racing this one sees the first's game here, or fails its commit on the version.
    const live = this.runtimes.get(table.id)?.record;
    if (table.running || live?.running) throw runningError((live ?? table).state as GameState);
    this.runtimes.track(table, {
      messages: {
        ...NO_MESSAGES,
        dealBase: table.dealNo,
        fourColour: look.fourColour,
        locale: look.locale ?? NO_MESSAGES.locale,
      },
    });
    const carried = await channelPotReserve(this.db, place.guildId, place.channelId);
    const fresh = createGame({
      variant: variantId,
      options,
      ...carried,
      rng: this.newRngState(),
      host: host.id,
      hostName: host.name,
    });
    const result = await this.steps
      .run(table.id, key, (record) => {
        if (record.running) throw runningError(record.state as GameState);
        const opened: GameOpened = {
          type: 'GameOpened',
          variant: fresh.variant,
          options: fresh.options,
          firstDeal: table.dealNo + 1,
        };
        return {
          state: fresh,
          events: [],
          records: [opened],
          carried: { pot: fresh.pot, reserve: fresh.reserve },
          displayNames: { [host.id]: host.name },
        };
      })
      .catch((err: unknown) => {
        if (!(err instanceof CarriedPotMovedError)) throw err;
        throw new UserFacingError('refusal.ledgerChanged');
      });
    if (!result) throw new UserFacingError('refusal.alreadyDone');
    return { runtime: this.runtimes.track(result.record), result };
  }

  /** The running game in a channel, or a refusal saying none runs. */
  async running(place: Place): Promise<TableRuntime> {
    const known = this.runtimes.runningIn(place.channelId);
    if (known) return known;
    const table = await findTable(this.db, place.guildId, place.channelId);
    if (!table?.running || !table.state) {
      throw new UserFacingError('refusal.noGame');
    }
    return this.speaking(this.runtimes.track(table));
  }

  /** A table just loaded, once its language is too: what happens at it next may speak at once. */
  private async speaking(rt: TableRuntime): Promise<TableRuntime> {
    await ensureLanguages(rt.messages.locale);
    return rt;
  }

  /**
   * The host (or an admin) stops the game: at once between deals, else after this deal.
   * The pot and reserve stay with the channel.
   */
  async stopGame(place: Place, by: { id: string; admin: boolean }, key: string): Promise<StepResult | null> {
    const rt = await this.running(place);
    const state = rt.record.state as GameState;
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
    const record = this.runtimes.get(tableId)?.record;
    if (!record?.running) return null;
    return this.steps.run(
      tableId,
      `abandon:${tableId}:${record.version}`,
      (fresh) => {
        const state = fresh.state as GameState | null;
        if (!fresh.running || !state || state.stopRequested) return null;
        return apply(state, { type: 'stop', by: state.host });
      },
      'clock',
    );
  }

  /**
   * The table cannot be shown for now (the bot lost a permission there, or Discord keeps
   * failing): its countdown stops and presses are refused until `resume`, so nobody is
   * dropped or charged while nobody can see the table. Kept in memory: after a restart
   * the countdown runs again, and the first failed post pauses it again.
   */
  pause(tableId: number): void {
    if (!this.runtimes.get(tableId)?.record.running) return;
    this.paused.add(tableId);
    this.scheduler.set(String(tableId), null);
  }

  isPaused(tableId: number): boolean {
    return this.paused.has(tableId);
  }

  /** Takes a paused table up again with its countdown started afresh (committed, as any change of countdown). */
  async resume(tableId: number): Promise<StepResult | null> {
    if (!this.paused.delete(tableId)) return null;
    const record = this.runtimes.get(tableId)?.record;
    if (!record?.running) return null;
    return this.restartCountdown(tableId, record.version, 'resume');
  }

  /** Commits the table as it is with its countdown started afresh (keyed `why:table:version`). */
  private restartCountdown(tableId: number, version: number, why: string): Promise<StepResult | null> {
    return this.steps.run(
      tableId,
      `${why}:${tableId}:${version}`,
      (fresh) => {
        const state = fresh.state as GameState | null;
        return fresh.running && state ? { state, events: [], restartCountdown: true } : null;
      },
      'clock',
    );
  }

  /** The running tables of a server this process drives (it left or lost the server). */
  runningInGuild(guildId: string): TableRuntime[] {
    return [...this.runtimes.values()].filter((rt) => rt.record.guildId === guildId && rt.record.running);
  }

  // ---- players' actions ----

  /**
   * The table a press on a message points at, if it is still live there: the same
   * channel, a running game, the current deal (`lenient` actions, sitting down and
   * standing up, work from any deal's message).
   */
  async pressTarget(tableId: number, place: Place, dealNo: number, lenient: boolean): Promise<TableRuntime> {
    const record = this.runtimes.get(tableId)?.record ?? (await loadTable(this.db, tableId));
    if (!record?.state || record.guildId !== place.guildId || record.channelId !== place.channelId) {
      throw new UserFacingError('refusal.tableGone');
    }
    if (!record.running) throw new UserFacingError('refusal.gameOver');
    if (this.dbWaits.waitingFor(tableId)) throw new UserFacingError(DB_WAITING);
    if (this.paused.has(tableId)) throw new UserFacingError(this.recovery.isStuck(tableId) ? STEP_PAUSED : PAUSED);
    const rt = this.runtimes.get(tableId) ?? (await this.speaking(this.runtimes.track(record)));
    if (!lenient && dealNo !== tableDealNo(rt.messages, (record.state as GameState).dealNo)) {
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
   */
  act(tableId: number, key: string, action: Action, member?: Member, dryRun?: DryRun): Promise<StepResult | null> {
    return this.steps.run(tableId, key, (record) => {
      const state = record.state as GameState | null;
      if (!record.running || !state) throw new UserFacingError('refusal.gameOver');
      const applied = dryRun?.from === state ? dryRun.applied : apply(state, action);
      if (action.type === 'join' && member) return { ...applied, displayNames: { [member.id]: member.name } };
      // A computer player's name is its own ("🤖 Ada (balanced)"): /ledger shows it as such.
      if (action.type === 'addComputer') {
        const joined = applied.events.flatMap((e) => (e.type === 'PlayerJoined' ? [[e.playerId, e.name]] : []));
        return { ...applied, displayNames: Object.fromEntries(joined) };
      }
      return applied;
    });
  }

  /** Net chips per player over the current game (for its final standings). */
  standings(tableId: number, state: GameState): Promise<Standings> {
    return standings(this.db, tableId, state, this.runtimes.get(tableId)?.messages.dealBase ?? 0);
  }

  // ---- countdowns ----

  /** A countdown ended: undecided players drop, or the next deal starts. */
  private async onDeadline(tableId: number): Promise<void> {
    if (this.paused.has(tableId)) return;
    const waitedFor = this.dbWaits.waitingFor(tableId);
    // A step of the table waits to be saved: it sets the countdown when it is.
    if (waitedFor === 'write') return;
    let version: number | null = null;
    try {
      const record = await loadTable(this.db, tableId);
      if (waitedFor === 'read') {
        // Back after the database was away: nobody could act meanwhile, so the countdown starts afresh.
        this.dbWaits.ended(tableId);
        if (record?.running) this.publish(await this.restartCountdown(tableId, record.version, 'dbback'));
        return;
      }
      if (!record?.running || record.deadline === null) return;
      if (record.deadline > this.clock.now()) {
        this.scheduler.set(String(tableId), record.deadline);
        return;
      }
      version = record.version;
      const key = `deadline:${tableId}:${record.version}`;
      const result = await this.steps.run(
        tableId,
        key,
        (fresh) => {
          this.stepFault?.(tableId, fresh.version);
          const state = fresh.state as GameState | null;
          // A press may have ended the round (and set a new countdown) while this waited.
          if (!fresh.running || !state || fresh.deadline === null || fresh.deadline > this.clock.now()) return null;
          const quietDeals = this.runtimes.get(tableId)?.messages.quietDeals ?? 0;
          if (awaiting(state).kind === 'between-deals' && quietDeals >= this.quietDealsToStop) {
            // Nobody has pressed anything for a while: stop rather than charge antes for ever.
            return { ...apply(state, { type: 'stop', by: state.host }), note: ABANDONED };
          }
          // Undecided players drop, or between deals the next deal starts (the engine's rule).
          return apply(state, { type: 'timeout' });
        },
        'clock',
      );
      this.recovery.succeeded(tableId);
      this.publish(result);
    } catch (err) {
      if (version === null && this.dbWaits.count(err) === 'transient') {
        // The table could not be read (the database is away): read it again a little later.
        const attempts = this.dbWaits.failed(tableId, 'read');
        if (attempts === 1) this.log.warn({ err, tableId }, 'cannot read the table for its countdown: it waits');
        this.scheduler.set(String(tableId), this.clock.now() + retryDelay(this.dbRetry, attempts - 1));
        return;
      }
      this.log.error({ err, tableId }, 'countdown step failed');
      // Reading the table failed: nothing to recover from yet (the next countdown retries).
      if (version !== null)
        await this.recovery.failed(tableId, version).catch((e: unknown) => {
          this.log.error({ err: e, tableId }, 'could not recover the table');
        });
    }
  }

  /** A computer player's pause is over: it makes its move, decided from what its seat sees. */
  private async onComputerMove(tableId: number): Promise<void> {
    if (this.paused.has(tableId)) return;
    try {
      const version = this.runtimes.get(tableId)?.record.version ?? 0;
      const result = await this.steps.run(
        tableId,
        `computer:${tableId}:${version}`,
        (fresh) => {
          const state = fresh.state as GameState | null;
          const mover = fresh.running ? computerToMove(state) : null;
          const move = state && mover ? computerMove(state, mover.id, mover.level) : null;
          return state && move ? apply(state, move) : null;
        },
        // Not a press: a table where only computer players act is still a quiet one.
        'clock',
      );
      this.publish(result);
    } catch (err) {
      this.log.error({ err, tableId }, 'computer move failed');
    }
  }
}

function runningError(state: GameState | null): UserFacingError {
  return new UserFacingError('refusal.running', { variant: state?.variant ?? 'guts' });
}

export type { TableRecord };
