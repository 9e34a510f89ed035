/**
 * Countdowns. Deadlines live in the database with each table's state; this keeps
 * one timer for the earliest of them (docs/ARCHITECTURE.md: The path of one button press). On start-up the bot sets
 * every open table's deadline again; one already past fires at once.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

// Node's timers overflow past 2^31-1 ms; a far deadline simply re-arms.
const MAX_TIMER_MS = 2_147_483_647;

export class DeadlineScheduler {
  private readonly due = new Map<string, number>();
  private timer: unknown = null;
  private stopped = false;

  constructor(
    private readonly onDue: (key: string, at: number) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Sets (or with `null` clears) the deadline of `key`, e.g. a table id. */
  set(key: string, at: number | null): void {
    if (at === null) this.due.delete(key);
    else this.due.set(key, at);
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.due.clear();
  }

  private arm(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.due.size === 0) return;
    let earliest = Number.POSITIVE_INFINITY;
    for (const at of this.due.values()) earliest = Math.min(earliest, at);
    const wait = Math.min(Math.max(0, earliest - this.clock.now()), MAX_TIMER_MS);
    this.timer = this.clock.setTimeout(() => this.fire(), wait);
  }

  private fire(): void {
    this.timer = null;
    const now = this.clock.now();
    const ready = [...this.due].filter(([, at]) => at <= now);
    for (const [key] of ready) this.due.delete(key);
    this.arm();
    for (const [key, at] of ready) this.onDue(key, at);
  }
}
