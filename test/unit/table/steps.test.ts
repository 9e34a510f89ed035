import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTable } from '../../../src/db/table-store.ts';
import { apply } from '../../../src/engine/index.ts';
import { type GameRecord, gameOf, gameRecord } from '../../../src/table/game-record.ts';
import { Runtimes } from '../../../src/table/runtimes.ts';
import { DeadlineScheduler } from '../../../src/table/scheduler.ts';
import { directStepWriter } from '../../../src/table/step-writer.ts';
import { type StepResult, TableSteps } from '../../../src/table/steps.ts';
import { UserFacingError } from '../../../src/table/user-facing-error.ts';
import { BOB, CAT, openTable, type TablesFixture, tablesFixture } from './tables-fixture.ts';

/**
 * The commit loop on its own (table/steps.ts): one step at a time per table, from the
 * latest record; a step decided on what this process held when another process had
 * moved the table on is decided again from the table as committed.
 */

let fx: TablesFixture;
let tableId: number;
beforeEach(async () => {
  fx = await tablesFixture();
  tableId = (await openTable(fx.tables)).table.record.id;
});
afterEach(() => fx.close());

/** A process's commit loop over the fixture's database: its own runtimes, its own countdowns. */
function commitLoop() {
  const runtimes = new Runtimes();
  const due: string[] = [];
  const committed: StepResult[] = [];
  const scheduler = new DeadlineScheduler((key) => due.push(key), fx.time.clock);
  const steps = new TableSteps({
    db: fx.db,
    writer: directStepWriter(fx.db),
    runtimes,
    scheduler,
    clock: fx.time.clock,
    committed: (step) => committed.push(step),
  });
  const load = async () => runtimes.track(gameRecord((await loadTable(fx.db, tableId)) ?? fail()));
  return { runtimes, steps, committed, load, stop: () => scheduler.stop() };
}

const fail = (): never => {
  throw new Error('no table');
};

const join = (who: { id: string; name: string }) => (record: GameRecord) =>
  apply(gameOf(record), { type: 'join', playerId: who.id, name: who.name });

describe('the commit loop', () => {
  it('commits a decision as the next version, holds it for the next step, and says it committed', async () => {
    const loop = commitLoop();
    const step = await loop.steps.run(tableId, 'join-bob', join(BOB));
    expect(step?.before?.players.map((p) => p.id)).toEqual(['1']);
    expect(step?.after.players.map((p) => p.id)).toEqual(['1', BOB.id]);
    expect(step?.events.map((e) => e.type)).toEqual(['PlayerJoined']);
    expect(step?.record.version).toBe(2);
    expect(loop.runtimes.get(tableId)?.record).toBe(step?.record);
    expect(loop.committed).toEqual([step]);
    const saved = await loadTable(fx.db, tableId);
    expect(saved?.version).toBe(2);
    expect(gameOf(gameRecord(saved ?? fail())).players).toHaveLength(2);
    loop.stop();
  });

  it('writes nothing for a decision of no change, nor for a key committed before', async () => {
    const loop = commitLoop();
    expect(await loop.steps.run(tableId, 'nothing', () => null)).toBeNull();
    expect((await loadTable(fx.db, tableId))?.version).toBe(1);
    await loop.steps.run(tableId, 'join-bob', join(BOB));
    expect(await loop.steps.run(tableId, 'join-bob', join(CAT))).toBeNull();
    expect(gameOf(gameRecord((await loadTable(fx.db, tableId)) ?? fail())).players.map((p) => p.id)).toEqual([
      '1',
      BOB.id,
    ]);
    expect(loop.committed).toHaveLength(1);
    loop.stop();
  });

  it('hands a refusal to the caller with nothing written', async () => {
    const loop = commitLoop();
    const refused = loop.steps.run(tableId, 'refused', () => {
      throw new UserFacingError('refusal.gameOver');
    });
    await expect(refused).rejects.toThrow(UserFacingError);
    expect((await loadTable(fx.db, tableId))?.version).toBe(1);
    expect(loop.steps.inFlight).toBe(0);
    loop.stop();
  });

  it('decides again from the table as committed when another process moved it on', async () => {
    const mine = commitLoop();
    const theirs = commitLoop();
    await mine.load();
    await theirs.steps.run(tableId, 'their-join', join(BOB));
    // What this process holds is version 1; the commit finds version 2 and decides again from it.
    const seen: number[] = [];
    const step = await mine.steps.run(tableId, 'my-join', (record) => {
      seen.push(record.version);
      return join(CAT)(record);
    });
    expect(seen).toEqual([1, 2]);
    expect(step?.after.players.map((p) => p.id)).toEqual(['1', BOB.id, CAT.id]);
    expect(step?.record.version).toBe(3);
    mine.stop();
    theirs.stop();
  });

  it('takes a refusal decided on a stale record as stale: reloads and decides again', async () => {
    const mine = commitLoop();
    const theirs = commitLoop();
    await mine.load();
    await theirs.steps.run(tableId, 'their-join', join(BOB));
    const seen: number[] = [];
    const step = await mine.steps.run(tableId, 'deal', (record) => {
      seen.push(record.version);
      // Only Ann is seated as this process last saw the table: the engine refuses a deal.
      return apply(gameOf(record), { type: 'startDeal', by: '1' });
    });
    expect(seen).toEqual([1, 2]);
    expect(step?.after.phase).toBe('deal');
    // Held as committed: its countdown runs from it.
    expect(mine.runtimes.get(tableId)?.record.deadline).toBe(step?.record.deadline);
    expect(step?.record.deadline).toBeGreaterThan(fx.time.clock.now());
    mine.stop();
    theirs.stop();
  });

  it('counts the steps queued or running, one at a time per table', async () => {
    const loop = commitLoop();
    const order: string[] = [];
    const first = loop.steps.run(tableId, 'a', (record) => {
      order.push('a');
      return join(BOB)(record);
    });
    const second = loop.steps.run(tableId, 'b', (record) => {
      order.push(`b after ${record.version}`);
      return join(CAT)(record);
    });
    expect(loop.steps.inFlight).toBe(2);
    await Promise.all([first, second]);
    expect(order).toEqual(['a', 'b after 2']);
    expect(loop.steps.inFlight).toBe(0);
    loop.stop();
  });
});
