import { describe, expect, it, vi } from 'vitest';
import { createGame } from '../../../src/engine/index.ts';
import type { GameRecord } from '../../../src/table/game-record.ts';
import { TablePauses } from '../../../src/table/pauses.ts';
import { Runtimes } from '../../../src/table/runtimes.ts';
import { DeadlineScheduler } from '../../../src/table/scheduler.ts';
import type { Decided, StepResult, TableSteps } from '../../../src/table/steps.ts';
import { fakeClock } from './fake-clock.ts';

/**
 * pauses.ts on its own: a paused table's countdown stops, and resuming commits the
 * table with its countdown started afresh. The countdowns are a real scheduler on a
 * hand-driven clock; the step queue is a fake that runs the decision on the table's
 * record and writes down its key.
 */

const state = createGame({ variant: 'three-card', options: {}, rng: [1, 2, 3, 4], host: '1', hostName: 'Ann' });
const record = (o: Partial<GameRecord> = {}): GameRecord => ({
  id: 7,
  guildId: '100',
  channelId: '200',
  version: 4,
  running: true,
  state,
  deadline: 5_000,
  messages: {},
  dealNo: 0,
  updatedAt: 0,
  ...o,
});

function setUp(table: GameRecord = record()) {
  const time = fakeClock();
  const runtimes = new Runtimes();
  runtimes.track(table);
  const fired = vi.fn();
  const countdowns = new DeadlineScheduler(fired, time.clock);
  const ran: { key: string; by: string | undefined; decided: Decided | null }[] = [];
  const steps = {
    run: vi.fn(async (_tableId: number, key: string, decide: (r: GameRecord) => Decided | null, by?: string) => {
      const decided = decide(runtimes.get(table.id)?.record as GameRecord);
      ran.push({ key, by, decided });
      return decided ? ({ key } as unknown as StepResult) : null;
    }),
  };
  const pauses = new TablePauses({
    runtimes,
    countdowns: () => countdowns,
    steps: () => steps as unknown as TableSteps,
  });
  return { time, runtimes, fired, countdowns, steps, ran, pauses };
}

describe('pausing a table', () => {
  it('stops its countdown and says it is paused, until it is resumed', async () => {
    const { time, fired, countdowns, pauses, ran } = setUp();
    countdowns.set('7', 5_000);
    pauses.pause(7);
    expect(pauses.isPaused(7)).toBe(true);
    time.advance(10_000);
    expect(fired).not.toHaveBeenCalled();
    await expect(pauses.resume(7)).resolves.not.toBeNull();
    expect(pauses.isPaused(7)).toBe(false);
    // Committed as it is, by the clock, its countdown started again in full, keyed by the version resumed from.
    expect(ran).toEqual([{ key: 'resume:7:4', by: 'clock', decided: { state, events: [], restartCountdown: true } }]);
  });

  it('leaves a table with no running game alone', async () => {
    const { countdowns, fired, time, pauses, steps } = setUp(record({ running: false }));
    countdowns.set('7', 5_000);
    pauses.pause(7);
    pauses.pause(8); // a table this process does not hold
    expect(pauses.isPaused(7)).toBe(false);
    expect(pauses.isPaused(8)).toBe(false);
    time.advance(5_000);
    expect(fired).toHaveBeenCalledTimes(1);
    await expect(pauses.resume(7)).resolves.toBeNull();
    expect(steps.run).not.toHaveBeenCalled();
  });

  it('resumes once: a table not paused, or resumed already, commits nothing', async () => {
    const { pauses, steps } = setUp();
    await expect(pauses.resume(7)).resolves.toBeNull();
    pauses.pause(7);
    await pauses.resume(7);
    await expect(pauses.resume(7)).resolves.toBeNull();
    expect(steps.run).toHaveBeenCalledTimes(1);
  });

  it('does not resume a game that ended while it was paused', async () => {
    const { pauses, runtimes, steps } = setUp();
    pauses.pause(7);
    runtimes.track(record({ running: false, version: 5 }));
    await expect(pauses.resume(7)).resolves.toBeNull();
    expect(pauses.isPaused(7)).toBe(false);
    expect(steps.run).not.toHaveBeenCalled();
  });
});

describe('starting a countdown afresh', () => {
  it('commits the running table unchanged, and nothing once its game is over', async () => {
    const { pauses, runtimes, ran } = setUp();
    await expect(pauses.restartCountdown(7, 4, 'dbback')).resolves.not.toBeNull();
    runtimes.track(record({ running: false, version: 5 }));
    await expect(pauses.restartCountdown(7, 5, 'dbback')).resolves.toBeNull();
    expect(ran.map((r) => [r.key, r.decided?.restartCountdown ?? null])).toEqual([
      ['dbback:7:4', true],
      ['dbback:7:5', null],
    ]);
  });
});
