import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openToServe } from '../../../src/db/index.ts';
import { backends } from '../../support/backends.ts';

/**
 * What a bot process refuses to start on: a corrupt file, a newer bot's database. Each
 * refusal is one line naming the problem and the database, and leaves the file as it
 * was. (A file it cannot write is refused too: test/cli/start-refusals.test.ts runs the
 * bot as a user who may not write it, which a test running as root needs.)
 */

const FUTURE = '2099-01-01-0001-from-a-newer-bot';

const dir = mkdtempSync(join(tmpdir(), 'guts-start-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newPath = () => join(dir, `guts-${files++}.db`);

/** A database the bot has run on: migrated, with enough rows to span many pages. */
async function realDatabase(): Promise<string> {
  const path = newPath();
  await (await openToServe(`file:${path}`)).close();
  const sqlite = new SqliteDatabase(path);
  sqlite.exec(`create table filler (id integer primary key, text text);
    insert into filler (text)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      select printf('%0500d', i) from n`);
  sqlite.close(); // the last connection checkpoints the WAL into the file and removes it
  return path;
}

/** Opens to serve, expecting a refusal: its message, after checking the file is byte for byte as it was. */
async function refusal(path: string): Promise<string> {
  const before = readFileSync(path);
  const error = await openToServe(`file:${path}`).then(
    async (o) => {
      await o.close();
      return null;
    },
    (e: Error) => e,
  );
  expect(error, 'refused').not.toBeNull();
  expect(readFileSync(path).equals(before), 'the file is unchanged').toBe(true);
  // Nothing was written beside it either: no journal holding a change.
  const wal = `${path}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  expect(error?.message).not.toContain('\n');
  return error?.message ?? '';
}

describe('starting on a SQLite file', () => {
  it('creates and migrates a new one, and opens it again', async () => {
    const path = newPath();
    await (await openToServe(`file:${path}`)).close();
    const again = await openToServe(`file:${path}`);
    await again.close();
    expect(existsSync(path)).toBe(true);
  });

  it('refuses garbage, naming the file', async () => {
    const path = newPath();
    writeFileSync(path, Buffer.alloc(64 * 1024, 'not a database '));
    expect(await refusal(path)).toBe(`database file ${path} is corrupt (file is not a database): restore a backup`);
  });

  it('refuses a real database cut short (a disk that filled during a copy, say)', async () => {
    const path = await realDatabase();
    truncateSync(path, Math.floor(statSync(path).size / 2 / 4096) * 4096);
    expect(await refusal(path)).toMatch(new RegExp(`^database file ${path} is corrupt \\(.+\\): restore a backup$`));
  });

  it('refuses a database a newer bot migrated, and runs no migration', async () => {
    const path = await realDatabase();
    const sqlite = new SqliteDatabase(path);
    sqlite
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run(FUTURE, new Date().toISOString());
    sqlite.close();
    expect(await refusal(path)).toBe(
      `database file ${path} was written by a newer version of guts (it has migration ${FUTURE}, which this version does not): run that version, or restore a backup made before it`,
    );
  });
});

describe('a migration that fails at start-up', () => {
  it('is one line naming the migration and the file', async () => {
    const path = newPath();
    const sqlite = new SqliteDatabase(path);
    sqlite.exec('create table ledger_accounts (id integer)');
    sqlite.close();
    const error = await openToServe(`file:${path}`).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      new RegExp(`^database migration 2026-11-22-0001-ledger failed: .*already exists \\(file ${path}\\)$`),
    );
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.runIf(postgres)('starting on PostgreSQL', () => {
  it('refuses a schema a newer bot migrated, naming the database without its password', async () => {
    const url = await (postgres as NonNullable<typeof postgres>).freshUrl();
    await (await openToServe(url)).close();
    const o = openDatabase(url);
    try {
      await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(
        o.db,
      );
      const tables = async () => (await o.db.introspection.getTables()).map((t) => t.name).sort();
      const before = await tables();
      const error = await openToServe(url).then(
        () => null,
        (e: Error) => e,
      );
      const { password, username } = new URL(url);
      expect(error?.message).toMatch(
        new RegExp(
          `^database postgres://${username}@.+ was written by a newer version of guts \\(it has migration ${FUTURE}`,
        ),
      );
      if (password) expect(error?.message).not.toContain(password);
      expect(await tables()).toEqual(before);
    } finally {
      await o.close();
    }
  });

  it('names an unreachable server without its password', async () => {
    const url = new URL(process.env.TEST_POSTGRES_URL as string);
    url.port = '1'; // nothing listens there
    const error = await openToServe(url.toString()).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^database postgres:\/\/.+:1\/.* cannot be read: .*ECONNREFUSED/);
    if (url.password) expect(error?.message).not.toContain(url.password);
  });
});
