import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { findTable } from '../../../src/db/table-store.ts';
import { auditLedger, channelPotReserve } from '../../../src/ledger/index.ts';
import { backends } from '../../support/backends.ts';
import { startChild } from './child.ts';

/**
 * Shard processes share one database: one SQLite file on one machine (WAL, a busy
 * timeout, transactions that take the write lock first), Postgres across machines.
 * Several processes commit steps at one table as fast as they can: none is lost, none
 * is applied twice, the table's versions run without a gap.
 */

const child = fileURLToPath(new URL('./contend-child.ts', import.meta.url));
const postgres = backends.find((b) => b.name === 'postgres');
const dirs: string[] = [];
const targets = [
  {
    name: 'one SQLite file',
    url: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'guts-shared-'));
      dirs.push(dir);
      return `file:${join(dir, 'shared.db')}`;
    },
  },
  ...(postgres ? [{ name: 'Postgres', url: () => postgres.freshUrl() }] : []),
];

/** Starts a writer; `ready` once it has opened the database, `done` with its count of stale versions. */
function run(url: string, name: string, n: number) {
  const p = startChild(child, [url, name, String(n)]);
  const done = p.done.then(({ code, out, err }) => {
    if (code !== 0) throw new Error(`${name} exited ${code}: ${err}`);
    return JSON.parse(out) as { stale: number };
  });
  return { ready: p.ready, done, go: p.go };
}

describe.each(targets)('several processes writing to $name', (target) => {
  let o: OpenDatabase | undefined;
  afterEach(async () => {
    await o?.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('loses no write and applies none twice under contention', async () => {
    const url = await target.url();
    o = openDatabase(url);
    await migrateToLatest(o.db);
    const processes = 4;
    const each = 60;
    const writers = Array.from({ length: processes }, (_, p) => run(url, `p${p}`, each));
    await Promise.all(writers.map((w) => w.ready));
    for (const w of writers) w.go();
    const results = await Promise.all(writers.map((w) => w.done));
    const table = await findTable(o.db, 'g', 'c');
    expect(table?.version).toBe(processes * each);
    expect((table?.state as { n?: number } | undefined)?.n).toBe(processes * each);
    const versions = (await o.db.selectFrom('game_steps').select('version').execute()).map((s) => Number(s.version));
    expect(versions.sort((a, b) => a - b)).toEqual(Array.from({ length: processes * each }, (_, i) => i + 1));
    expect((await channelPotReserve(o.db, 'g', 'c')).pot).toBe(processes * each);
    expect((await auditLedger(o.db)).problems).toEqual([]);
    // They did contend: some commits found the table moved on and tried again.
    expect(results.reduce((sum, r) => sum + r.stale, 0)).toBeGreaterThan(0);
  }, 120_000);
});
