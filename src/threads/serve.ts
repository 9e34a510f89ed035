import { parentPort } from 'node:worker_threads';
import { memoryAfterCollection } from './memory.ts';
import type { ThreadError, ThreadJob, ThreadMethods, ThreadProtocol, ThreadReply } from './rpc.ts';

/**
 * The thread's side of rpc.ts: runs each job with its method of `methods` (which implement the thread's
 * protocol, the same one its caller's `ThreadClient` speaks), one at a time in the order
 * they came, and answers with its result or its error as plain data. On 'close' (sent
 * after the last job) it calls `onClose` and lets the thread end. A job whose caller
 * has already given up (`until` passed while it waited its turn) is skipped, unanswered:
 * under load, a queue of stale jobs would otherwise make every later job late too.
 */
export function serve<P extends ThreadProtocol<P>>(
  methods: ThreadMethods<P>,
  onClose: () => Promise<void> = async () => {},
): void {
  const run = (job: ThreadJob): unknown => {
    if (!Object.hasOwn(methods, job.method)) throw new Error(`no method ${job.method} on this thread`);
    const method: (args: never) => unknown = methods[job.method as keyof P];
    // The caller posted `args` for this very method of the same protocol (rpc.ts `call`).
    return method.call(methods, job.args as never);
  };
  let queue: Promise<void> = Promise.resolve();
  const take = (message: ThreadJob | 'close') => {
    queue = queue.then(async () => {
      if (message === 'close') {
        await onClose();
        parentPort?.close(); // nothing else keeps the thread alive: it ends
        return;
      }
      if (message.until !== undefined && Date.now() >= message.until) return;
      let reply: ThreadReply;
      try {
        reply = { id: message.id, ok: true, result: await run(message) };
      } catch (err) {
        reply = { id: message.id, ok: false, error: asThreadError(err) };
      }
      parentPort?.postMessage(reply);
    });
  };
  // Jobs come in batches (rpc.ts), 'close' and 'heap' on their own.
  parentPort?.on('message', (message: ThreadJob[] | 'close' | 'heap') => {
    if (message === 'heap') parentPort?.postMessage({ memory: memoryAfterCollection() });
    else if (message === 'close') take(message);
    else for (const job of message) take(job);
  });
  parentPort?.postMessage('ready'); // loaded: the caller's `ready()` resolves
}

function asThreadError(err: unknown): ThreadError {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(e)) if (typeof value !== 'function') fields[name] = value;
  return { name: e.name, message: e.message, fields };
}
