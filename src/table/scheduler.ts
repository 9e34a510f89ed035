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
  /** The deadline the timer is set for (the earliest due), or Infinity with none set. */
  private armedAt = Number.POSITIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly onDue: (key: string, at: number) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Sets (or with `null` clears) the deadline of `key`, e.g. a table id. Every step of
   * every table sets its own: the timer moves only when the earliest deadline does
   * (a sooner one, or the earliest one moved or cleared), not at each of them.
   */
  set(key: string, at: number | null): void {
    const before = this.due.get(key);
    if (at === null) this.due.delete(key);
    else this.due.set(key, at);
    if (at !== null && at < this.armedAt) this.armAt(at);
    else if (before !== undefined && before <= this.armedAt && at !== before) this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.armedAt = Number.POSITIVE_INFINITY;
    this.due.clear();
  }

  /** The timer set for the earliest deadline there is. */
  private arm(): void {
    let earliest = Number.POSITIVE_INFINITY;
    for (const at of this.due.values()) if (at < earliest) earliest = at;
    this.armAt(earliest);
  }

  private armAt(at: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.armedAt = Number.POSITIVE_INFINITY;
    if (this.stopped || at === Number.POSITIVE_INFINITY) return;
    this.armedAt = at;
    const wait = Math.min(Math.max(0, at - this.clock.now()), MAX_TIMER_MS);
    this.timer = this.clock.setTimeout(() => this.fire(), wait);
  }

  private fire(): void {
    this.timer = null;
    const now = this.clock.now();
    const ready: [string, number][] = [];
    for (const entry of this.due) if (entry[1] <= now) ready.push(entry);
    for (const [key] of ready) this.due.delete(key);
    this.arm();
    for (const [key, at] of ready) this.onDue(key, at);
  }
}
