import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame } from '../../../src/engine/index.ts';
import type { GameRecord } from '../../../src/table/game-record.ts';
import { Runtimes } from '../../../src/table/runtimes.ts';
import type { StepListener, StepResult, TableSteps } from '../../../src/table/steps.ts';
import { TableLifecycle } from '../../../src/table/table-lifecycle.ts';
import type { TableTimers } from '../../../src/table/timers.ts';
import { CAT, gameRecord, openTable, PLACE, type TablesFixture, tablesFixture } from './tables-fixture.ts';

/**
 * table-lifecycle.ts on its own, over a database where another `Tables` opened games:
 * what a restart takes up again (or ends), the one listener, an ended game let go, and
 * shutdown. The countdowns, computer moves and step queue are fakes that write down
 * what they were asked.
 */

const state = createGame({ variant: 'three-card', options: {}, rng: [1, 2, 3, 4], host: '1', hostName: 'Ann' });
const record = (o: Partial<GameRecord> = {}): GameRecord => gameRecord(state, o);

let fx: TablesFixture;
beforeEach(async () => {
  fx = await tablesFixture();
});
afterEach(async () => {
  await fx.close();
});

/** The fake steps here carry their key, to tell them apart. */
const keyOf = (step: StepResult) => (step as unknown as { key: string }).key;

function setUp() {
  const held = new Runtimes();
  const countdowns = { set: vi.fn() };
  const computers = { plan: vi.fn() };
  const timers = { countdowns, computers, stop: vi.fn() };
  const idle = vi.fn(async () => {});
  const steps = {
    run: vi.fn(async (_tableId: number, key: string) => ({ key }) as unknown as StepResult),
    inFlight: 3,
    queues: { idle },
  };
  const stopWaiting = vi.fn();
  const lifecycle = new TableLifecycle({
    db: fx.db,
    held,
    steps: steps as unknown as TableSteps,
    timers: timers as unknown as TableTimers,
    stopWaiting,
  });
  const heard: string[] = [];
  const listener: StepListener = {
    committed: (step) => heard.push(`committed ${keyOf(step)}`),
    publish: (step) => heard.push(`publish ${keyOf(step)}`),
    resumed: (tableId) => heard.push(`resumed ${tableId}`),
    tell: (tableId, key) => heard.push(`tell ${tableId} ${key}`),
  };
  return { held, countdowns, computers, timers, steps, idle, stopWaiting, lifecycle, heard, listener };
}

describe('after a restart', () => {
  it('takes up every open table this process serves: held, its countdown and computers planned, the listener told, ready', async () => {
    const first = (await openTable(fx.tables)).table.record;
    const elsewhere = (
      await openTable(fx.tables, { place: { guildId: '900', channelId: '901' }, host: CAT, key: 'start-2' })
    ).table.record;
    const { lifecycle, held, countdowns, computers, heard, listener } = setUp();
    lifecycle.listen(listener);
    expect(await lifecycle.resumeAll((guildId) => guildId === PLACE.guildId)).toBe(1);
    expect(held.get(first.id)?.record.version).toBe(first.version);
    expect(held.get(elsewhere.id)).toBeUndefined();
    expect(countdowns.set).toHaveBeenCalledWith(String(first.id), first.deadline);
    expect(computers.plan).toHaveBeenCalledWith(expect.objectContaining({ id: first.id }));
    expect(heard).toEqual([`resumed ${first.id}`]);
    await expect(lifecycle.ready).resolves.toBeUndefined();
  });

  it('is ready even when the open tables cannot be read', async () => {
    const { lifecycle } = setUp();
    await fx.close();
    await expect(lifecycle.resumeAll()).rejects.toThrow();
    await expect(lifecycle.ready).resolves.toBeUndefined();
    fx = await tablesFixture(); // afterEach closes one
  });

  it('or ends every open game, each a step by the clock keyed by its version, told as committed then published', async () => {
    const first = (await openTable(fx.tables)).table.record;
    const { lifecycle, steps, heard, listener, countdowns } = setUp();
    lifecycle.listen(listener);
    expect(await lifecycle.endAll()).toBe(1);
    const key = `restart:${first.id}:${first.version}`;
    expect(steps.run).toHaveBeenCalledWith(first.id, key, expect.any(Function), 'clock');
    expect(heard).toEqual([`committed ${key}`, `publish ${key}`]);
    expect(countdowns.set).not.toHaveBeenCalled();
    await expect(lifecycle.ready).resolves.toBeUndefined();
  });
});

describe('the listener', () => {
  it('is whichever one was set last, even for what was handed out before (heard)', () => {
    const { lifecycle, heard, listener } = setUp();
    const { heard: early } = lifecycle;
    lifecycle.listen(listener);
    early.committed({ key: 'a' } as unknown as StepResult);
    lifecycle.tell(7, 'why');
    expect(heard).toEqual(['committed a', 'tell 7 why']);
  });

  it("hears this layer's own steps committed then published, and nothing of a step that changed nothing", () => {
    const { lifecycle, heard, listener } = setUp();
    lifecycle.listen(listener);
    lifecycle.tellOwn(null);
    lifecycle.tellOwn({ key: 'timer' } as unknown as StepResult);
    expect(heard).toEqual(['committed timer', 'publish timer']);
  });
});

describe('an ended game let go (release)', () => {
  it("frees only that game's table, once it is over, and says whether a newer game holds the table", () => {
    const { lifecycle, held } = setUp();
    const running = held.track(record());
    expect(lifecycle.release(running)).toBe(true);
    expect(held.get(7)).toBe(running);
    const ended = held.track(record({ running: false, version: 5 }));
    // A new game opened at the table since: its own runtime stays.
    const next = held.track(record({ version: 6 }), { notes: { ...ended.notes, dealBase: 1 } });
    expect(lifecycle.release(ended)).toBe(true);
    expect(held.get(7)).toBe(next);
    const over = held.track(record({ running: false, version: 7 }));
    expect(lifecycle.release(over)).toBe(false);
    expect(held.get(7)).toBeUndefined();
  });
});

describe('shutting down', () => {
  it('stops the timers and the waits for the database, then waits for the steps under way', async () => {
    const { lifecycle, timers, stopWaiting, idle, steps } = setUp();
    await lifecycle.close();
    expect(timers.stop).toHaveBeenCalled();
    expect(stopWaiting).toHaveBeenCalled();
    expect(idle).toHaveBeenCalled();
    expect(lifecycle.inFlight).toBe(steps.inFlight);
  });
});
