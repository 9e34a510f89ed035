import type { OpenDatabase } from '../db/index.ts';
import { sqlitePathOf } from '../db/index.ts';
import {
  createOrLoadTable,
  StaleVersionError,
  saveSurfaceNotes,
  saveTableNotes,
  type TableRecord,
} from '../db/table-store.ts';
import type { Db } from '../db/transaction.ts';
import { moduleUrl } from '../modules.ts';
import {
  HELPER_IDLE_STOP_MS,
  ThreadClient,
  type ThreadError,
  type ThreadMemory,
  type ThreadMethods,
} from '../threads/rpc.ts';
import { CarriedPotMovedError, type CommitResult, commitStep, type TableStep } from './commit.ts';
import type { TableNotes } from './table-notes.ts';

/**
 * Where the bot's game steps are written: the hot path, one transaction per step.
 *
 * On SQLite every commit waits for the disk (synchronous=FULL, because this is money),
 * and better-sqlite3 waits synchronously: on the bot's own thread each commit would
 * stall every press, countdown and message behind it. So for a SQLite file the steps
 * go to a thread of their own with its own connection (WAL lets the bot's connection
 * keep reading meanwhile); each step is still exactly one transaction, run by the same
 * `commitStep`. PostgreSQL (asynchronous already) and in-memory SQLite (one connection
 * only) write directly.
 */
export interface StepWriter {
  createOrLoadTable(guildId: string, channelId: string): Promise<TableRecord>;
  commitStep(step: TableStep): Promise<CommitResult>;
  /** See `saveTableNotes` in db/table-store.ts: with `version`, only while the table is still at it. */
  saveTableNotes(tableId: number, notes: TableNotes, version?: number): Promise<boolean>;
  /**
   * See `saveSurfaceNotes` in db/table-store.ts (the chat's message ids). Here, not on the
   * bot's connection: a write there waits for the disk on the bot's thread, several times a deal.
   */
  saveSurfaceNotes(tableId: number, surface: 'chat', notes: unknown, version: number): Promise<boolean>;
  /** Gets ready for steps soon: starts the writer's thread if it has one and it is not up; resolves once it is. */
  warmUp(): Promise<void>;
  /** What its thread's V8 isolate holds after a full collection; null when it writes on the caller's thread. */
  memoryAfterGc(): Promise<ThreadMemory | null>;
  close(): Promise<void>;
}

/**
 * The writer's jobs, as its thread's protocol (threads/rpc.ts): the direct writer runs
 * them on the caller's thread, the thread writer posts them to its thread.
 */
export interface WriterProtocol {
  createOrLoadTable: { args: { guildId: string; channelId: string }; result: TableRecord };
  commitStep: { args: TableStep; result: CommitResult };
  saveTableNotes: { args: { tableId: number; notes: TableNotes; version?: number }; result: boolean };
  saveSurfaceNotes: { args: { tableId: number; surface: 'chat'; notes: unknown; version: number }; result: boolean };
}

/** The writer's jobs run on `db`: the direct writer and the writer thread share them. */
export function writerMethods(db: Db): ThreadMethods<WriterProtocol> {
  return {
    createOrLoadTable: ({ guildId, channelId }) => createOrLoadTable(db, guildId, channelId),
    commitStep: (step) => commitStep(db, step),
    saveTableNotes: ({ tableId, notes, version }) => saveTableNotes(db, tableId, notes, version),
    saveSurfaceNotes: ({ tableId, surface, notes, version }) => saveSurfaceNotes(db, tableId, surface, notes, version),
  };
}

/** Runs one writer job, wherever the writer's jobs run. */
type RunWriterJob = <K extends keyof WriterProtocol>(
  method: K,
  args: WriterProtocol[K]['args'],
) => Promise<WriterProtocol[K]['result']>;

function writerOver(
  run: RunWriterJob,
  close: () => Promise<void>,
  warmUp: () => Promise<void> = async () => {},
  memoryAfterGc: () => Promise<ThreadMemory | null> = async () => null,
): StepWriter {
  return {
    createOrLoadTable: (guildId, channelId) => run('createOrLoadTable', { guildId, channelId }),
    commitStep: (step) => run('commitStep', step),
    saveTableNotes: (tableId, notes, version) =>
      run('saveTableNotes', { tableId, notes, ...(version !== undefined ? { version } : {}) }),
    saveSurfaceNotes: (tableId, surface, notes, version) =>
      run('saveSurfaceNotes', { tableId, surface, notes, version }),
    warmUp,
    memoryAfterGc,
    close,
  };
}

export function directStepWriter(db: Db): StepWriter {
  const methods = writerMethods(db);
  return writerOver(
    async (method, args) => methods[method](args),
    async () => {},
  );
}

/** A stale version or a moved pot comes back as itself, so the caller can retry or answer; any other error keeps its code. */
function reviveError(error: ThreadError): Error {
  const f = error.fields;
  if (error.name === 'StaleVersionError') {
    return new StaleVersionError(Number(f.tableId), Number(f.expectedVersion), Number(f.actualVersion));
  }
  if (error.name === 'CarriedPotMovedError') return new CarriedPotMovedError(error.message);
  const revived = new Error(error.message);
  revived.name = error.name;
  // SQLite's result code: whether the step is worth retrying (db/db-error-kind.ts).
  if (typeof f.code === 'string') Object.assign(revived, { code: f.code });
  return revived;
}

/** The writer for `database`: a thread of its own for a SQLite file, direct otherwise. */
export function openStepWriter(database: OpenDatabase): StepWriter {
  const path = sqlitePathOf(database.url);
  if (database.dialect !== 'sqlite' || path === null || path === ':memory:') return directStepWriter(database.db);
  const thread = new ThreadClient<WriterProtocol>({
    module: moduleUrl('./step-writer-worker', import.meta.url),
    data: { url: database.url },
    revive: reviveError,
    idleStopMs: HELPER_IDLE_STOP_MS,
  });
  return writerOver(
    (method, args) => thread.call(method, args),
    () => thread.close({ drain: true }),
    () => {
      if (!thread.running) thread.start();
      return thread.ready();
    },
    () => thread.memoryAfterGc(),
  );
}
