import type { AwardedRow } from '../db/achievements-store.ts';
import { type DealResult, insertDealResults } from '../db/deal-results-store.ts';
import type { HistoryLine } from '../db/hand-history.ts';
import { insertStepRecord, json, tableAsStepLeftIt, updateTableRow } from '../db/table-store.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import type { GameState } from '../engine/index.ts';
import type { Transfer } from '../engine/transfer.ts';
import { rememberDisplayNames } from '../ledger/accounts.ts';
import { postTransfers } from '../ledger/journal.ts';
import { channelPotReserve } from '../ledger/queries.ts';
import { recordMilestones } from './milestones.ts';
import type { TableNotes } from './table-notes.ts';

/**
 * A new game took over the channel's pot and reserve, and the ledger no longer holds
 * them (a `/ledger reset` landed in between): nothing is written.
 */
export class CarriedPotMovedError extends Error {
  constructor(message = 'the channel’s pot or reserve changed while the game was opening') {
    super(message);
    this.name = 'CarriedPotMovedError';
  }
}

/**
 * One step of a game: everything it changes, committed together or not at all. The
 * table layer's steps hold the engine's state, the hand history's lines and the table's
 * messages (the defaults); the transaction only stores them as JSON, so `commitStep`
 * takes any (the ledger's and the database's own tests commit states of their own).
 */
export interface TableStep<State = GameState, Line = HistoryLine, Messages = TableNotes> {
  tableId: number;
  /** The version the step was computed from (`TableRecord.version`). */
  expectedVersion: number;
  /** Idempotency key: the interaction id, or `table:deal:step` for a timeout. */
  key: string;
  /** The engine's state after the step (must survive JSON), or null for no game. */
  state: State | null;
  running: boolean;
  deadline: number | null;
  messages: Messages;
  /**
   * The deal the events belong to (0 before the first deal). Count deals per table,
   * across games (a new game's first deal is `TableRecord.dealNo + 1`), so a deal
   * number names one deal's history and a stale button from an old game never
   * looks current.
   */
  dealNo: number;
  /** The engine's events for this step, appended to the deal's hand history. */
  events: readonly Line[];
  /** Chip movements of the step, posted as one journal entry keyed by `key`. */
  transfers: readonly Transfer[];
  /**
   * A new game's first step: the channel's pot and reserve its state took over, read
   * before this transaction. Checked inside it, after the table row is written (which
   * a reset waits for, see `reset`), so a game never counts chips the ledger moved away.
   */
  carried?: { pot: number; reserve: number };
  /** Players' latest display names (user id → name), stored for `/ledger`. */
  displayNames?: Readonly<Record<string, string>>;
  /** Each player's part in a deal this step settled (for stats), with the variant played. */
  dealResults?: { variant: string; results: readonly DealResult[] };
  /** Epoch ms; defaults to now. */
  at?: number;
}

export type CommitResult =
  /**
   * `deadline`: the countdown committed, when it is not the step's own (it waited for the
   * database: db-retry.ts). `earned`: the achievements a settled deal newly awarded.
   */
  | { applied: true; version: number; entryId: number | null; deadline?: number | null; earned?: AwardedRow[] }
  /**
   * The key was committed before: nothing changed. `onTop`: that step is still the
   * table's last, as it left the table (what a retry whose first try committed needs).
   */
  | { applied: false; onTop: { version: number; deadline: number | null } | null };

/**
 * Commits one step in one transaction: records the idempotency key (a key seen
 * before returns `{ applied: false }` and changes nothing), checks the optimistic
 * version (stale → `StaleVersionError`, nothing written; an unknown table
 * fails the step's foreign key), writes state, version+1, deadline and message ids,
 * appends the events to the deal's hand history and posts the transfers as one
 * journal entry with the step's key (which links the two).
 */
export async function commitStep<S, L, M>(db: Db, step: TableStep<S, L, M>): Promise<CommitResult> {
  const at = step.at ?? Date.now();
  const state = step.state === null ? null : json(step.state, 'table state');
  const messages = json(step.messages, 'table messages');
  const events = json(step.events, 'step events');
  return inTransaction(db, async (trx) => {
    const version = step.expectedVersion + 1;
    const recorded = await insertStepRecord(trx, {
      tableId: step.tableId,
      key: step.key,
      dealNo: step.dealNo,
      version,
      events,
      at,
    });
    if (recorded === null) return { applied: false, onTop: await tableAsStepLeftIt(trx, step.tableId, step.key) };
    // Throwing (stale version) rolls back the step record written above.
    const table = await updateTableRow(trx, {
      tableId: step.tableId,
      expectedVersion: step.expectedVersion,
      running: step.running,
      state,
      deadline: step.deadline,
      messages,
      dealNo: step.dealNo,
      at,
    });
    if (step.carried) {
      const now = await channelPotReserve(trx, table.guildId, table.channelId);
      if (now.pot !== step.carried.pot || now.reserve !== step.carried.reserve) throw new CarriedPotMovedError();
    }
    if (step.displayNames) await rememberDisplayNames(trx, table.guildId, step.displayNames);
    let earned: { earned?: AwardedRow[] } = {};
    if (step.dealResults) {
      const where = { guildId: table.guildId, tableId: step.tableId, dealNo: step.dealNo, at };
      await insertDealResults(trx, { ...where, variant: step.dealResults.variant }, step.dealResults.results);
      earned = { earned: await recordMilestones(trx, where, step.dealResults, step.events, step.state) };
    }
    if (step.transfers.length === 0) return { applied: true, version, entryId: null, ...earned };
    const posted = await postTransfers(trx, {
      guildId: table.guildId,
      channelId: table.channelId,
      key: step.key,
      transfers: step.transfers,
      at,
    });
    if (!posted.applied) throw new Error(`journal entry "${step.key}" exists without its table step`);
    return { applied: true, version, entryId: posted.entryId, ...earned };
  });
}
