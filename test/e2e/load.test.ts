import { runTableLoad } from '@guts/harness/load/table-load.ts';
import { describe, expect, it } from 'vitest';

/**
 * 200 tables in one bot process, 5 players each, pressing at random within the
 * countdown: every interaction is acknowledged within Discord's 3 seconds (the local
 * Discord refuses late ones), every deal settles exactly once, the ledger balances.
 * How fast is the benchmark's business (`ack-latency`, `e2e-deals`), not this test's.
 */
describe('200 tables at once', () => {
  it('acknowledges every interaction in time and settles every deal once', { timeout: 240_000 }, async () => {
    const result = await runTableLoad({
      tables: 200,
      playersPerTable: 5,
      dealsPerTable: 1,
      startWithinMs: 5_000,
      // Ten seconds: the presses of 200 tables come at 100 a second, more than a night
      // brings, and the test waits that long (at 20 s it waited twice as long for half the rate).
      pressWithinMs: 10_000,
      // Every press is meant to land inside the countdown: a shared, busy machine can
      // hold a press back by seconds, and a refusal then would say nothing about acks.
      timer: 90,
      seed: 11,
    });
    expect(result.refused).toEqual([]);
    expect(result.acks.dispatched).toBe(200 * (1 + 4 + 1 + 5 + 1));
    expect(result.acks.acknowledged).toBe(result.acks.dispatched);
    expect(result.acks.missed).toBe(0);
    expect(result.dealsSettled).toBe(200);
    expect(result.settledTwice).toBe(0);
    expect(result.auditOk).toBe(true);
  });
});
