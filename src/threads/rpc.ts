import { Worker } from 'node:worker_threads';

/**
 * The bot's helper threads (the step writer, pictures and odds) speak one small
 * protocol: the caller posts `{ id, method, args }`, the thread answers
 * `{ id, ok, result }` or `{ id, ok: false, error }` (serve.ts), one job at a time and in
 * order. What each method takes and answers is one type, the thread's method map, which
 * the thread implements (`serve`) and the caller calls (`ThreadClient.call`): a result
 * is typed where the method is written, never cast where it is used. This is the
 * caller's side: a thread started on first use, and again after it dies.
 */

/**
 * A thread's protocol: each method's argument and result, both structured-cloneable
 * (the types are what crosses the thread's port: a Buffer arrives as a Uint8Array).
 */
export type ThreadProtocol<P> = { [K in keyof P]: { args: unknown; result: unknown } };

/** The methods that implement protocol `P` (on the thread, or on the caller's thread where there is none). */
export type ThreadMethods<P extends ThreadProtocol<P>> = {
  [K in keyof P]: (args: P[K]['args']) => P[K]['result'] | Promise<P[K]['result']>;
};

/** An error as plain data: its name, message and own fields, so the caller can revive its class. */
export interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

/** A job as posted (in batches, see `ThreadClient.post`): `until` (epoch ms), when the caller gives up waiting for it. */
export interface ThreadJob {
  id: number;
  method: string;
  args: unknown;
  until?: number;
}

export type ThreadReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };

/**
 * What one thread's V8 isolate holds after a full collection, bytes (serve.ts): what a
 * long run asks every thread, to see which one grows and in what.
 */
export interface ThreadMemory {
  /** Objects still alive. */
  heapUsed: number;
  /** Pages the heap has committed (in use or not): what its resident share follows. */
  heapCommitted: number;
  /** Of those, the young generation's (semi-spaces): it grows with the allocation rate. */
  newSpaceCommitted: number;
  /** Memory outside the heap that its objects hold (Buffers, ArrayBuffers, native handles). */
  external: number;
  /** Of that, ArrayBuffers' and Buffers' backing stores. */
  arrayBuffers: number;
  /** V8's own malloc'd memory (compiler zones and the like), outside the heap. */
  malloced: number;
}

/** A thread's answer to 'heap' (serve.ts). */
export interface HeapReply {
  memory: ThreadMemory;
}

export interface ThreadSpec {
  /** The module the thread runs (it calls `serve`). */
  module: URL;
  /** More `workerData` for the module. */
  data?: Record<string, unknown>;
  /** Let the process exit while the thread is still up (a thread whose work is optional). */
  unref?: boolean;
  /**
   * Stop the thread after this long with nothing to do (it starts again with the next
   * job): a bot nobody plays with holds no helper thread's memory.
   */
  idleStopMs?: number;
  /** Turns an error the thread reported back into an Error of the caller's classes. */
  revive?: (error: ThreadError) => Error;
}

/**
 * The bot's helper threads start when someone uses the bot and stop after this long
 * without a job: a quiet bot holds no helper thread (each costs 20-25 MB).
 */
export const HELPER_IDLE_STOP_MS = 10 * 60_000;

export class ThreadTimeoutError extends Error {
  override name = 'ThreadTimeoutError';
}

const boot = new URL('./boot.js', import.meta.url);

function plainError(error: ThreadError): Error {
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}

export class ThreadClient<P extends ThreadProtocol<P>> {
  private worker: Worker | null = null;
  private readonly heapWaiters: ((memory: ThreadMemory | null) => void)[] = [];
  private nextId = 1;
  /** Jobs sent and not answered, with the thread each went to. */
  private readonly pending = new Map<
    number,
    { worker: Worker; resolve(value: unknown): void; reject(err: Error): void }
  >();

  constructor(private readonly spec: ThreadSpec) {}

  /** Jobs sent and not answered yet. */
  get queued(): number {
    return this.pending.size;
  }

  /** Whether the thread is up (started and not stopped since). */
  get running(): boolean {
    return this.worker !== null;
  }

  private loaded: Promise<void> = Promise.resolve();

  /**
   * Resolves once the thread is up and has loaded its module (or at once when it is not
   * started): what a caller waits for that wants the first job not to wait for a boot.
   */
  ready(): Promise<void> {
    return this.worker ? this.loaded : Promise.resolve();
  }

  /**
   * What the thread's V8 isolate holds after a full collection (see serve.ts), or null
   * when the thread is not running.
   */
  memoryAfterGc(): Promise<ThreadMemory | null> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.heapWaiters.push(resolve);
      worker.postMessage('heap');
    });
  }

  /** Starts the thread now rather than on the first job. */
  start(): void {
    this.ensureWorker();
    this.idleFromNow();
  }

  private idleTimer: NodeJS.Timeout | undefined;

  /** (Re)arms the idle stop: the thread has nothing to do from now on. */
  private idleFromNow(): void {
    const ms = this.spec.idleStopMs;
    if (ms === undefined || !this.worker) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.pending.size === 0) void this.close({ drain: true });
    }, ms);
    this.idleTimer.unref();
  }

  /** Runs `method` on the thread; rejects with the thread's error, a timeout, or the thread's death. */
  call<K extends keyof P & string>(method: K, args: P[K]['args'], timeoutMs?: number): Promise<P[K]['result']> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.pending.delete(id);
              reject(new ThreadTimeoutError(`a helper thread job took over ${timeoutMs} ms`));
            }, timeoutMs);
      const settle =
        <T>(finish: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          this.pending.delete(id);
          if (this.pending.size === 0) this.idleFromNow();
          finish(value);
        };
      this.pending.set(id, { worker, resolve: settle(resolve), reject: settle(reject) });
      // The thread skips a job still queued when its caller has stopped waiting (serve.ts).
      const job: ThreadJob = { id, method, args };
      this.post(worker, timeoutMs === undefined ? job : { ...job, until: Date.now() + timeoutMs });
      // The thread ran `method` of the same protocol `P` (serve.ts): its answer is that method's result.
    }) as Promise<P[K]['result']>;
  }

  /**
   * Jobs asked for in one turn of the event loop go to the thread as one message (a
   * wake-up of the thread costs the caller's thread as much as a small job's copy).
   * The batch belongs to its thread: if that thread dies first, its jobs have failed
   * already and are not sent to the next one.
   */
  private outbox: { worker: Worker; jobs: ThreadJob[] } | null = null;

  private post(worker: Worker, job: ThreadJob): void {
    if (this.outbox && this.outbox.worker === worker) {
      this.outbox.jobs.push(job);
      return;
    }
    this.flush();
    this.outbox = { worker, jobs: [job] };
    setImmediate(() => this.flush());
  }

  private flush(): void {
    const outbox = this.outbox;
    this.outbox = null;
    if (outbox) outbox.worker.postMessage(outbox.jobs);
  }

  /**
   * Stops the thread. `drain`: after every job already sent (the port keeps order), then
   * the thread closes its own resources and ends; otherwise at once, failing what is pending.
   */
  async close({ drain }: { drain: boolean }): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    if (!drain) {
      this.outbox = null;
      this.failAll(worker, new Error('the helper thread was stopped'));
      await worker.terminate();
      return;
    }
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    this.flush(); // the jobs already asked for go first
    worker.postMessage('close');
    await exited;
  }

  /** Fails the jobs `worker` had: a thread stopped for being idle must not fail its successor's. */
  private failAll(worker: Worker, err: Error): void {
    for (const job of [...this.pending.values()]) if (job.worker === worker) job.reject(err);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(boot, { workerData: { ...this.spec.data, module: this.spec.module.href } });
    if (this.spec.unref) worker.unref();
    let loaded: () => void = () => {};
    this.loaded = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    worker.on('message', (reply: ThreadReply | HeapReply | 'ready') => {
      if (reply === 'ready') return loaded();
      if (!('id' in reply)) {
        this.heapWaiters.shift()?.(reply.memory);
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (reply.ok) waiting?.resolve(reply.result);
      else waiting?.reject((this.spec.revive ?? plainError)(reply.error));
    });
    // A thread that dies takes its work with it (SQLite rolls an open transaction back);
    // what was in flight fails and the next job starts a new thread.
    const fail = (err: Error) => {
      loaded(); // nothing to wait for any more: the next job starts a new thread
      if (this.worker === worker) this.worker = null;
      for (const answer of this.heapWaiters.splice(0)) answer(null);
      this.failAll(worker, err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a helper thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
