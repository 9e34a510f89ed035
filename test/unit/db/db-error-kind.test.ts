import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyDbError } from '../../../src/db/db-error-kind.ts';
import { openDatabase } from '../../../src/db/index.ts';

/** The error `work` throws (it must throw). */
function thrown(work: () => unknown): Error {
  try {
    work();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error');
}

async function rejected(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error');
}

const dir = mkdtempSync(join(tmpdir(), 'guts-db-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database whose file may grow no more than its first few pages: the disk is full. */
function fullDisk(): SqliteDatabase.Database {
  const db = new SqliteDatabase(':memory:');
  db.exec('create table filler (x)');
  db.pragma('max_page_count = 3');
  return db;
}
const fill = (db: SqliteDatabase.Database) => {
  for (let i = 0; i < 100; i++) db.prepare('insert into filler values (?)').run('x'.repeat(1000));
};

describe('SQLite errors (better-sqlite3)', () => {
  it('a full disk is transient', () => {
    const err = thrown(() => fill(fullDisk()));
    expect((err as { code?: string }).code).toBe('SQLITE_FULL');
    expect(classifyDbError(err)).toBe('transient');
  });

  it('a write lock held by another connection past the busy timeout is transient', () => {
    const path = join(dir, 'locked.db');
    const holder = new SqliteDatabase(path);
    holder.exec('create table t (x)');
    holder.exec('begin immediate');
    const other = new SqliteDatabase(path, { timeout: 0 });
    const err = thrown(() => other.exec('begin immediate'));
    expect((err as { code?: string }).code).toBe('SQLITE_BUSY');
    expect(classifyDbError(err)).toBe('transient');
    holder.exec('rollback');
    holder.close();
    other.close();
  });

  it('a read-only file and a file that cannot be opened are transient', () => {
    const path = join(dir, 'readonly.db');
    new SqliteDatabase(path).exec('create table t (x)');
    const readOnly = new SqliteDatabase(path, { readonly: true });
    const write = thrown(() => readOnly.exec('insert into t values (1)'));
    expect((write as { code?: string }).code).toBe('SQLITE_READONLY');
    expect(classifyDbError(write)).toBe('transient');
    const open = thrown(() => new SqliteDatabase(join(dir, 'gone.db'), { fileMustExist: true }));
    expect((open as { code?: string }).code).toBe('SQLITE_CANTOPEN');
    expect(classifyDbError(open)).toBe('transient');
  });

  it('locked tables and I/O errors (extended codes too) are transient', () => {
    for (const code of [
      'SQLITE_LOCKED',
      'SQLITE_IOERR',
      'SQLITE_IOERR_WRITE',
      'SQLITE_IOERR_FSYNC',
      'SQLITE_BUSY_SNAPSHOT',
    ])
      expect(classifyDbError(new SqliteDatabase.SqliteError('as SQLite says', code)), code).toBe('transient');
  });

  it('a broken constraint, a corrupt file and a schema mismatch are permanent', () => {
    const db = new SqliteDatabase(':memory:');
    db.exec('create table t (x unique)');
    db.exec('insert into t values (1)');
    const constraint = thrown(() => db.exec('insert into t values (1)'));
    expect((constraint as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(classifyDbError(constraint)).toBe('permanent');
    const mismatch = thrown(() => db.exec('select y from t'));
    expect(classifyDbError(mismatch)).toBe('permanent');
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, Buffer.alloc(4096, 7));
    const notADb = thrown(() => new SqliteDatabase(garbage).exec('select * from sqlite_master'));
    expect((notADb as { code?: string }).code).toBe('SQLITE_NOTADB');
    expect(classifyDbError(notADb)).toBe('permanent');
    expect(classifyDbError(new SqliteDatabase.SqliteError('malformed', 'SQLITE_CORRUPT'))).toBe('permanent');
  });

  it('anything else is permanent: retrying a bug only hides it', () => {
    expect(classifyDbError(new TypeError('x is undefined'))).toBe('permanent');
    expect(classifyDbError('a string')).toBe('permanent');
    expect(classifyDbError(null)).toBe('permanent');
  });
});

describe('a transaction SQLite rolled back itself', () => {
  it('fails with the error that made it roll back, not a failed rollback', async () => {
    const opened = openDatabase(`file:${join(dir, 'rolled-back.db')}`);
    const db = opened.db as unknown as Kysely<{ filler: { x: string } }>;
    await sql`create table filler (x)`.execute(db);
    await sql`pragma max_page_count = 3`.execute(db);
    const err = await rejected(() =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i++)
          await trx
            .insertInto('filler')
            .values({ x: 'x'.repeat(1000) })
            .execute();
      }),
    );
    expect(err.message).not.toMatch(/cannot rollback/);
    expect((err as { code?: string }).code).toBe('SQLITE_FULL');
    // The connection is usable again once there is room.
    await sql`pragma max_page_count = 1000`.execute(db);
    await db.insertInto('filler').values({ x: 'room again' }).execute();
    await opened.close();
  });
});

describe('PostgreSQL errors (pg)', () => {
  it('a refused connection is transient', async () => {
    // A port nothing listens on: take a free one and close it again.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const client = new pg.Client({ connectionString: `postgres://nobody@127.0.0.1:${port}/none` });
    const err = await rejected(() => client.connect());
    expect(classifyDbError(err)).toBe('transient');
  });

  it("the server's codes: shutting down, connection lost, serialization, deadlock, resources are transient", () => {
    const error = (code: string) => Object.assign(new pg.DatabaseError('as the server says', 0, 'error'), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003', '40001', '40P01', '53100', '53300'])
      expect(classifyDbError(error(code)), code).toBe('transient');
    for (const code of ['23505', '23503', '42P01', '42703', 'XX001'])
      expect(classifyDbError(error(code)), code).toBe('permanent');
    expect(classifyDbError(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(classifyDbError(new Error('Connection terminated'))).toBe('transient');
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(classifyDbError(reset)).toBe('transient');
  });

  const url = process.env.TEST_POSTGRES_URL;
  it.skipIf(!url)('a connection the server ends is transient, a division by zero permanent', async () => {
    const victim = new pg.Client({ connectionString: url });
    await victim.connect();
    // Its end is the point: the client hears of it as an error too.
    const heard: Error[] = [];
    victim.on('error', (err) => heard.push(err));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const pid = (await victim.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    // Its failure is awaited below, but caught from the start: it may fail before then.
    const ended = rejected(() => victim.query('select pg_sleep(5)'));
    await admin.query('select pg_terminate_backend($1)', [pid]);
    expect(classifyDbError(await ended)).toBe('transient');
    expect(heard.every((err) => classifyDbError(err) === 'transient')).toBe(true);
    const bug = await rejected(() => admin.query('select 1 / 0'));
    expect(classifyDbError(bug)).toBe('permanent');
    await admin.end();
  });
});
