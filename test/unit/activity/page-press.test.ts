import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPagePress } from '../../../src/activity/page-press.ts';
import { ACK_BUDGET_MS, BUSY_STEPS } from '../../../src/table/acknowledge.ts';
import type { Commit, CommitAndPublish } from '../../../src/table/commit-and-publish.ts';

/** The table layer's run as the hub sees it: the commit, then the answer with it under way. */
function commitsWith(inFlight: number): Pick<CommitAndPublish, 'run' | 'inFlight'> {
  return {
    inFlight,
    run: async (commit, answer) => answer(commit()),
  } as Pick<CommitAndPublish, 'run' | 'inFlight'>;
}

/** A commit that resolves (or fails) when told to. */
function heldCommit(): { commit: Commit; resolve: () => void; reject: (err: Error) => void } {
  let resolve = () => {};
  let reject: (err: Error) => void = () => {};
  const done = new Promise<{ step: null }>((ok, fail) => {
    resolve = () => ok({ step: null });
    reject = fail;
  });
  return { commit: () => done, resolve, reject };
}

describe("a page's press, acknowledged as a button's", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a quick step once committed, with no acknowledgement first', async () => {
    const said: string[] = [];
    const held = heldCommit();
    const run = runPagePress(commitsWith(0), held.commit, {
      ack: () => said.push('ack'),
      done: () => said.push('done'),
    });
    await vi.advanceTimersByTimeAsync(ACK_BUDGET_MS - 10);
    held.resolve();
    await run;
    expect(said).toEqual(['done']);
  });

  it('acknowledges a step still running after the budget, then answers it', async () => {
    const said: string[] = [];
    const held = heldCommit();
    const run = runPagePress(commitsWith(0), held.commit, {
      ack: () => said.push('ack'),
      done: () => said.push('done'),
    });
    await vi.advanceTimersByTimeAsync(ACK_BUDGET_MS + 1);
    expect(said).toEqual(['ack']);
    held.resolve();
    await run;
    expect(said).toEqual(['ack', 'done']);
  });

  it('acknowledges at once when the database is busy, as a button is', async () => {
    const said: string[] = [];
    const held = heldCommit();
    const run = runPagePress(commitsWith(BUSY_STEPS), held.commit, {
      ack: () => said.push('ack'),
      done: () => said.push('done'),
    });
    expect(said).toEqual(['ack']);
    held.resolve();
    await run;
    expect(said).toEqual(['ack', 'done']);
  });

  it('passes a refusal after the acknowledgement on to its caller, who answers it', async () => {
    const said: string[] = [];
    const held = heldCommit();
    const run = runPagePress(commitsWith(BUSY_STEPS), held.commit, {
      ack: () => said.push('ack'),
      done: () => said.push('done'),
    });
    held.reject(new Error('the deal moved on'));
    await expect(run).rejects.toThrow('the deal moved on');
    expect(said).toEqual(['ack']);
  });
});
