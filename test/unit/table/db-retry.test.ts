import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { StaleVersionError } from '../../../src/db/table-store.ts';
import type { CommitResult, TableStep } from '../../../src/table/commit.ts';
import { retryingStepWriter } from '../../../src/table/db-retry.ts';
import { DbWaits, retryDelay } from '../../../src/table/db-waits.ts';
import type { StepWriter } from '../../../src/table/step-writer.ts';
import { NO_NOTES } from '../../../src/table/table-notes.ts';
import { fakeClock } from './fake-clock.ts';

const full = () => new SqliteDatabase.SqliteError('database or disk is full', 'SQLITE_FULL');

/**
 * A writer whose commits fail with `failures` in turn, then commit; or, given `saved`,
 * answer as the database does for a key committed before (the first try's, say).
 */
function failingWriter(failures: Error[], saved?: CommitResult, blocks?: () => void) {
  const tried: TableStep[] = [];
  const writer = {
    commitStep: async (step: TableStep): Promise<CommitResult> => {
      tried.push(step);
      const failure = failures.shift();
      if (failure) throw failure;
      blocks?.();
      return saved ?? { applied: true, version: step.expectedVersion + 1, entryId: null };
    },
  } as unknown as StepWriter;
  return { writer, tried };
}

const step: TableStep = {
  tableId: 7,
  expectedVersion: 3,
  key: 'deadline:7:3',
  state: null,
  running: true,
  deadline: 50_000,
  messages: NO_NOTES,
  dealNo: 1,
  events: [],
  transfers: [],
};

/** Lets the retry loop run up to its next sleep. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** What a try may wait inside the database here (SQLite's busy timeout in production). */
const TRY_MAY_BLOCK_MS = 500;

/** `blocks`: what the try that commits does first (waits for a lock, the clock moving meanwhile). */
function setup(failures: Error[], saved?: CommitResult, blocks?: (advance: (ms: number) => void) => void) {
  const { clock, advance, pending } = fakeClock();
  const told: number[] = [];
  const waits = new DbWaits((tableId) => told.push(tableId));
  const { writer, tried } = failingWriter(failures, saved, blocks && (() => blocks(advance)));
  const retrying = retryingStepWriter(writer, {
    waits,
    clock,
    log: pino({ level: 'silent' }),
    options: { firstDelayMs: 100, maxDelayMs: 1_000, giveUpAfterMs: 10_000, tryMayBlockMs: TRY_MAY_BLOCK_MS },
  });
  return { clock, advance, pending, told, waits, tried, retrying };
}

describe('a step writer that waits for the database', () => {
  it('commits at once, untouched, when the database answers', async () => {
    const { retrying, tried, waits, told } = setup([]);
    expect(await retrying.commitStep(step)).toEqual({ applied: true, version: 4, entryId: null });
    expect(tried).toEqual([step]);
    expect(waits.errors).toEqual({ transient: 0, permanent: 0 });
    expect(told).toEqual([]);
  });

  it('goes on as committed when its first try had committed and only the answer was lost', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const saved: CommitResult = { applied: false, onTop: { version: 4, deadline: 50_500 } };
    const { retrying, tried, advance } = setup([lost], saved);
    const committed = retrying.commitStep(step);
    await settle();
    advance(1_000);
    expect(await committed).toEqual({ applied: true, version: 4, deadline: 50_500, entryId: null });
    expect(tried).toHaveLength(2);
  });

  it('passes a replayed key on as not applied on a first try, and once the table moved on', async () => {
    const onTop = { version: 4, deadline: 50_000 };
    expect(await setup([], { applied: false, onTop }).retrying.commitStep(step)).toEqual({ applied: false, onTop });
    const moved = setup([full()], { applied: false, onTop: null });
    const committed = moved.retrying.commitStep(step);
    await settle();
    moved.advance(1_000);
    expect(await committed).toEqual({ applied: false, onTop: null });
  });

  it('waits through transient errors, its table waiting, then commits once with its countdown moved on', async () => {
    const { retrying, tried, waits, told, advance, pending } = setup([full(), full(), full()]);
    const committed = retrying.commitStep(step);
    for (let i = 0; i < 3; i++) {
      await settle();
      expect(waits.waitingFor(7)).toBe('write');
      expect(pending()).toBe(1);
      advance(1_000);
    }
    const result = await committed;
    expect(tried).toHaveLength(4);
    expect(told).toEqual([7]); // the players hear once
    expect(waits.errors).toEqual({ transient: 3, permanent: 0 });
    expect(waits.tablesWaiting).toBe(0);
    // It waited 3 s, and its last try might have waited inside the database: the countdown
    // it commits is that much later than the one it was decided with.
    expect(tried[3]?.deadline).toBe(53_000 + TRY_MAY_BLOCK_MS);
    expect(result).toEqual({ applied: true, version: 4, entryId: null, deadline: 53_000 + TRY_MAY_BLOCK_MS });
  });

  it('takes no time from the players when the try that saves the step waits for a lock first', async () => {
    // The step fails, waits 1 s, and the try after waits for a lock (the clock moves
    // 400 ms) before it commits: the players have as long left after it as before.
    const { clock, retrying, tried, advance } = setup([full()], undefined, (move) => move(400));
    const left = (step.deadline as number) - clock.now();
    const committed = retrying.commitStep(step);
    await settle();
    advance(1_000);
    const result = await committed;
    expect(tried).toHaveLength(2);
    expect(result.applied && (result.deadline as number) - clock.now()).toBeGreaterThanOrEqual(left);
  });

  it('fails at once on a permanent error', async () => {
    const constraint = new SqliteDatabase.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE');
    const { retrying, tried, waits } = setup([constraint]);
    await expect(retrying.commitStep(step)).rejects.toBe(constraint);
    expect(tried).toHaveLength(1);
    expect(waits.errors).toEqual({ transient: 0, permanent: 1 });
    expect(waits.tablesWaiting).toBe(0);
  });

  it('passes a stale version on at once, not counted as a database error', async () => {
    const stale = new StaleVersionError(7, 3, 4);
    const { retrying, tried, waits } = setup([stale]);
    await expect(retrying.commitStep(step)).rejects.toBe(stale);
    expect(tried).toHaveLength(1);
    expect(waits.errors).toEqual({ transient: 0, permanent: 0 });
  });

  it('gives up after its bound, with the real error', async () => {
    const failures = Array.from({ length: 100 }, full);
    const last = failures[failures.length - 1];
    const { retrying, waits, advance } = setup(failures);
    let outcome: unknown = null;
    const committing = retrying.commitStep(step).catch((err: unknown) => {
      outcome = err;
    });
    for (let i = 0; i < 40 && outcome === null; i++) {
      await settle();
      advance(1_000);
    }
    await committing;
    expect((outcome as { code?: string }).code).toBe('SQLITE_FULL');
    expect(outcome).not.toBe(last); // it stopped long before the hundredth try
    expect(waits.tablesWaiting).toBe(0);
  });

  it('stops waiting on shutdown', async () => {
    const { retrying, waits } = setup(Array.from({ length: 5 }, full));
    const committing = retrying.commitStep(step);
    await settle();
    expect(waits.tablesWaiting).toBe(1);
    retrying.stopWaiting();
    await expect(committing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    expect(waits.tablesWaiting).toBe(0);
  });
});

describe('retry delays', () => {
  it('double up to their bound, each somewhere in its second half', () => {
    const options = { firstDelayMs: 100, maxDelayMs: 1_000, giveUpAfterMs: 0, tryMayBlockMs: 0 };
    expect([0, 1, 2, 3, 4, 10].map((a) => retryDelay(options, a, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect([0, 1, 2, 3, 4, 10].map((a) => retryDelay(options, a, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
  });
});
