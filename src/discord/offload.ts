import { Worker } from 'node:worker_threads';
import type { EquityResult } from '../hands/index.ts';
import type { BoardCell, HandOptions, Picture, RenderOptions, ShowdownRow } from '../render/index.ts';
import type { OffloadJob } from './offload-worker.ts';

/**
 * Runs odds and card pictures on a helper thread (offload-worker.ts). Both are
 * niceties: a job that fails or takes too long resolves to null and the message
 * goes out without it (text alternatives are always in the message).
 */
const JOB_TIMEOUT_MS = 2_000;

export class Offload {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();

  odds(options: Extract<OffloadJob, { kind: 'odds' }>['options'], budgetMs: number): Promise<EquityResult | null> {
    return this.run({ kind: 'odds', options, budgetMs }) as Promise<EquityResult | null>;
  }

  hand(cards: readonly number[], options: HandOptions = {}): Promise<Picture | null> {
    return this.picture({ kind: 'hand', cards: [...cards], options });
  }

  board(cells: readonly BoardCell[], options: RenderOptions = {}): Promise<Picture | null> {
    return this.picture({ kind: 'board', cells: [...cells], options });
  }

  showdown(rows: readonly ShowdownRow[], options: RenderOptions = {}): Promise<Picture | null> {
    return this.picture({ kind: 'showdown', rows: [...rows], options });
  }

  /** Starts the helper thread and has it load and build everything now (see the worker's `warmUp`). */
  warmUp(): Promise<unknown> {
    return this.run({ kind: 'warm-up' });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll();
    await worker?.terminate();
  }

  private async picture(job: OffloadJob): Promise<Picture | null> {
    const result = (await this.run(job)) as (Omit<Picture, 'png'> & { png: Uint8Array }) | null;
    if (!result) return null;
    return { ...result, png: Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength) };
  }

  private run(job: OffloadJob): Promise<unknown> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(null), JOB_TIMEOUT_MS);
      const finish = (result: unknown) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(result);
      };
      this.pending.set(id, finish);
      worker.postMessage({ id, job });
    });
  }

  private failAll(): void {
    for (const resolve of [...this.pending.values()]) resolve(null);
    this.pending.clear();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('../worker-boot.js', import.meta.url), {
      workerData: { module: new URL('./offload-worker.ts', import.meta.url).href },
    });
    worker.unref(); // never keeps the process alive
    worker.on('message', (message: { id: number; result?: unknown }) => {
      this.pending.get(message.id)?.(message.result ?? null);
    });
    const fail = () => {
      if (this.worker === worker) this.worker = null;
      this.failAll();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    this.worker = worker;
    return worker;
  }
}
