import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openToServe } from '../../../src/db/index.ts';

/**
 * `guts start` on a database it must not run on: one line on stderr naming the problem
 * and the file, exit 1, the file byte for byte as it was, and nothing else in its folder.
 * The database is checked before Discord is: the token here is never used.
 */

const root = resolve(__dirname, '../../..');
const bin = join(root, 'bin/guts.js');
const dir = mkdtempSync(join(tmpdir(), 'guts-start-refusals-'));
let files = 0;

beforeAll(() => {
  // Build the compiled tree now: a bot run as another user below may not write dist/.
  const build = spawnSync(process.execPath, [join(root, 'bin/build.js')], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of its own holding a database the bot has run on. */
async function botDatabase(): Promise<string> {
  const folder = join(dir, `db-${files++}`);
  const path = join(folder, 'guts.db');
  await (await openToServe(`file:${path}`)).close();
  return path;
}

type User = { uid: number; gid: number };
const NOBODY: User = { uid: 65534, gid: 65534 };

/** Whether `user` can read `file`: every folder above it lets them in. */
function canRead(user: User, file: string): boolean {
  const probe = `require('node:fs').accessSync(${JSON.stringify(file)}, require('node:fs').constants.R_OK)`;
  return spawnSync(process.execPath, ['-e', probe], { ...user, stdio: 'ignore' }).status === 0;
}

/**
 * A `bin/guts.js` that `user` can run: the repository's, or, when it lives under a folder
 * only its owner may enter (`mktemp -d` makes them 0700), that of a copy in `dir` made of
 * hard links (built here, as root), or null with why neither works.
 */
function binFor(user: User): { bin: string } | { why: string } {
  if (canRead(user, bin)) return { bin };
  const copy = join(dir, 'guts');
  mkdirSync(copy);
  for (const entry of readdirSync(root).filter((e) => e !== '.git' && e !== 'dist')) {
    const linked = spawnSync('cp', ['-al', join(root, entry), join(copy, entry)], { encoding: 'utf8' });
    if (linked.status !== 0) return { why: `cannot hard-link the repository into ${dir}: ${linked.stderr}` };
  }
  const build = spawnSync(process.execPath, [join(copy, 'bin/build.js')], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  const copied = join(copy, 'bin/guts.js');
  return canRead(user, copied) ? { bin: copied } : { why: `user ${user.uid} can read neither ${bin} nor ${copied}` };
}

/** Runs `guts start` on the file (as `user`, when given) and checks it left the folder as it was. */
function start(path: string, user?: User & { bin: string }) {
  const folder = resolve(path, '..');
  const before = readFileSync(path);
  const listed = readdirSync(folder);
  const env = { ...process.env, DISCORD_TOKEN: 'never-used', DATABASE_URL: `file:${path}`, SHARD_COUNT: '' };
  const run = spawnSync(process.execPath, [user?.bin ?? bin, 'start'], {
    env,
    encoding: 'utf8',
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  expect(readFileSync(path).equals(before), 'the file is unchanged').toBe(true);
  // A read-only check leaves SQLite's empty WAL and shared memory beside a WAL database; nothing more.
  const added = readdirSync(folder).filter((f) => !listed.includes(f) && !/^guts\.db-(wal|shm)$/.test(f));
  expect(added).toEqual([]);
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  return run.stderr;
}

describe('guts start refuses', () => {
  it('a corrupt file', async () => {
    const path = await botDatabase();
    writeFileSync(path, Buffer.alloc(32 * 1024, 'not a database '));
    expect(start(path)).toBe(`guts: database file ${path} is corrupt (file is not a database): restore a backup\n`);
  });

  it("a newer bot's database", async () => {
    const path = await botDatabase();
    const sqlite = new SqliteDatabase(path);
    sqlite.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('2099-01-01-0001-next', '2099');
    sqlite.close();
    expect(start(path)).toMatch(
      new RegExp(
        `^guts: database file ${path} was written by a newer version of guts \\(it has migration 2099-01-01-0001-next, .*\\)[^\\n]*\\n$`,
      ),
    );
  });

  it('a file it may not write', async ({ skip }) => {
    const path = await botDatabase();
    const folder = resolve(path, '..');
    // Root writes any file whatever its mode (CI runs as root): there the bot runs as
    // another user (nobody) the file and folder do not let write; elsewhere the file is made read-only.
    const asRoot = process.getuid?.() === 0;
    chmodSync(dir, 0o755);
    chmodSync(folder, 0o755);
    if (!asRoot) chmodSync(path, 0o444);
    const runner = asRoot ? binFor(NOBODY) : null;
    if (runner && 'why' in runner) return skip(`nobody cannot run the bot here: ${runner.why}`);
    try {
      const stderr = start(path, runner ? { ...NOBODY, ...runner } : undefined);
      expect(stderr).toBe(
        `guts: database file ${path} is not writable (EACCES): the bot saves every game step in it\n`,
      );
    } finally {
      chmodSync(path, 0o644);
    }
  });
});
