// Entry point of every worker thread: the module named in workerData. Compiled code
// (bin/build.js) loads as it is; TypeScript sources (tests, tsx runs) need the loader
// registered in this thread, since workers do not inherit the main thread's.
import { workerData } from 'node:worker_threads';

if (workerData.module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.module);
