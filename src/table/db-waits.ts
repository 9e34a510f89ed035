import { classifyDbError, type DbErrorKind } from '../db/db-error-kind.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from '../db/index.ts';

/**
 * How long a step waits for the database before it is retried, and for how long in all.
 * Delays double from `firstDelayMs` up to `maxDelayMs`, each drawn at random from its
 * second half (jitter: tables that failed together do not all come back at once).
 */
export interface DbRetryOptions {
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this long a step gives up and fails as any other error would (the table pauses). */
  giveUpAfterMs: number;
  /**
   * How long one try may itself wait inside the database before it commits (SQLite's busy
   * timeout, for a lock held elsewhere). A waited step's countdown moves on by this too:
   * the time inside the try that saves it cannot be measured before it is saved, and
   * players are given it rather than lose it.
   */
  tryMayBlockMs: number;
}

export const DB_RETRY: DbRetryOptions = {
  firstDelayMs: 250,
  maxDelayMs: 15_000,
  giveUpAfterMs: 10 * 60_000,
  tryMayBlockMs: SQLITE_BUSY_TIMEOUT_MS,
};

/** The delay before retry `attempt` (0 for the first). */
export function retryDelay(options: DbRetryOptions, attempt: number, random: () => number = Math.random): number {
  const full = Math.min(options.maxDelayMs, options.firstDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** What a table waits for: a step of its own to be saved, or its record to be read for its countdown. */
export type WaitingFor = 'write' | 'read';

/**
 * The tables waiting for the database now, and the database errors seen (for operators:
 * metrics.ts and `/healthz` read them, so this layer needs no metrics library). A table
 * starts waiting at its first transient error and stops at its next success.
 */
export class DbWaits {
  readonly errors: Record<DbErrorKind, number> = { transient: 0, permanent: 0 };
  /** The last transient error's message, for `/healthz`. */
  lastError: string | null = null;
  private readonly waiting = new Map<number, { for: WaitingFor; attempts: number }>();

  /** `started` hears of each table that starts waiting (to tell its players). */
  constructor(private readonly started: (tableId: number) => void = () => {}) {}

  /** Counts an error and says what kind it is. */
  count(err: unknown): DbErrorKind {
    const kind = classifyDbError(err);
    this.errors[kind]++;
    if (kind === 'transient') this.lastError = (err as Error).message;
    return kind;
  }

  /** The table failed transiently (again): how many times in a row now. */
  failed(tableId: number, waitingFor: WaitingFor): number {
    const now = this.waiting.get(tableId);
    if (now) {
      now.for = waitingFor;
      return ++now.attempts;
    }
    this.waiting.set(tableId, { for: waitingFor, attempts: 1 });
    this.started(tableId);
    return 1;
  }

  /** The table read or wrote again (or gave up): it waits no more. */
  ended(tableId: number): void {
    this.waiting.delete(tableId);
  }

  waitingFor(tableId: number): WaitingFor | null {
    return this.waiting.get(tableId)?.for ?? null;
  }

  get tablesWaiting(): number {
    return this.waiting.size;
  }
}
