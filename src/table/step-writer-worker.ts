import { workerData } from 'node:worker_threads';
import { openDatabase } from '../db/index.ts';
import { serve } from '../threads/serve.ts';
import { writerMethods } from './step-writer.ts';

/** The thread that writes game steps to a SQLite file (see step-writer.ts). Jobs run one at a time, in order. */
const database = openDatabase((workerData as { url: string }).url);
serve(writerMethods(database.db), () => database.close());
