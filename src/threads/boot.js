// Entry point of every worker thread: workers do not inherit the main thread's
// TypeScript loader, so register it, then load the module named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
