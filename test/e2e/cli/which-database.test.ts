import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseDatabase } from '../../../src/cli/which-database.ts';
import { migrateToLatest, openDatabase } from '../../../src/db/index.ts';

/**
 * The one way `guts audit`, `guts export` and `guts backup` find the database they read
 * (test/cli/export.test.ts covers the flag, the environment and the files found; these
 * are the cases around them). `guts replay` reads a scenario file, never a database.
 */

const BOT = 'file:./data/guts.db';
const PLAYGROUND = 'file:./data/playground.db';
const only =
  (...urls: string[]) =>
  (url: string) =>
    urls.includes(url);

describe('chooseDatabase', () => {
  it('takes the flag over DATABASE_URL, and never falls back when the one named is not there', () => {
    expect(chooseDatabase({ flag: BOT, env: PLAYGROUND }, only(BOT, PLAYGROUND))).toBe(BOT);
    expect(() => chooseDatabase({ flag: 'file:/gone.db', env: BOT }, only(BOT, PLAYGROUND))).toThrow(
      'there is no database at file:/gone.db',
    );
  });

  it('refuses a DATABASE_URL whose file is not there, even with a file here', () => {
    expect(() => chooseDatabase({ flag: null, env: 'file:/gone.db' }, only(BOT))).toThrow(
      'there is no database at file:/gone.db',
    );
  });

  it('names both places it looked when neither file is here', () => {
    expect(() => chooseDatabase({ flag: null, env: null }, only())).toThrow(
      'no database here (file:./data/guts.db for the bot, file:./data/playground.db for the playground): pass --db URL or set DATABASE_URL',
    );
  });
});

describe('from the command line', () => {
  const bin = resolve(__dirname, '../../../bin/guts.js');
  const dir = mkdtempSync(join(tmpdir(), 'guts-which-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const guts = (cwd: string, ...args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], { cwd, env: { ...process.env, DATABASE_URL: '' }, encoding: 'utf8' });

  it('guts audit in a folder with no database says where it looked, as export does, and creates nothing', () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const audit = guts(empty, 'audit');
    expect(audit.status).toBe(2);
    expect(audit.stderr).toBe(
      'guts audit: no database here (file:./data/guts.db for the bot, file:./data/playground.db for the playground): pass --db URL or set DATABASE_URL\n',
    );
    const exported = guts(empty, 'export', '1', '1');
    expect(exported.stderr.replace('guts export', 'guts audit')).toBe(audit.stderr);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('guts audit takes --db as its refusal says, or the URL alone', async () => {
    const here = join(dir, 'here');
    mkdirSync(here);
    const url = `file:${join(here, 'ledger.db')}`;
    const o = openDatabase(url);
    await migrateToLatest(o.db);
    await o.close();
    // It names the database it read, as it was given.
    expect(guts(here, 'audit', '--db', url).stdout).toMatch(new RegExp(`^audit ok \\(${join(here, 'ledger.db')}\\): `));
    expect(guts(here, 'audit', url).stdout).toMatch(/^audit ok \(.*ledger\.db\): /);
    const gone = guts(here, 'audit', '--db', 'file:./gone.db');
    expect(gone.stderr).toBe('guts audit: there is no database at file:./gone.db\n');
    expect(existsSync(join(here, 'gone.db'))).toBe(false);
    const wrong = guts(here, 'audit', '--db');
    expect([wrong.status, wrong.stderr]).toEqual([
      2,
      "guts audit: Option '--db <value>' argument missing (see guts audit --help)\n",
    ]);
  });
});
