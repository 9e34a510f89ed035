import type { EquityResult } from '../hands/index.ts';
import { moduleUrl } from '../modules.ts';
import type { ChartWords, StandingsLine } from '../render/chart.ts';
import type { BoardCell, HandOptions, Picture, RenderOptions, ShowdownRow } from '../render/index.ts';
import { HELPER_IDLE_STOP_MS, ThreadClient, type ThreadMemory } from '../threads/rpc.ts';
import type { OffloadProtocol, PictureData } from './offload-worker.ts';

/**
 * Runs odds and card pictures on helper threads (offload-worker.ts), one each: odds that
 * need sampling (boards, layouts, cards still to come) take a 120 ms simulation, and
 * pictures queued behind a few of them would miss their time. Both are niceties: a job that fails or takes too long
 * resolves to null and the message goes out without it (text alternatives are always
 * in the message).
 */
const JOB_TIMEOUT_MS = 2_000;

/** Jobs asked for and jobs that came back null (failed, timed out, lost their thread), by kind. */
export interface OffloadCounts {
  odds: { asked: number; dropped: number };
  pictures: { asked: number; dropped: number };
}

export class Offload {
  readonly counts: OffloadCounts = { odds: { asked: 0, dropped: 0 }, pictures: { asked: 0, dropped: 0 } };
  // Never keep the process alive: their work is optional.
  private readonly oddsThread = helperThread();
  private readonly pictureThread = helperThread();

  /** `jobTimeoutMs`: how long a job may take before its message goes out without it. */
  constructor(private readonly jobTimeoutMs = JOB_TIMEOUT_MS) {}

  odds(options: OffloadProtocol['odds']['args']['options'], budgetMs: number): Promise<EquityResult | null> {
    return this.run(this.oddsThread, 'odds', { options, budgetMs }, this.counts.odds);
  }

  hand(cards: readonly number[], options: HandOptions = {}): Promise<Picture | null> {
    return this.picture(this.run(this.pictureThread, 'hand', { cards: [...cards], options }, this.counts.pictures));
  }

  board(cells: readonly BoardCell[], options: RenderOptions = {}): Promise<Picture | null> {
    return this.picture(this.run(this.pictureThread, 'board', { cells: [...cells], options }, this.counts.pictures));
  }

  showdown(rows: readonly ShowdownRow[], options: RenderOptions = {}): Promise<Picture | null> {
    return this.picture(this.run(this.pictureThread, 'showdown', { rows: [...rows], options }, this.counts.pictures));
  }

  /** A game's final standings as a chart (render/chart.ts). */
  standings(lines: readonly StandingsLine[], words: ChartWords, alt: string): Promise<Picture | null> {
    return this.picture(
      this.run(this.pictureThread, 'standings', { lines: [...lines], words, alt }, this.counts.pictures),
    );
  }

  /**
   * Starts the picture thread if it is not up and has it load the canvas and fonts now
   * (see the worker's `warmUp`), so the first deal's pictures do not wait for it; resolves
   * once it is up. The odds thread starts only when a question first needs sampling:
   * most odds come from a table on the bot's thread (odds.ts).
   */
  async warmUp(): Promise<void> {
    if (!this.pictureThread.running) void this.run(this.pictureThread, 'warmUp', null, null);
    await this.pictureThread.ready();
  }

  async close(): Promise<void> {
    await Promise.all([this.oddsThread.close({ drain: false }), this.pictureThread.close({ drain: false })]);
  }

  /** A picture back from its thread, its PNG a Buffer again. */
  private async picture(job: Promise<PictureData | null>): Promise<Picture | null> {
    const result = await job;
    if (!result) return null;
    return { ...result, png: Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength) };
  }

  /** What each helper thread's V8 isolate holds after a full collection (null while it is not running). */
  async memoryAfterGc(): Promise<{ odds: ThreadMemory | null; pictures: ThreadMemory | null }> {
    const [odds, pictures] = await Promise.all([this.oddsThread.memoryAfterGc(), this.pictureThread.memoryAfterGc()]);
    return { odds, pictures };
  }

  /** Jobs waiting on each helper thread. */
  queued(): { odds: number; pictures: number } {
    return { odds: this.oddsThread.queued, pictures: this.pictureThread.queued };
  }

  /**
   * A job that fails, times out or loses its thread is null: the message goes out
   * without it. `count` (none for the warm-up) tallies what was asked and dropped.
   */
  private run<K extends keyof OffloadProtocol>(
    thread: ThreadClient<OffloadProtocol>,
    method: K,
    args: OffloadProtocol[K]['args'],
    count: { asked: number; dropped: number } | null,
  ): Promise<OffloadProtocol[K]['result'] | null> {
    if (count) count.asked++;
    return thread.call(method, args, this.jobTimeoutMs).catch(() => {
      if (count) count.dropped++;
      return null;
    });
  }
}

function helperThread(): ThreadClient<OffloadProtocol> {
  return new ThreadClient<OffloadProtocol>({
    module: moduleUrl('./offload-worker', import.meta.url),
    unref: true,
    idleStopMs: HELPER_IDLE_STOP_MS,
  });
}
