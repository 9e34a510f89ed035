import { Worker } from 'node:worker_threads';
import type { OpenDatabase } from './index.ts';
import { sqlitePathOf } from './index.ts';
import {
  CarriedPotMovedError,
  type CommitResult,
  commitStep,
  createOrLoadTable,
  StaleVersionError,
  saveTableMessages,
  type TableRecord,
  type TableStep,
} from './table-store.ts';
import type { Db } from './transaction.ts';

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
  saveTableMessages(tableId: number, messages: unknown): Promise<void>;
  close(): Promise<void>;
}

export function directStepWriter(db: Db): StepWriter {
  return {
    createOrLoadTable: (guildId, channelId) => createOrLoadTable(db, guildId, channelId),
    commitStep: (step) => commitStep(db, step),
    saveTableMessages: (tableId, messages) => saveTableMessages(db, tableId, messages),
    close: async () => {},
  };
}

/** The writer for `database`: a thread of its own for a SQLite file, direct otherwise. */
export function openStepWriter(database: OpenDatabase): StepWriter {
  const path = sqlitePathOf(database.url);
  return database.dialect === 'sqlite' && path !== null && path !== ':memory:'
    ? new ThreadStepWriter(database.url)
    : directStepWriter(database.db);
}

export type WriterJob =
  | { kind: 'createOrLoadTable'; guildId: string; channelId: string }
  | { kind: 'commitStep'; step: TableStep }
  | { kind: 'saveTableMessages'; tableId: number; messages: unknown };

/** An error as plain data; a stale version carries its fields so it comes back as itself and the caller can retry. */
export interface WriterError {
  name: string;
  message: string;
  stale?: [tableId: number, expectedVersion: number, actualVersion: number];
}

export type WriterReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WriterError };

function reviveError(error: WriterError): Error {
  if (error.stale) return new StaleVersionError(...error.stale);
  if (error.name === 'CarriedPotMovedError') return new CarriedPotMovedError(error.message);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

class ThreadStepWriter implements StepWriter {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();

  constructor(private readonly url: string) {
    this.ensureWorker(); // now, so the first step does not wait for the thread to boot
  }

  createOrLoadTable(guildId: string, channelId: string): Promise<TableRecord> {
    return this.run({ kind: 'createOrLoadTable', guildId, channelId }) as Promise<TableRecord>;
  }

  commitStep(step: TableStep): Promise<CommitResult> {
    return this.run({ kind: 'commitStep', step }) as Promise<CommitResult>;
  }

  async saveTableMessages(tableId: number, messages: unknown): Promise<void> {
    await this.run({ kind: 'saveTableMessages', tableId, messages });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close'); // after every job already sent: the port keeps order
    await exited;
  }

  private run(job: WriterJob): Promise<unknown> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('../worker-boot.js', import.meta.url), {
      workerData: { module: new URL('./step-writer-worker.ts', import.meta.url).href, url: this.url },
    });
    worker.on('message', (reply: WriterReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.result);
      else waiting?.reject(reviveError(reply.error));
    });
    // A thread that dies takes its open transaction with it (SQLite rolls it back); what
    // was in flight fails, and the next step starts a new thread. Steps are idempotent.
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const { reject } of this.pending.values()) reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
