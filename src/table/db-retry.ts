import { StaleVersionError } from '../db/table-store.ts';
import type { Logger } from '../log.ts';
import { CarriedPotMovedError, type CommitResult, type TableStep } from './commit.ts';
import { DB_RETRY, type DbRetryOptions, type DbWaits, retryDelay } from './db-waits.ts';
import type { Clock } from './scheduler.ts';
import type { StepWriter } from './step-writer.ts';

export interface RetryingWriter extends StepWriter {
  /** Ends every wait now: each step still waiting fails with its last error (shutdown). */
  stopWaiting(): void;
}

/**
 * A step writer whose steps wait for the database when it fails transiently (a full
 * disk, a lock held elsewhere, a PostgreSQL restart: db/db-error-kind.ts) and are committed
 * once it is back, instead of failing the table. Retrying is safe: a step commits all
 * or nothing, under its idempotency key. The table's queue waits meanwhile, and its
 * countdown with it: the step commits its countdown moved on by the time it waited (and
 * by what its last try may have waited inside the database), so nobody's time runs out
 * while nothing could be saved. A permanent error, or a wait
 * past `giveUpAfterMs`, fails the step as before. A step that commits at once costs one
 * try block more.
 */
export function retryingStepWriter(
  writer: StepWriter,
  deps: { waits: DbWaits; clock: Clock; log: Logger; options?: Partial<DbRetryOptions> },
): RetryingWriter {
  const { waits, clock, log } = deps;
  const options = { ...DB_RETRY, ...deps.options };
  const sleepers = new Set<() => void>();
  let stopped = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        sleepers.delete(wake);
        clock.clearTimeout(handle);
        resolve();
      };
      const handle = clock.setTimeout(wake, ms);
      sleepers.add(wake);
    });

  async function commitStep(step: TableStep): Promise<CommitResult> {
    let started: number | null = null;
    for (let attempt = 0; ; attempt++) {
      const waited = started === null ? 0 : clock.now() - started;
      // Moved on by the time waited so far and by what this try may wait yet (tryMayBlockMs).
      const moved =
        started !== null && step.deadline !== null
          ? { ...step, deadline: step.deadline + waited + options.tryMayBlockMs }
          : step;
      try {
        const result = await writer.commitStep(moved);
        if (started === null) return result;
        waits.ended(step.tableId);
        log.info({ tableId: step.tableId, key: step.key, waitedMs: waited, attempts: attempt + 1 }, 'step saved');
        if (result.applied) return { ...result, deadline: moved.deadline };
        // An earlier try committed, and its answer was lost with the connection (PostgreSQL
        // went away after COMMIT): the step is saved, and still the table's last. It goes
        // on as committed, so its result is published; not a step someone else committed.
        if (result.onTop) return { applied: true, ...result.onTop, entryId: null };
        return result;
      } catch (err) {
        // Another process moved the table on, or the pot: not the database failing.
        if (err instanceof StaleVersionError || err instanceof CarriedPotMovedError) throw err;
        const kind = waits.count(err);
        started ??= clock.now();
        if (kind === 'permanent' || stopped || clock.now() - started >= options.giveUpAfterMs) {
          waits.ended(step.tableId);
          throw err;
        }
        // The real error, once per wait (then each tenth retry): it says what to fix.
        if (attempt % 10 === 0)
          log.warn({ err, tableId: step.tableId, key: step.key, attempt }, 'cannot save the step: the table waits');
        waits.failed(step.tableId, 'write');
        await sleep(retryDelay(options, attempt));
      }
    }
  }

  return {
    ...writer,
    commitStep,
    stopWaiting() {
      stopped = true;
      for (const wake of [...sleepers]) wake();
    },
  };
}
