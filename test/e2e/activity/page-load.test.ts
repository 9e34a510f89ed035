import { runTableLoad } from '@guts/harness/load/table-load.ts';
import { describe, expect, it } from 'vitest';

/**
 * The load with one player per table in the Activity (the `activity-press` bench's, made
 * small): each signs in as the page does, opens its WebSocket and presses Stay from the
 * page while the others press buttons. Every page press is answered and counted, the
 * chat's players are unchanged, every deal settles once. How fast is the bench's business.
 */
describe('tables with a player in the Activity', () => {
  it('answers every press from the page and settles every deal once', { timeout: 120_000 }, async () => {
    const tables = 10;
    const deals = 2;
    const result = await runTableLoad({
      tables,
      playersPerTable: 5,
      dealsPerTable: deals,
      startWithinMs: 1_000,
      pressWithinMs: 2_000,
      timer: 90,
      seed: 5,
      activityPlayer: true,
    });
    expect(result.refused).toEqual([]);
    expect(result.pagePresses?.presses).toBe(tables * deals);
    // Start, four joins, Deal, four Stays on buttons a deal (the fifth is the page's), stop.
    expect(result.acks.dispatched).toBe(tables * (1 + 4 + 1 + deals * 4 + 1));
    expect(result.acks.missed).toBe(0);
    expect(result.dealsSettled).toBe(tables * deals);
    expect(result.settledTwice).toBe(0);
    expect(result.auditOk).toBe(true);
  });
});
