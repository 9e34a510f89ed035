import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './index.ts';
import type { WriterError, WriterJob, WriterReply } from './step-writer.ts';
import { commitStep, createOrLoadTable, StaleVersionError, saveTableMessages } from './table-store.ts';

/** The thread that writes game steps to a SQLite file (see step-writer.ts). Jobs run one at a time, in order. */
const database = openDatabase((workerData as { url: string }).url);
let queue: Promise<void> = Promise.resolve();

function run(job: WriterJob): Promise<unknown> {
  switch (job.kind) {
    case 'createOrLoadTable':
      return createOrLoadTable(database.db, job.guildId, job.channelId);
    case 'commitStep':
      return commitStep(database.db, job.step);
    case 'saveTableMessages':
      return saveTableMessages(database.db, job.tableId, job.messages);
  }
}

function asWriterError(err: unknown): WriterError {
  const e = err instanceof Error ? err : new Error(String(err));
  const error: WriterError = { name: e.name, message: e.message };
  if (e instanceof StaleVersionError) error.stale = [e.tableId, e.expectedVersion, e.actualVersion];
  return error;
}

parentPort?.on('message', (message: { id: number; job: WriterJob } | 'close') => {
  queue = queue.then(async () => {
    if (message === 'close') {
      await database.close();
      parentPort?.close(); // nothing else keeps the thread alive: it ends
      return;
    }
    try {
      const result = await run(message.job);
      parentPort?.postMessage({ id: message.id, ok: true, result } satisfies WriterReply);
    } catch (err) {
      parentPort?.postMessage({ id: message.id, ok: false, error: asWriterError(err) } satisfies WriterReply);
    }
  });
});
