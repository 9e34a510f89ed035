import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import type { StepWriter } from '../db/step-writer.ts';
import { loadTable, StaleVersionError, type TableRecord } from '../db/table-store.ts';
import { awaiting, type GameEvent, type GameState, transfersOf } from '../engine/index.ts';
import { type TableMessages, tableDealNo } from './message-ids.ts';
import { SerialQueues } from './serial.ts';

/**
 * One game step against the database: load the table, let the engine decide, commit
 * state, events, deadline and journal entry in one transaction (DESIGN.md step 2).
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
}

/**
 * The bot's own line in a table's hand history: a game opened with this variant and
 * these options, its first deal numbered `firstDeal` at the table. `guts export`
 * needs it to turn a deal's events back into a scenario.
 */
export interface GameOpened {
  type: 'GameOpened';
  variant: string;
  options: GameState['options'];
  firstDeal: number;
}

export interface StepResult {
  before: GameState | null;
  after: GameState;
  events: GameEvent[];
  record: TableRecord;
}

/** Pause between a deal's result and the next deal. */
export const NEXT_DEAL_PAUSE_MS = 8_000;

/** What the countdown is for: it restarts only when this changes (a new round, a new turn). */
function phaseKey(state: GameState): string {
  const w = awaiting(state);
  const round = w.kind === 'declare' ? w.round : '';
  const turn = 'turn' in w ? w.turn : '';
  return `${state.dealNo}:${w.kind}:${round}:${turn}`;
}

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

export class TableSteps {
  readonly queues = new SerialQueues<number>();
  private running = 0;

  /** Steps queued or running in this process, all tables together: how busy the database is. */
  get inFlight(): number {
    return this.running;
  }

  constructor(
    private readonly db: Kysely<Database>,
    private readonly writer: StepWriter,
    private readonly now: () => number,
    private readonly messagesOf: (tableId: number) => TableMessages,
    /** The last record this process committed or loaded; a stale one only costs a retry. */
    private readonly cachedRecord: (tableId: number) => TableRecord | undefined,
    /** Told of each commit inside the table's queue, so the next step starts from it. */
    private readonly onCommitted: (result: StepResult) => void,
    private readonly pauseMs = NEXT_DEAL_PAUSE_MS,
  ) {}

  /**
   * Applies a decision to the table and commits it under `key`. `decide` gets the
   * current record and returns the new state and events, or null to change nothing;
   * a RuleError it throws reaches the caller with nothing written. Returns null when
   * nothing changed: `decide` said so, or `key` was committed before (a retry).
   */
  run(tableId: number, key: string, decide: (record: TableRecord) => Decided | null): Promise<StepResult | null> {
    this.running++;
    return this.queues
      .run(tableId, async () => {
        for (let attempt = 1; ; attempt++) {
          const record =
            (attempt === 1 ? this.cachedRecord(tableId) : undefined) ?? (await loadTable(this.db, tableId));
          if (!record) return null;
          const decided = decide(record);
          if (!decided) return null;
          const before = (record.state as GameState | null) ?? null;
          const running = awaiting(decided.state).kind !== 'over';
          const deadline = nextDeadline(before, decided.state, record.deadline, this.now(), this.pauseMs);
          const messages = this.messagesOf(tableId);
          const dealNo = tableDealNo(messages, decided.state.dealNo);
          try {
            const result = await this.writer.commitStep({
              tableId,
              expectedVersion: record.version,
              key,
              state: decided.state,
              running,
              deadline,
              messages,
              dealNo,
              events: [...(decided.records ?? []), ...decided.events],
              transfers: transfersOf(decided.events),
              ...(decided.displayNames ? { displayNames: decided.displayNames } : {}),
              ...(decided.carried ? { carried: decided.carried } : {}),
              at: this.now(),
            });
            if (!result.applied) return null;
            const committed: TableRecord = {
              ...record,
              version: result.version,
              running,
              state: decided.state,
              deadline,
              dealNo,
            };
            const step = { before, after: decided.state, events: decided.events, record: committed };
            this.onCommitted(step);
            return step;
          } catch (err) {
            if (err instanceof StaleVersionError && attempt < 3) continue;
            throw err;
          }
        }
      })
      .finally(() => {
        this.running--;
      });
  }
}
