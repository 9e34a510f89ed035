import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTable } from '../../../src/db/table-store.ts';
import { apply, awaiting, type GameState } from '../../../src/engine/index.ts';
import { DB_RETRY, DbWaits } from '../../../src/table/db-waits.ts';
import { gameRecord } from '../../../src/table/game-record.ts';
import { Runtimes } from '../../../src/table/runtimes.ts';
import type { StepRecovery } from '../../../src/table/step-recovery.ts';
import { directStepWriter } from '../../../src/table/step-writer.ts';
import { type StepResult, TableSteps } from '../../../src/table/steps.ts';
import { ABANDONED, TableTimers } from '../../../src/table/timers.ts';
import { ANN, BOB, dealtTable, openTable, silentLog, type TablesFixture, tablesFixture } from './tables-fixture.ts';

/**
 * timers.ts on its own: the steps no player asks for. A game is set up by the table
 * layer (SQLite in memory, a hand-driven clock), then taken up, as after a restart, by
 * a `TableTimers` of the test's own over the real commit loop, with fakes for what it
 * tells: what it publishes, its recovery, the pauses.
 */

const TIMER_S = 10;

describe('the table timers', () => {
  let fx: TablesFixture;
  let runtimes: Runtimes;
  let timers: TableTimers;
  let steps: TableSteps;
  let dbWaits: DbWaits;
  const paused = new Set<number>();
  let published: StepResult[];
  const restartCountdown = vi.fn(async () => null);
  const stepFault = vi.fn();
  const recovery = { succeeded: vi.fn(), failed: vi.fn(async () => {}) };
  const error = vi.fn();

  /** Takes the table up as committed, with its countdown and computer move, as `Tables.resumeAll` does. */
  const takeUp = async (tableId: number) => {
    await fx.tables.close(); // the set-up's own timers stop: only the test's run from here
    const loaded = await loadTable(fx.db, tableId);
    const record = gameRecord(loaded as NonNullable<typeof loaded>);
    runtimes.track(record);
    timers.countdowns.set(String(tableId), record.deadline);
    timers.computers.plan(record);
    return record;
  };
  /** Lets the timer's step, started by the clock, go as far as it can. */
  const drain = async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    await steps.queues.idle();
  };
  const state = (tableId: number) => runtimes.get(tableId)?.record.state as GameState;

  beforeEach(async () => {
    fx = await tablesFixture({ nextDealPauseMs: 1_000 });
    runtimes = new Runtimes();
    dbWaits = new DbWaits();
    published = [];
    paused.clear();
    for (const f of [restartCountdown, stepFault, recovery.succeeded, recovery.failed, error]) f.mockClear();
    timers = new TableTimers({
      db: fx.db,
      runtimes,
      clock: fx.time.clock,
      log: Object.assign(Object.create(silentLog), { error }),
      steps: () => steps,
      recovery: recovery as unknown as StepRecovery,
      isPaused: (tableId) => paused.has(tableId),
      publish: (result) => {
        if (result) published.push(result);
      },
      dbWaits,
      dbRetry: DB_RETRY,
      restartCountdown,
      quietDealsToStop: 2,
      stepFault,
    });
    steps = new TableSteps({
      db: fx.db,
      writer: directStepWriter(fx.db),
      runtimes,
      scheduler: timers.countdowns,
      clock: fx.time.clock,
      committed: (step) => timers.computers.plan(step.record),
      pauseMs: 1_000,
    });
  });

  afterEach(async () => {
    timers.stop();
    await steps.queues.idle();
    await fx.close();
  });

  it('drops the undecided when the countdown ends, and not a moment before', async () => {
    const tableId = await dealtTable(fx, { options: { ante: 5, timer: TIMER_S } });
    const record = await takeUp(tableId);
    fx.time.advance(TIMER_S * 1_000 - 1);
    await drain();
    expect(published).toEqual([]);
    fx.time.advance(1);
    await vi.waitFor(() => expect(published).toHaveLength(1), { interval: 1 });
    const [step] = published as [StepResult];
    expect(step.events).toContainEqual(expect.objectContaining({ type: 'Revealed', timedOut: [ANN.id, '2'] }));
    expect(awaiting(step.after).kind).toBe('between-deals');
    expect(stepFault).toHaveBeenCalledWith(tableId, record.version);
    expect(recovery.succeeded).toHaveBeenCalledWith(tableId);
  });

  it('only reads the table when its countdown comes early, and waits for the one committed', async () => {
    const tableId = await dealtTable(fx, { options: { ante: 5, timer: TIMER_S } });
    const record = await takeUp(tableId);
    timers.countdowns.set(String(tableId), fx.time.clock.now() + 1_000); // a countdown another step has moved on
    fx.time.advance(1_000);
    await drain();
    expect(published).toEqual([]);
    fx.time.advance((record.deadline as number) - fx.time.clock.now());
    await vi.waitFor(() => expect(published).toHaveLength(1), { interval: 1 });
  });

  it('changes nothing when the presses queued before it have ended the round and set a new countdown', async () => {
    const tableId = await dealtTable(fx, { options: { ante: 5, timer: TIMER_S } });
    await takeUp(tableId);
    const stays = (playerId: string) =>
      steps.run(tableId, `stay-${playerId}`, (r) =>
        apply(r.state as GameState, { type: 'declare', playerId, choice: 'stay' }),
      );
    fx.time.advance(TIMER_S * 1_000);
    // Both players' presses reach the table's queue while the countdown's step reads the table.
    await Promise.all([stays(ANN.id), stays(BOB.id)]);
    await drain();
    expect(published).toEqual([]);
    expect(awaiting(state(tableId)).kind).toBe('between-deals');
    expect(state(tableId).dealNo).toBe(1);
  });

  it('runs nothing at a paused table, nor at one whose step waits to be saved', async () => {
    const tableId = await dealtTable(fx, { options: { ante: 5, timer: TIMER_S } });
    await takeUp(tableId);
    paused.add(tableId);
    fx.time.advance(TIMER_S * 1_000);
    await drain();
    paused.delete(tableId);
    dbWaits.failed(tableId, 'write');
    timers.countdowns.set(String(tableId), fx.time.clock.now());
    fx.time.advance(0);
    await drain();
    expect(published).toEqual([]);
    expect(stepFault).not.toHaveBeenCalled();
    // Nothing else held it back: the same countdown, set again, runs.
    dbWaits.ended(tableId);
    timers.countdowns.set(String(tableId), fx.time.clock.now());
    fx.time.advance(0);
    await vi.waitFor(() => expect(published).toHaveLength(1), { interval: 1 });
  });

  it('starts the countdown afresh once the table can be read again after the database was away', async () => {
    const tableId = await dealtTable(fx, { options: { ante: 5, timer: TIMER_S } });
    const record = await takeUp(tableId);
    dbWaits.failed(tableId, 'read');
    fx.time.advance(TIMER_S * 1_000);
    await vi.waitFor(() => expect(restartCountdown).toHaveBeenCalledWith(tableId, record.version, 'dbback'), {
      interval: 1,
    });
    expect(dbWaits.waitingFor(tableId)).toBeNull();
    await drain();
    expect(stepFault).not.toHaveBeenCalled(); // nobody dropped
  });

  it('deals again between deals, and stops a game after two quiet deals in a row, saying why', async () => {
    const tableId = await dealtTable(fx, { options: { ante: 5, timer: TIMER_S } });
    await takeUp(tableId);
    fx.time.advance(TIMER_S * 1_000); // deal 1 ends: nobody pressed in it
    await vi.waitFor(() => expect(published).toHaveLength(1), { interval: 1 });
    expect(runtimes.get(tableId)?.notes.quietDeals).toBe(1);
    fx.time.advance(1_000); // the next deal starts by itself
    await vi.waitFor(() => expect(published).toHaveLength(2), { interval: 1 });
    expect(awaiting(state(tableId)).kind).toBe('declare');
    fx.time.advance(TIMER_S * 1_000); // deal 2 ends quietly too
    await vi.waitFor(() => expect(published).toHaveLength(3), { interval: 1 });
    fx.time.advance(1_000);
    await vi.waitFor(() => expect(published).toHaveLength(4), { interval: 1 });
    const stopped = published[3] as StepResult;
    expect(stopped.note).toBe(ABANDONED);
    expect(stopped.after.phase).toBe('over');
    expect(stopped.record.running).toBe(false);
  });

  it('hands a countdown step that throws to the recovery, with the version it failed at', async () => {
    const tableId = await dealtTable(fx, { options: { ante: 5, timer: TIMER_S } });
    const record = await takeUp(tableId);
    stepFault.mockImplementationOnce(() => {
      throw new Error('boom');
    });
    fx.time.advance(TIMER_S * 1_000);
    await vi.waitFor(() => expect(recovery.failed).toHaveBeenCalledWith(tableId, record.version), { interval: 1 });
    expect(recovery.succeeded).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ tableId }), 'countdown step failed');
    expect(published).toEqual([]);
  });

  it("makes a computer player's move after its pause, as a step of its own, unless the table is paused", async () => {
    const { table: runtime } = await openTable(fx.tables, { options: { ante: 5, timer: TIMER_S } });
    const tableId = runtime.record.id;
    await fx.tables.act(tableId, 'cpu', { type: 'addComputer', by: ANN.id, level: 'bold' });
    await fx.tables.act(tableId, 'deal-1', { type: 'startDeal', by: ANN.id });
    await takeUp(tableId);
    const computer = state(tableId).players.find((p) => p.computer)?.id as string;
    paused.add(tableId);
    fx.time.advance(2_500);
    await drain();
    expect(published).toEqual([]);
    paused.delete(tableId);
    timers.computers.plan(runtimes.get(tableId)?.record as never);
    fx.time.advance(2_500);
    await vi.waitFor(() => expect(published).toHaveLength(1), { interval: 1 });
    const decided = state(tableId).deal?.choices ?? {};
    expect(Object.keys(decided)).toEqual([computer]);
  });
});
