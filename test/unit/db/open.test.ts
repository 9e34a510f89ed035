import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase, sqlitePathOf } from '../../../src/db/index.ts';
import { backends } from '../../support/backends.ts';

describe('openDatabase', () => {
  const opened: OpenDatabase[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('reads file: URLs and the in-memory forms', () => {
    expect(sqlitePathOf('file:./data/guts.db')).toBe('./data/guts.db');
    expect(sqlitePathOf('file:/var/lib/guts.db')).toBe('/var/lib/guts.db');
    expect(sqlitePathOf(':memory:')).toBe(':memory:');
    expect(sqlitePathOf('file::memory:')).toBe(':memory:');
    expect(sqlitePathOf('mysql://x')).toBeNull();
    expect(sqlitePathOf('file:')).toBeNull();
  });

  it('refuses an unknown URL with one clear line', () => {
    expect(() => openDatabase('mysql://localhost/guts')).toThrow(
      /^DATABASE_URL must be file:PATH or postgres:\/\/…, got "mysql:\/\/localhost\/guts"$/,
    );
  });

  it('creates the folder of a SQLite file and sets WAL, foreign keys and synchronous=FULL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guts-open-'));
    dirs.push(dir);
    const o = openDatabase(`file:${join(dir, 'nested', 'deeper', 'guts.db')}`);
    opened.push(o);
    expect(o.dialect).toBe('sqlite');
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(o.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('synchronous')).toBe(2); // FULL
    // Shard processes share the file: a writer waits for another's lock rather than fail.
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('bounds each connection page cache to 2 MB, not the 16 MB better-sqlite3 builds SQLite with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guts-open-'));
    dirs.push(dir);
    const o = openDatabase(`file:${join(dir, 'guts.db')}`);
    opened.push(o);
    // The cache keeps every page the connection touched until it is full: the step
    // writer's grew with the file, deal after deal, up to its bound.
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(o.db);
    expect(rows[0]?.cache_size).toBe(-2048); // KiB
  });

  it('turns a failed migration into one line naming it', async () => {
    const o = openDatabase(':memory:');
    opened.push(o);
    await sql`create table ledger_accounts (id integer)`.execute(o.db);
    const error = await migrateToLatest(o.db).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      /^database migration 2026-11-22-0001-ledger failed: .*ledger_accounts.*already exists/,
    );
    expect(error?.message).not.toContain('\n');
  });
});

describe.each(backends)('migrations on $name', (backend) => {
  it('apply once, then are a no-op, and leave the ledger append-only', async () => {
    const o = await backend.fresh();
    try {
      await migrateToLatest(o.db); // second run: nothing pending, no error
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(o.db);
      // Every file of migrations/, each applied once, in date order.
      const files = readdirSync(new URL('../../../migrations/', import.meta.url))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => f.slice(0, -3))
        .sort();
      expect(files).toContain('2026-11-23-0002-deal-results');
      expect(applied.rows.map((r) => r.name)).toEqual(files);
      await o.db
        .insertInto('journal_entries')
        .values({ guild_id: 'g', key: 'k', kind: 'adjust', created_at: 1 })
        .execute();
      await expect(o.db.updateTable('journal_entries').set({ memo: 'edited' }).execute()).rejects.toThrow(
        /append-only/,
      );
      await expect(o.db.deleteFrom('journal_entries').execute()).rejects.toThrow(/append-only/);
    } finally {
      await o.close();
    }
  });

  it('reads bigint chip columns back as numbers, and refuses what a number cannot hold', async () => {
    const o = await backend.fresh();
    try {
      const big = 2 ** 52 + 1;
      await o.db
        .insertInto('ledger_accounts')
        .values({ guild_id: 'g', kind: 'pot', owner: 'c', balance: big })
        .execute();
      const row = await o.db.selectFrom('ledger_accounts').select('balance').executeTakeFirstOrThrow();
      expect(row.balance).toBe(big);
      if (backend.name === 'postgres') {
        await sql`update ledger_accounts set balance = 9007199254740993`.execute(o.db);
        await expect(o.db.selectFrom('ledger_accounts').select('balance').execute()).rejects.toThrow(
          /does not fit in a JavaScript number/,
        );
      }
    } finally {
      await o.close();
    }
  });
});
