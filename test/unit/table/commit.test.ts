import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dealHistory, dealsHistory } from '../../../src/db/hand-history.ts';
import type { OpenDatabase } from '../../../src/db/index.ts';
import {
  createOrLoadTable,
  listOpenTables,
  loadTable,
  StaleVersionError,
  type TableRecord,
} from '../../../src/db/table-store.ts';
import type { Transfer } from '../../../src/engine/transfer.ts';
import { auditLedger, channelPotReserve, playerBalances, reset } from '../../../src/ledger/index.ts';
import { CarriedPotMovedError, commitStep, type TableStep } from '../../../src/table/commit.ts';
import { backends } from '../../support/backends.ts';

const ante = (id: string, amount = 10): Transfer => ({
  from: { kind: 'player', id },
  to: { kind: 'pot' },
  amount,
  reason: 'ante',
});

/** A step of any JSON: the transaction stores what it is given (the table layer's steps are typed). */
type AnyStep = TableStep<unknown, unknown, unknown>;

/** A step on `table` with sensible defaults for what a test does not care about. */
function step(table: TableRecord, over: Partial<AnyStep> = {}): AnyStep {
  return {
    tableId: table.id,
    expectedVersion: table.version,
    key: `step-${table.version + 1}`,
    state: { phase: 'declare', n: table.version + 1 },
    running: true,
    deadline: null,
    messages: { table: 'm1' },
    dealNo: 1,
    events: [],
    transfers: [],
    ...over,
  };
}

describe.each(backends)('table store on $name', (backend) => {
  let o: OpenDatabase;
  beforeEach(async () => {
    o = await backend.fresh();
  });
  afterEach(() => o.close());

  it('creates one table per channel and loads it again', async () => {
    const a = await createOrLoadTable(o.db, 'g1', 'c1');
    expect(a).toMatchObject({
      guildId: 'g1',
      channelId: 'c1',
      version: 0,
      running: false,
      state: null,
      deadline: null,
      messages: {},
      dealNo: 0,
    });
    expect((await createOrLoadTable(o.db, 'g1', 'c1')).id).toBe(a.id);
    expect((await createOrLoadTable(o.db, 'g1', 'c2')).id).not.toBe(a.id);
    expect(await loadTable(o.db, a.id)).toEqual(a);
    expect(await loadTable(o.db, a.id + 100)).toBeNull();
  });

  it('commits state, version, deadline, messages, history and postings together', async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    const result = await commitStep(
      o.db,
      step(t, {
        key: 'interaction-1',
        state: { phase: 'declare', players: ['ann', 'bob'] },
        deadline: 1_800_000_000_000,
        messages: { table: '111', showdown: null },
        events: [{ type: 'dealt' }, { type: 'ante' }],
        transfers: [ante('ann'), ante('bob')],
        displayNames: { ann: 'Ann' },
        at: 42,
      }),
    );
    expect(result).toEqual({ applied: true, version: 1, entryId: expect.any(Number) });
    expect(await loadTable(o.db, t.id)).toEqual({
      ...t,
      version: 1,
      running: true,
      state: { phase: 'declare', players: ['ann', 'bob'] },
      deadline: 1_800_000_000_000,
      messages: { table: '111', showdown: null },
      dealNo: 1,
      updatedAt: 42,
    });
    expect(await channelPotReserve(o.db, 'g1', 'c1')).toEqual({ pot: 20, reserve: 0 });
    expect(await playerBalances(o.db, 'g1')).toEqual([
      { userId: 'ann', displayName: 'Ann', balance: -10 },
      { userId: 'bob', displayName: null, balance: -10 },
    ]);
    const entry = await o.db.selectFrom('journal_entries').selectAll().executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      id: result.applied ? result.entryId : -1,
      key: 'interaction-1',
      kind: 'deal',
      channel_id: 'c1',
      created_at: 42,
    });
  });

  it('applies a key once: a retry, even one computed from the old version, changes nothing', async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    const first = step(t, {
      key: 'click',
      transfers: [ante('ann')],
      events: [{ type: 'PlayerLeft', playerId: 'ann' }],
    });
    expect((await commitStep(o.db, first)).applied).toBe(true);
    // The step is still the table's last: a retry learns how it left the table.
    const onTop = { version: 1, deadline: null };
    expect(await commitStep(o.db, first)).toEqual({ applied: false, onTop });
    expect(await commitStep(o.db, { ...first, expectedVersion: 1, state: { other: true } })).toEqual({
      applied: false,
      onTop,
    });
    const now = await loadTable(o.db, t.id);
    expect(now?.version).toBe(1);
    expect(now?.state).toEqual(first.state);
    expect(await dealHistory(o.db, t.id, 1)).toEqual([{ type: 'PlayerLeft', playerId: 'ann' }]);
    expect(await channelPotReserve(o.db, 'g1', 'c1')).toEqual({ pot: 10, reserve: 0 });
  });

  it("tells a replayed key how its step left the table only while that step is the table's last", async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    const other = await createOrLoadTable(o.db, 'g1', 'c2');
    const first = step(t, { key: 'deal', deadline: 5_000 });
    await commitStep(o.db, first);
    expect(await commitStep(o.db, first)).toEqual({ applied: false, onTop: { version: 1, deadline: 5_000 } });
    // Another table's step under the same key is not this table's.
    expect(await commitStep(o.db, step(other, { key: 'deal' }))).toEqual({ applied: false, onTop: null });
    await commitStep(o.db, step({ ...t, version: 1 }, { key: 'next' }));
    expect(await commitStep(o.db, first)).toEqual({ applied: false, onTop: null });
  });

  it('refuses a stale version with a typed error and writes nothing', async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    await commitStep(o.db, step(t, { key: 'a' }));
    const stale = commitStep(o.db, step(t, { key: 'b', transfers: [ante('ann')], events: [{ type: 'x' }] }));
    await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
    await expect(stale).rejects.toMatchObject({ tableId: t.id, expectedVersion: 0, actualVersion: 1 });
    // The refused key was not recorded: computed again from the fresh version, it applies.
    const fresh = (await loadTable(o.db, t.id))!;
    expect((await commitStep(o.db, step(fresh, { key: 'b' }))).applied).toBe(true);
    expect(await o.db.selectFrom('journal_entries').selectAll().execute()).toEqual([]);
    await expect(commitStep(o.db, step({ ...t, id: t.id + 99 }, { key: 'c' }))).rejects.toThrow(/foreign key/i);
  });

  it('lets exactly one of two racing writers of the same version win', async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    const outcomes = await Promise.allSettled([
      commitStep(o.db, step(t, { key: 'left', transfers: [ante('ann')] })),
      commitStep(o.db, step(t, { key: 'right', transfers: [ante('bob')] })),
    ]);
    expect(outcomes.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = outcomes.find((r) => r.status === 'rejected');
    expect(loser?.status === 'rejected' && loser.reason).toBeInstanceOf(StaleVersionError);
    expect((await loadTable(o.db, t.id))?.version).toBe(1);
    expect((await channelPotReserve(o.db, 'g1', 'c1')).pot).toBe(10);
    expect((await auditLedger(o.db)).ok).toBe(true);
  });

  it('keeps each deal’s events in commit order', async () => {
    let t = await createOrLoadTable(o.db, 'g1', 'c1');
    const line = (playerId: string) => ({ type: 'PlayerLeft', playerId });
    const script: [number, unknown[]][] = [
      [1, [line('deal'), line('ante')]],
      [1, [line('ann')]],
      [1, []],
      [2, [line('deal 2')]],
      [1, [line('late')]],
      [3, [line('deal 3')]],
    ];
    for (const [dealNo, events] of script) {
      await commitStep(o.db, step(t, { dealNo, events }));
      t = (await loadTable(o.db, t.id))!;
    }
    expect(await dealHistory(o.db, t.id, 1)).toEqual([line('deal'), line('ante'), line('ann'), line('late')]);
    expect(await dealHistory(o.db, t.id, 2)).toEqual([line('deal 2')]);
    expect(await dealHistory(o.db, t.id, 4)).toEqual([]);
    // Several deals in one query, still in commit order.
    expect(await dealsHistory(o.db, t.id, 2, 3)).toEqual([line('deal 2'), line('deal 3')]);
    expect(await dealsHistory(o.db, t.id, 1, 2)).toEqual([
      line('deal'),
      line('ante'),
      line('ann'),
      line('deal 2'),
      line('late'),
    ]);
  });

  it('refuses a hand history line the bot never writes, where it is read', async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    await commitStep(o.db, step(t, { dealNo: 1, events: [{ type: 'PlayerLeft', playerId: 'ann' }, { type: 'stay' }] }));
    await expect(dealHistory(o.db, t.id, 1)).rejects.toThrow(/deal 1 of table \d+ holds a line the bot never writes/);
  });

  it('lists running tables, earliest deadline first', async () => {
    const tables = await Promise.all(['c1', 'c2', 'c3', 'c4'].map((c) => createOrLoadTable(o.db, 'g1', c)));
    const [t1, t2, t3, t4] = tables as [TableRecord, TableRecord, TableRecord, TableRecord];
    await commitStep(o.db, step(t1, { key: 'k1', deadline: 5000 }));
    await commitStep(o.db, step(t2, { key: 'k2', deadline: null }));
    await commitStep(o.db, step(t3, { key: 'k3', deadline: 3000 }));
    await commitStep(o.db, step(t4, { key: 'k4', running: false, state: null }));
    expect((await listOpenTables(o.db)).map((t) => t.channelId)).toEqual(['c3', 'c1', 'c2']);
  });

  it('keeps the pot and reserve of a channel after its game is over, for the next game', async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    const overflow: Transfer = {
      from: { kind: 'pot' },
      to: { kind: 'reserve' },
      amount: 5,
      reason: 'reserve-overflow',
    };
    await commitStep(o.db, step(t, { key: 'last', running: false, transfers: [ante('ann'), ante('bob'), overflow] }));
    expect(await listOpenTables(o.db)).toEqual([]);
    const again = await createOrLoadTable(o.db, 'g1', 'c1');
    expect(again.running).toBe(false);
    expect(await channelPotReserve(o.db, 'g1', 'c1')).toEqual({ pot: 15, reserve: 5 });
  });

  it('opens a game on the carried pot only while the ledger still holds it', async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    await commitStep(o.db, step(t, { key: 'old game', running: false, transfers: [ante('ann'), ante('bob')] }));
    const before = (await loadTable(o.db, t.id))!;
    // Read pot 20 for the new game, then a reset zeroed it: the game must not open on 20.
    await reset(o.db, { guildId: 'g1', key: 'reset-1' });
    const opening = commitStep(o.db, step(before, { key: 'new game', carried: { pot: 20, reserve: 0 } }));
    await expect(opening).rejects.toBeInstanceOf(CarriedPotMovedError);
    expect((await loadTable(o.db, t.id))?.version).toBe(before.version);
    const fresh = (await loadTable(o.db, t.id))!;
    const opened = await commitStep(o.db, step(fresh, { key: 'new game', carried: { pot: 0, reserve: 0 } }));
    expect(opened.applied).toBe(true);
  });

  it('refuses state that is not JSON', async () => {
    const t = await createOrLoadTable(o.db, 'g1', 'c1');
    await expect(commitStep(o.db, step(t, { state: undefined }))).rejects.toThrow(/not JSON-serialisable/);
    expect((await loadTable(o.db, t.id))?.version).toBe(0);
  });
});
