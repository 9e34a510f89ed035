import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { createOrLoadTable, loadTable, StaleVersionError } from '../../../src/db/table-store.ts';
import { auditLedger, playerBalances } from '../../../src/ledger/index.ts';
import { CarriedPotMovedError, type TableStep } from '../../../src/table/commit.ts';
import { openStepWriter, type StepWriter } from '../../../src/table/step-writer.ts';
import { NO_NOTES } from '../../../src/table/table-notes.ts';

describe('the step writer on its own thread (SQLite file)', () => {
  let dir: string;
  let url: string;
  let database: OpenDatabase;
  let writer: StepWriter;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'guts-writer-'));
    url = `file:${join(dir, 'guts.db')}`;
    database = openDatabase(url);
    await migrateToLatest(database.db);
    writer = openStepWriter(database);
  });

  afterEach(async () => {
    await writer.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const step = (tableId: number, version: number, key: string): TableStep => ({
    tableId,
    expectedVersion: version,
    key,
    state: null,
    running: true,
    deadline: 1234,
    messages: { ...NO_NOTES, quietDeals: 1 },
    dealNo: 1,
    events: [{ type: 'StopRequested', by: 'ann' }],
    transfers: [{ from: { kind: 'player', id: 'ann' }, to: { kind: 'pot' }, amount: 10, reason: 'ante' }],
  });

  it('creates a channel’s table once, and commits a step the bot’s own connection reads back', async () => {
    const table = await writer.createOrLoadTable('g1', 'c1');
    expect(table).toMatchObject({ guildId: 'g1', channelId: 'c1', version: 0, running: false });
    expect((await writer.createOrLoadTable('g1', 'c1')).id).toBe(table.id);
    expect((await createOrLoadTable(database.db, 'g1', 'c1')).id).toBe(table.id);
    expect(await writer.commitStep(step(table.id, 0, 'k1'))).toMatchObject({ applied: true, version: 1 });
    expect(await loadTable(database.db, table.id)).toMatchObject({ version: 1, deadline: 1234, running: true });
    expect(await playerBalances(database.db, 'g1')).toEqual([expect.objectContaining({ userId: 'ann', balance: -10 })]);
    expect((await auditLedger(database.db)).ok).toBe(true);
  });

  it('answers a key seen before with applied: false, and a stale version with StaleVersionError', async () => {
    const table = await createOrLoadTable(database.db, 'g1', 'c1');
    await writer.commitStep(step(table.id, 0, 'k1'));
    expect(await writer.commitStep(step(table.id, 0, 'k1'))).toMatchObject({ applied: false, onTop: { version: 1 } });
    const stale = await writer.commitStep(step(table.id, 0, 'k2')).catch((err: unknown) => err);
    expect(stale).toBeInstanceOf(StaleVersionError);
    expect(stale).toMatchObject({ tableId: table.id, expectedVersion: 0, actualVersion: 1 });
    expect((await loadTable(database.db, table.id))?.version).toBe(1);
  });

  it('brings a carried pot that moved back as CarriedPotMovedError', async () => {
    const table = await createOrLoadTable(database.db, 'g1', 'c1');
    const opening = writer.commitStep({ ...step(table.id, 0, 'k1'), carried: { pot: 50, reserve: 0 } });
    await expect(opening).rejects.toBeInstanceOf(CarriedPotMovedError);
  });

  it('passes other errors on with their message', async () => {
    await expect(writer.commitStep(step(999, 0, 'k1'))).rejects.toThrow(/FOREIGN KEY/);
  });

  it("keeps the order of the jobs it is given, and saves a table's notes", async () => {
    const table = await createOrLoadTable(database.db, 'g1', 'c1');
    const results = await Promise.all([
      writer.commitStep(step(table.id, 0, 'k1')),
      writer.commitStep(step(table.id, 1, 'k2')),
      writer.saveTableNotes(table.id, { ...NO_NOTES, locale: 'de' }),
    ]);
    expect(results.slice(0, 2)).toMatchObject([{ version: 1 }, { version: 2 }]);
    expect((await loadTable(database.db, table.id))?.messages).toEqual({ ...NO_NOTES, locale: 'de' });
  });

  it('starts a new thread when asked to write after closing', async () => {
    const table = await createOrLoadTable(database.db, 'g1', 'c1');
    await writer.commitStep(step(table.id, 0, 'k1'));
    await writer.close();
    expect(await writer.commitStep(step(table.id, 1, 'k2'))).toMatchObject({ applied: true, version: 2 });
  });
});
