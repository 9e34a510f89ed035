import type { Selectable, Transaction } from 'kysely';
import type { Database, GameTableTable } from './schema.ts';
import type { Db } from './transaction.ts';

/** Rows and queries of game tables and their steps (the hand history). The step's one transaction is `table/commit.ts`. */

/**
 * A game table: one per (guild, channel), holding the engine's state between steps.
 * `State` is what the state column holds; this layer only stores it (the table layer
 * reads it as the engine's state, see table/game-record.ts).
 */
export interface TableRecord<State = unknown> {
  id: number;
  guildId: string;
  channelId: string;
  /** Pass back as `expectedVersion` when committing the next step. */
  version: number;
  /** True while a game is running (the bot reloads these on restart). */
  running: boolean;
  /** The engine's state as it was committed (parsed JSON), or null before the first game. */
  state: State | null;
  /** Epoch ms when the current countdown ends, or null. */
  deadline: number | null;
  /** What the table keeps beside its game (parsed JSON, see table/table-notes.ts). */
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

/** The channel's table, or null if no game was ever opened there. */
export async function findTable(db: Db, guildId: string, channelId: string): Promise<TableRecord | null> {
  const row = await db
    .selectFrom('game_tables')
    .selectAll()
    .where('guild_id', '=', guildId)
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The channel's table, created (version 0, no game) the first time it is asked for. */
export async function createOrLoadTable(db: Db, guildId: string, channelId: string): Promise<TableRecord> {
  await db
    .insertInto('game_tables')
    .values({ guild_id: guildId, channel_id: channelId, updated_at: Date.now() })
    .onConflict((oc) => oc.columns(['guild_id', 'channel_id']).doNothing())
    .execute();
  const table = await findTable(db, guildId, channelId);
  if (!table) throw new Error(`table of channel ${channelId} was not created`);
  return table;
}

/** Tables with a running game, earliest deadline first (no deadline last): what to resume on start-up. */
export async function listOpenTables(db: Db): Promise<TableRecord[]> {
  const rows = await db.selectFrom('game_tables').selectAll().where('running', '=', 1).orderBy('id').execute();
  return rows.map(toRecord).sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity) || a.id - b.id);
}

/**
 * Records what the table keeps beside its game (its language changed), on its own,
 * without touching the game state or its version. With `version` (the record the
 * writer holds), only while the table is still at that version: a process that lost
 * the table to another (a stale owner) never overwrites the newer owner's notes.
 * Returns whether the row was written.
 */
export async function saveTableNotes(db: Db, tableId: number, messages: unknown, version?: number): Promise<boolean> {
  let update = db
    .updateTable('game_tables')
    .set({ messages: json(messages, 'table messages') })
    .where('id', '=', tableId);
  if (version !== undefined) update = update.where('version', '=', version);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Writes what a surface keeps beside the table (its column: the chat's `chat`), as
 * opaque JSON, only while the table is still at `version`: the surface's store
 * (chat-store.ts) says what it holds; the step writer runs this off the bot's thread.
 */
export async function saveSurfaceNotes(
  db: Db,
  tableId: number,
  surface: 'chat',
  notes: unknown,
  version: number,
): Promise<boolean> {
  const result = await db
    .updateTable('game_tables')
    .set({ [surface]: json(notes, `${surface} notes`) })
    .where('id', '=', tableId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function json(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return text;
}

/** A step's idempotency record and its part of the hand history; null when `key` was recorded before. */
export async function insertStepRecord(
  trx: Transaction<Database>,
  step: { tableId: number; key: string; dealNo: number; version: number; events: string; at: number },
): Promise<number | null> {
  const row = await trx
    .insertInto('game_steps')
    .values({
      table_id: step.tableId,
      key: step.key,
      deal_no: step.dealNo,
      version: step.version,
      events: step.events,
      created_at: step.at,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The table's row as the step under `key` left it, when that step is still the table's
 * last (the step and the table at the same version): a retry whose first try committed
 * before its answer was lost. Null when the key is another table's, or the table moved on.
 */
export async function tableAsStepLeftIt(
  trx: Transaction<Database>,
  tableId: number,
  key: string,
): Promise<{ version: number; deadline: number | null } | null> {
  const row = await trx
    .selectFrom('game_steps as s')
    .innerJoin('game_tables as t', 't.id', 's.table_id')
    .select(['t.version', 't.deadline'])
    .where('s.key', '=', key)
    .where('s.table_id', '=', tableId)
    .whereRef('s.version', '=', 't.version')
    .executeTakeFirst();
  return row ? { version: Number(row.version), deadline: row.deadline === null ? null : Number(row.deadline) } : null;
}

/**
 * Writes a table's row at `expectedVersion + 1`. A table that moved on since meanwhile
 * throws `StaleVersionError` (the caller's transaction rolls back).
 */
export async function updateTableRow(
  trx: Transaction<Database>,
  row: {
    tableId: number;
    expectedVersion: number;
    running: boolean;
    state: string | null;
    deadline: number | null;
    messages: string;
    dealNo: number;
    at: number;
  },
): Promise<{ guildId: string; channelId: string }> {
  const table = await trx
    .updateTable('game_tables')
    .set({
      version: row.expectedVersion + 1,
      running: row.running ? 1 : 0,
      state: row.state,
      deadline: row.deadline,
      messages: row.messages,
      deal_no: row.dealNo,
      updated_at: row.at,
    })
    .where('id', '=', row.tableId)
    .where('version', '=', row.expectedVersion)
    .returning(['guild_id', 'channel_id'])
    .executeTakeFirst();
  if (table) return { guildId: table.guild_id, channelId: table.channel_id };
  const current = await trx
    .selectFrom('game_tables')
    .select('version')
    .where('id', '=', row.tableId)
    .executeTakeFirstOrThrow();
  throw new StaleVersionError(row.tableId, row.expectedVersion, current.version);
}
