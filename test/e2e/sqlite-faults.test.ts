import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdjustableClock } from '@guts/local-discord';
import { sql } from 'kysely';
import { describe, it } from 'vitest';
import { sqlitePathOf } from '../../src/db/index.ts';
import { dealOne, nothingLost, playThrough, QUICK_RETRY } from './db-faults.ts';
import { World } from './world.ts';

/**
 * The SQLite file cannot take a write for a while: the disk is full, another process
 * holds the write lock, the file is read-only. The table waits, says so, and carries
 * on by itself once the fault clears, with nothing lost (db-faults.ts). Each test has a
 * world of its own; they run one at a time (side by side, they timed other files out).
 */
describe('a SQLite database that cannot save for a while', () => {
  it('a full disk: the table waits until there is room again', async (ctx) => {
    // A small filesystem of its own (tmpfs: mounting one takes root, as in CI), filled
    // to the last byte once the WAL is emptied: the writer's next commit cannot grow it.
    const mount = mkdtempSync(join(tmpdir(), 'guts-full-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      rmSync(mount, { recursive: true, force: true });
      ctx.skip('cannot mount a tmpfs here (it takes root): no small disk to fill');
    }
    let world: World | undefined;
    ctx.onTestFinished(async () => {
      await world?.close();
      execFileSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    });
    world = await World.start({
      players: ['ann', 'bob'],
      pauseMs: 300,
      databaseUrl: `file:${join(mount, 'guts.db')}`,
      dbRetry: QUICK_RETRY,
      clock: new AdjustableClock(), // moved past the countdown while the disk is full
    });
    const w = world;
    const filler = join(mount, 'filler');
    const table = await dealOne(w);
    await playThrough(w, table, {
      start: async () => {
        await sql`pragma wal_checkpoint(truncate)`.execute(w.database.db);
        const fd = openSync(filler, 'w');
        for (const size of [1 << 20, 4096, 1]) {
          const chunk = Buffer.alloc(size);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          }
        }
        closeSync(fd);
      },
      clear: async () => {
        rmSync(filler);
      },
    });
    await nothingLost(w);
  }, 90_000);

  it('a read-only database: the table waits until it may write again', async ({ onTestFinished }) => {
    // Root ignores file modes, so the bot's own connection is made read-only
    // (`query_only`): its writes fail with SQLITE_READONLY, as on a read-only file.
    const w = await World.start({
      players: ['ann', 'bob'],
      pauseMs: 300,
      directWriter: true,
      dbRetry: QUICK_RETRY,
      clock: new AdjustableClock(), // moved past the countdown while the file is read-only
    });
    onTestFinished(() => w.close());
    const db = w.database.db;
    const table = await dealOne(w);
    await playThrough(w, table, {
      start: async () => {
        await sql`pragma query_only = on`.execute(db);
      },
      clear: async () => {
        await sql`pragma query_only = off`.execute(db);
      },
    });
    await nothingLost(w);
  }, 90_000);

  it('another process holds the write lock past the busy timeout: the table waits for it', async ({
    onTestFinished,
  }) => {
    // Production's writer thread, and another process (an operator's sqlite3 shell, a
    // backup) in a write transaction until the test ends it.
    let locker: ChildProcess | undefined;
    const w = await World.start({
      players: ['ann', 'bob'],
      pauseMs: 300,
      dbRetry: QUICK_RETRY,
      clock: new AdjustableClock(), // moved past the countdown while the lock is held
    });
    onTestFinished(async () => {
      locker?.kill();
      await w.close();
    });
    const table = await dealOne(w);
    await playThrough(w, table, {
      start: async () => {
        const holder = `
          const db = new (require('better-sqlite3'))(process.argv[1]);
          db.exec('begin immediate');
          process.stdout.write('locked\\n');
          process.stdin.on('end', () => { db.exec('commit'); db.close(); });
          process.stdin.resume();`;
        const child = spawn(process.execPath, ['-e', holder, sqlitePathOf(w.dbUrl) as string], {
          stdio: ['pipe', 'pipe', 'inherit'],
        });
        locker = child;
        await once(child.stdout, 'data');
      },
      clear: async () => {
        const child = locker as ChildProcess;
        const exited = once(child, 'exit');
        child.stdin?.end();
        await exited;
        locker = undefined;
      },
    });
    await nothingLost(w);
  }, 90_000);
});
