import type { Selectable } from 'kysely';
import type { Transfer } from '../engine/transfer.ts';
import { rememberDisplayNames } from '../ledger/accounts.ts';
import { postTransfers } from '../ledger/journal.ts';
import { channelPotReserve } from '../ledger/queries.ts';
import type { GameTableTable } from './schema.ts';
import { type Db, inTransaction } from './transaction.ts';

/** A game table: one per (guild, channel), holding the engine's state between steps. */
export interface TableRecord {
  id: number;
  guildId: string;
  channelId: string;
  /** Pass back as `expectedVersion` when committing the next step. */
  version: number;
  /** True while a game is running (the bot reloads these on restart). */
  running: boolean;
  /** The engine's state as it was committed (parsed JSON), or null before the first game. */
  state: unknown;
  /** Epoch ms when the current countdown ends, or null. */
  deadline: number | null;
  /** The Discord message ids the bot keeps for the table (parsed JSON). */
  messages: unknown;
  dealNo: number;
  updatedAt: number;
}

/** The table moved on since the writer loaded it: reload, re-apply, retry (or give up). */
export class StaleVersionError extends Error {
  constructor(
    readonly tableId: number,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`table ${tableId} is at version ${actualVersion}, not ${expectedVersion}`);
    this.name = 'StaleVersionError';
  }
}

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

/** One step of a game: everything it changes, committed together or not at all. */
export interface TableStep {
  tableId: number;
  /** The version the step was computed from (`TableRecord.version`). */
  expectedVersion: number;
  /** Idempotency key: the interaction id, or `table:deal:step` for a timeout. */
  key: string;
  /** The engine's state after the step (must survive JSON), or null for no game. */
  state: unknown;
  running: boolean;
  deadline: number | null;
  messages: unknown;
  /**
   * The deal the events belong to (0 before the first deal). Count deals per table,
   * across games (a new game's first deal is `TableRecord.dealNo + 1`), so a deal
   * number names one deal's history and a stale button from an old game never
   * looks current.
   */
  dealNo: number;
  /** The engine's events for this step, appended to the deal's hand history. */
  events: readonly unknown[];
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
  /** Epoch ms; defaults to now. */
  at?: number;
}

export type CommitResult =
  | { applied: true; version: number; entryId: number | null }
  /** The key was committed before: nothing changed. */
  | { applied: false };

function toRecord(row: Selectable<GameTableTable>): TableRecord {
  return {
    id: row.id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    version: row.version,
    running: row.running === 1,
    state: row.state === null ? null : JSON.parse(row.state),
    deadline: row.deadline,
    messages: JSON.parse(row.messages),
    dealNo: row.deal_no,
    updatedAt: row.updated_at,
  };
}

export async function loadTable(db: Db, tableId: number): Promise<TableRecord | null> {
  const row = await db.selectFrom('game_tables').selectAll().where('id', '=', tableId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The channel's table, created (version 0, no game) the first time it is asked for. */
export async function createOrLoadTable(db: Db, guildId: string, channelId: string): Promise<TableRecord> {
  await db
    .insertInto('game_tables')
    .values({ guild_id: guildId, channel_id: channelId, updated_at: Date.now() })
    .onConflict((oc) => oc.columns(['guild_id', 'channel_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('game_tables')
    .selectAll()
    .where('guild_id', '=', guildId)
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Tables with a running game, earliest deadline first (no deadline last): what to resume on start-up. */
export async function listOpenTables(db: Db): Promise<TableRecord[]> {
  const rows = await db.selectFrom('game_tables').selectAll().where('running', '=', 1).orderBy('id').execute();
  return rows.map(toRecord).sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity) || a.id - b.id);
}

/** Every event of one deal at a table, in the order the steps were committed. */
export async function dealHistory(db: Db, tableId: number, dealNo: number): Promise<unknown[]> {
  const steps = await db
    .selectFrom('game_steps')
    .select('events')
    .where('table_id', '=', tableId)
    .where('deal_no', '=', dealNo)
    .orderBy('id')
    .execute();
  return steps.flatMap((s) => JSON.parse(s.events) as unknown[]);
}

/**
 * Records where the table's messages are. Message ids are learnt only after Discord
 * answers, which is after the step's transaction: this writes them on their own,
 * without touching the game state or its version.
 */
export async function saveTableMessages(db: Db, tableId: number, messages: unknown): Promise<void> {
  await db
    .updateTable('game_tables')
    .set({ messages: json(messages, 'table messages') })
    .where('id', '=', tableId)
    .execute();
}

function json(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return text;
}

/**
 * Commits one step in one transaction: records the idempotency key (a key seen
 * before returns `{ applied: false }` and changes nothing), checks the optimistic
 * version (stale → `StaleVersionError`, nothing written; an unknown table
 * fails the step's foreign key), writes state, version+1,
 * deadline and message ids, appends the events to the deal's history and posts the
 * transfers as one journal entry with the step's key (which links the two).
 */
export async function commitStep(db: Db, step: TableStep): Promise<CommitResult> {
  const at = step.at ?? Date.now();
  const state = step.state === null ? null : json(step.state, 'table state');
  const messages = json(step.messages, 'table messages');
  const events = json(step.events, 'step events');
  return inTransaction(db, async (trx) => {
    const nextVersion = step.expectedVersion + 1;
    const recorded = await trx
      .insertInto('game_steps')
      .values({
        table_id: step.tableId,
        key: step.key,
        deal_no: step.dealNo,
        version: nextVersion,
        events,
        created_at: at,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return { applied: false };

    const table = await trx
      .updateTable('game_tables')
      .set({
        version: nextVersion,
        running: step.running ? 1 : 0,
        state,
        deadline: step.deadline,
        messages,
        deal_no: step.dealNo,
        updated_at: at,
      })
      .where('id', '=', step.tableId)
      .where('version', '=', step.expectedVersion)
      .returning(['guild_id', 'channel_id'])
      .executeTakeFirst();
    if (!table) {
      // Throwing rolls back the step record written above. The table exists: the step's foreign key says so.
      const current = await trx
        .selectFrom('game_tables')
        .select('version')
        .where('id', '=', step.tableId)
        .executeTakeFirstOrThrow();
      throw new StaleVersionError(step.tableId, step.expectedVersion, current.version);
    }
    if (step.carried) {
      const now = await channelPotReserve(trx, table.guild_id, table.channel_id);
      if (now.pot !== step.carried.pot || now.reserve !== step.carried.reserve) throw new CarriedPotMovedError();
    }

    if (step.displayNames) await rememberDisplayNames(trx, table.guild_id, step.displayNames);
    if (step.transfers.length === 0) return { applied: true, version: nextVersion, entryId: null };
    const posted = await postTransfers(trx, {
      guildId: table.guild_id,
      channelId: table.channel_id,
      key: step.key,
      transfers: step.transfers,
      at,
    });
    if (!posted.applied) throw new Error(`journal entry "${step.key}" exists without its table step`);
    return { applied: true, version: nextVersion, entryId: posted.entryId };
  });
}
