import type { Runtimes } from './runtimes.ts';
import type { DeadlineScheduler } from './scheduler.ts';
import type { StepResult, TableSteps } from './steps.ts';

export interface TablePausesDeps {
  runtimes: Runtimes;
  /** The tables' countdowns (timers.ts), asked for when needed: they are built after this. */
  countdowns: () => DeadlineScheduler;
  steps: () => TableSteps;
}

/**
 * Tables that cannot be shown for now, and countdowns started afresh: a paused table
 * runs no countdown and takes no press (see `Tables.pressTarget`) until it is resumed.
 */
export class TablePauses {
  private readonly paused = new Set<number>();

  constructor(private readonly deps: TablePausesDeps) {}

  /**
   * The table cannot be shown for now (the bot lost a permission there, or Discord keeps
   * failing): its countdown stops and presses are refused until `resume`, so nobody is
   * dropped or charged while nobody can see the table. Kept in memory: after a restart
   * the countdown runs again, and the first failed post pauses it again.
   */
  pause(tableId: number): void {
    if (!this.deps.runtimes.get(tableId)?.record.running) return;
    this.paused.add(tableId);
    this.deps.countdowns().set(String(tableId), null);
  }

  isPaused(tableId: number): boolean {
    return this.paused.has(tableId);
  }

  /** Takes a paused table up again with its countdown started afresh (committed, as any change of countdown). */
  async resume(tableId: number): Promise<StepResult | null> {
    if (!this.paused.delete(tableId)) return null;
    const record = this.deps.runtimes.get(tableId)?.record;
    if (!record?.running) return null;
    return this.restartCountdown(tableId, record.version, 'resume');
  }

  /** Commits the table as it is with its countdown started afresh (keyed `why:table:version`). */
  restartCountdown(tableId: number, version: number, why: string): Promise<StepResult | null> {
    return this.deps.steps().run(
      tableId,
      `${why}:${tableId}:${version}`,
      (fresh) => {
        const state = fresh.state;
        return fresh.running && state ? { state, events: [], restartCountdown: true } : null;
      },
      'clock',
    );
  }
}
