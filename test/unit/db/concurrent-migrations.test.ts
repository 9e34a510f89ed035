import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/index.ts';
import { startChild } from './child.ts';

/**
 * Shard processes of a fresh install start on one SQLite file together, and each runs
 * the migrations before it logs in. kysely takes no migration lock on SQLite and runs
 * its migrations outside a transaction there, so two processes could both find a
 * migration pending and both run it (a table created twice, a backfill applied twice).
 */
const child = fileURLToPath(new URL('./migrate-child.ts', import.meta.url));
const dirs: string[] = [];

const migrator = (url: string) => startChild(child, [url]);

describe('migrations run by several processes at once on one SQLite file', () => {
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('are applied once each, and every process starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guts-migrate-'));
    dirs.push(dir);
    const url = `file:${join(dir, 'guts.db')}`;
    const processes = Array.from({ length: 4 }, () => migrator(url));
    await Promise.all(processes.map((p) => p.ready));
    for (const p of processes) p.go();
    const ended = await Promise.all(processes.map((p) => p.done));
    expect(ended.map((e) => (e.code === 0 ? 'ok' : e.err.trim()))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const { db, close } = openDatabase(url);
    try {
      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      const names = applied.map((r) => (r as { name: string }).name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.length).toBeGreaterThanOrEqual(5);
    } finally {
      await close();
    }
  }, 60_000);
});
