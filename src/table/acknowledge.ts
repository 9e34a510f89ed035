import type { Logger } from '../log.ts';
import type { Commit, CommitAndPublish, Committed } from './commit-and-publish.ts';

/**
 * When a surface acknowledges a press before answering it, the same for every surface:
 * a chat's button (Discord's deferred update) and the Activity's page (its `ack` frame).
 * Discord gives an interaction 3 seconds, but a player feels anything past a tenth of
 * one. Most steps take milliseconds and are answered in one call; one still running
 * after ACK_BUDGET_MS (a busy table or database) is acknowledged first ("thinking…")
 * and answered when done.
 */
export const ACK_BUDGET_MS = 100;

/** When many steps are already waiting for the database (`CommitAndPublish.inFlight`), acknowledge before queueing. */
export const BUSY_STEPS = 8;

export async function ackIfSlow<T>(
  work: Promise<T>,
  defer: () => Promise<unknown>,
): Promise<{ work: Promise<T>; deferred: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<true>((resolve) => {
    timer = setTimeout(() => resolve(true), ACK_BUDGET_MS);
  });
  const tooSlow = await Promise.race([
    work.then(
      () => false,
      () => false,
    ),
    slow,
  ]);
  clearTimeout(timer);
  if (tooSlow) await defer();
  return { work, deferred: tooSlow };
}

/** How a surface answers one press's step (`answerStep`). */
export interface PressAnswerer<C extends Committed, T> {
  /** Acknowledges the press (a deferred interaction, the page's `ack` frame); answered later by `answer`. */
  ack(): Promise<unknown>;
  /** What the answer needs once the step is committed (its private message drawn…): within the budget too. */
  prepare(committed: Promise<C>): Promise<T>;
  /** Answers the press: `acked`, whether `ack` went first. */
  answer(prepared: T, acked: boolean): Promise<void>;
  /** Answering failed (after the step committed, or not). */
  failed?(): void;
}

/**
 * The one way a press's step is acknowledged and answered, whatever its surface: at once
 * when BUSY_STEPS or more steps already wait for the database (before queueing this one),
 * else once the commit and `prepare` have taken ACK_BUDGET_MS; answered when prepared.
 * The step goes through `commits.run`: committed, answered, then published.
 */
export async function answerStep<C extends Committed, T>(
  commits: Pick<CommitAndPublish, 'run' | 'inFlight'>,
  commit: Commit<C>,
  answerer: PressAnswerer<C, T>,
  how: { pressedInActivity?: boolean; log?: Logger } = {},
): Promise<void> {
  const busy = commits.inFlight >= BUSY_STEPS;
  if (busy) await answerer.ack();
  // The table layer publishes once this answers, even if answering fails.
  await commits.run(
    commit,
    async (committed) => {
      try {
        const ready = answerer.prepare(committed);
        const acked = busy ? { work: ready, deferred: true } : await ackIfSlow(ready, () => answerer.ack());
        await answerer.answer(await acked.work, acked.deferred);
      } catch (err) {
        answerer.failed?.();
        throw err;
      }
    },
    how,
  );
}
