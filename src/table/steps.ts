import type { Kysely } from 'kysely';
import type { AwardedRow } from '../db/achievements-store.ts';
import type { GameOpened } from '../db/hand-history.ts';
import type { Database } from '../db/index.ts';
import { loadTable, StaleVersionError } from '../db/table-store.ts';
import { awaiting, type GameEvent, type GameState, transfersOf } from '../engine/index.ts';
import type { TextKey } from '../i18n/index.ts';
import { NEXT_DEAL_PAUSE_MS, nextDeadline } from './deadline.ts';
import { dealResultsOf } from './deal-results-of-events.ts';
import { type GameRecord, gameRecord } from './game-record.ts';
import { countQuiet } from './quiet.ts';
import type { Runtimes } from './runtimes.ts';
import type { Clock, DeadlineScheduler } from './scheduler.ts';
import { SerialQueues } from './serial.ts';
import type { StepWriter } from './step-writer.ts';
import { asTableNotes, NO_NOTES, type TableNotes, tableDealNo } from './table-notes.ts';

/**
 * One game step against the database: load the table, let the engine decide, commit
 * state, events, deadline and journal entry in one transaction (docs/ARCHITECTURE.md: The path of one button press).
 * Steps on one table run one at a time in this process; a stale version (another
 * process got there first) reloads and decides again.
 */

export interface Decided {
  state: GameState;
  events: GameEvent[];
  displayNames?: Record<string, string>;
  /** A new game's carried pot and reserve, checked against the ledger in the commit (TableStep.carried). */
  carried?: { pot: number; reserve: number };
  /** Kept in the hand history before the events, for exports (see `GameOpened`). */
  records?: GameOpened[];
  /** Why the table did this by itself, for the players (a game stopped as abandoned). */
  note?: TextKey;
  /** The running countdown starts again in full (a paused table resuming). */
  restartCountdown?: boolean;
}

export interface StepResult {
  before: GameState | null;
  after: GameState;
  events: GameEvent[];
  record: GameRecord;
  /**
   * The table's notes as this step left them: a game that ended still edits its own
   * messages after a new game has opened at the table and taken the runtime's notes.
   */
  notes: TableNotes;
  note?: TextKey;
  /** Pressed on the Activity's page: no interaction came with it, so no token for the chat to answer on. */
  pressedInActivity?: boolean;
  /** How long its transaction took to commit (operators' metrics). */
  commitMs?: number;
  /** A settled deal's newly awarded achievements, as its commit wrote them (unset: not known here, read them). */
  earned?: readonly AwardedRow[];
}

/**
 * What the table layer tells whoever shows the tables (the chat's publisher, the
 * Activity's hub), never from inside a table's queue: a step a surface or a command
 * asked for is told by `CommitAndPublish` (committed, then published once the asker is
 * answered); the steps the table takes by itself (countdowns, computer moves) are told
 * by `Tables` once committed.
 */
export interface StepListener {
  /**
   * A step committed: told as soon as the call that ran it resolves, before the
   * presser's answer. Must not wait for anything.
   */
  committed(step: StepResult): void;
  /** Tell the players about a committed step (after the presser's own answer, if any). */
  publish(step: StepResult): void;
  /** A table was loaded after a restart: bring its messages up to date. */
  resumed(tableId: number): void;
  /** Tell the table's players the catalogue's `key` (a step failed: see step-recovery.ts). */
  tell(tableId: number, key: string): void;
}

export interface TableStepsDeps {
  db: Kysely<Database>;
  writer: StepWriter;
  runtimes: Runtimes;
  scheduler: DeadlineScheduler;
  clock: Clock;
  /** The table layer's own follow-up of a commit, in the queue (planning a computer move): never Discord's. */
  committed: (step: StepResult) => void;
  pauseMs?: number;
}

/**
 * The commit loop. Steps on one table run one at a time in this process, each from the
 * table's latest record; each commit updates the table's runtime and countdown, still
 * inside the table's queue, so the next step starts from it.
 */
export class TableSteps {
  readonly queues = new SerialQueues<number>();
  private running = 0;

  /** Steps queued or running in this process, all tables together: how busy the database is. */
  get inFlight(): number {
    return this.running;
  }

  constructor(private readonly deps: TableStepsDeps) {}

  /**
   * Replaces what this process holds of a table (record, notes, countdown) with what
   * is committed, if it moved on; says whether it had.
   */
  private async reload(tableId: number): Promise<boolean> {
    const { db, runtimes, scheduler } = this.deps;
    const loaded = await loadTable(db, tableId);
    const fresh = loaded && gameRecord(loaded);
    const rt = runtimes.get(tableId);
    // Still at the version this process holds: nothing is stale (and notes learnt since, not saved yet, stay).
    if (!fresh || !rt || fresh.version === rt.record.version) return false;
    rt.record = fresh;
    Object.assign(rt.notes, asTableNotes(fresh.messages));
    scheduler.set(String(tableId), fresh.running ? fresh.deadline : null);
    return true;
  }

  /**
   * Applies a decision to the table and commits it under `key`. `decide` gets the
   * current record and returns the new state and events, or null to change nothing;
   * a RuleError it throws reaches the caller with nothing written. Returns null when
   * nothing changed: `decide` said so, or `key` was committed before (a retry).
   * `by`: a player's action, or the clock's (a countdown), for the quiet-deal count.
   */
  run(
    tableId: number,
    key: string,
    decide: (record: GameRecord) => Decided | null,
    by: 'player' | 'clock' = 'player',
  ): Promise<StepResult | null> {
    this.running++;
    return this.queues
      .run(tableId, async () => {
        for (let attempt = 1; ; attempt++) {
          const { db, writer, runtimes, clock } = this.deps;
          const cached = attempt === 1 ? runtimes.get(tableId)?.record : undefined;
          // What this process holds was checked when loaded, and its own steps built it since:
          // only a record read from the database is checked (the check was 1.5 ms a deal).
          const loaded = cached ?? (await loadTable(db, tableId));
          const record = loaded === cached ? cached : loaded && gameRecord(loaded);
          if (!record) return null;
          let decided: Decided | null;
          try {
            decided = decide(record);
          } catch (err) {
            // A refusal decided on what this process holds: if another process has moved
            // the table on since, that was stale. Reload and decide again from the table as committed.
            if (cached && (await this.reload(tableId))) continue;
            throw err;
          }
          if (!decided) return null;
          const before = record.state;
          const running = awaiting(decided.state).kind !== 'over';
          let deadline = nextDeadline(
            decided.restartCountdown ? null : before,
            decided.state,
            decided.restartCountdown ? null : record.deadline,
            clock.now(),
            this.deps.pauseMs ?? NEXT_DEAL_PAUSE_MS,
          );
          const current = runtimes.get(tableId)?.notes ?? NO_NOTES;
          const quiet = countQuiet(current, decided.events, by === 'player');
          const notes = { ...current, ...quiet };
          const dealNo = tableDealNo(notes, decided.state.dealNo);
          const results = dealResultsOf(decided.events);
          try {
            const commitStarted = performance.now();
            const result = await writer.commitStep({
              tableId,
              expectedVersion: record.version,
              key,
              state: decided.state,
              running,
              deadline,
              messages: notes,
              dealNo,
              events: [...(decided.records ?? []), ...decided.events],
              transfers: transfersOf(decided.events),
              ...(decided.displayNames ? { displayNames: decided.displayNames } : {}),
              ...(decided.carried ? { carried: decided.carried } : {}),
              ...(results.length ? { dealResults: { variant: decided.state.variant, results } } : {}),
              at: clock.now(),
            });
            if (!result.applied) {
              // The key was committed before: by this process (a retry), or by another one that
              // holds the table too. Take up the table as committed rather than go on from a stale record.
              await this.reload(tableId);
              return null;
            }
            if (result.deadline !== undefined) deadline = result.deadline;
            // The notes as committed, not the row's as this record was loaded: at a table's
            // second game those are the game before's (its deal numbering, its look).
            const committed: GameRecord = {
              ...record,
              version: result.version,
              running,
              state: decided.state,
              deadline,
              messages: notes,
              dealNo,
            };
            const rt = runtimes.track(committed);
            Object.assign(rt.notes, quiet);
            const step: StepResult = {
              before,
              after: decided.state,
              events: decided.events,
              record: committed,
              notes: { ...rt.notes },
              ...(decided.note ? { note: decided.note } : {}),
              commitMs: performance.now() - commitStarted,
              ...(result.earned ? { earned: result.earned } : {}),
            };
            this.deps.scheduler.set(String(tableId), deadline);
            this.deps.committed(step);
            return step;
          } catch (err) {
            if (!(err instanceof StaleVersionError)) throw err;
            // Another process committed this table meanwhile (two processes believed they
            // owned it: an old deploy, a moved shard). What this process held is stale: drop
            // it for the table as committed, then decide again from there (or give up).
            await this.reload(tableId);
            if (attempt < 3) continue;
            throw err;
          }
        }
      })
      .finally(() => {
        this.running--;
      });
  }
}
