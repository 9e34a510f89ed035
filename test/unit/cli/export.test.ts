import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseDatabase } from '../../../src/cli/which-database.ts';

const BOT = 'file:./data/guts.db';
const PLAYGROUND = 'file:./data/playground.db';

describe('guts export: which database', () => {
  const only =
    (...urls: string[]) =>
    (url: string) =>
      urls.includes(url);

  it('reads --db, else DATABASE_URL, refusing one that is not there', () => {
    expect(chooseDatabase({ flag: 'file:/x.db', env: BOT }, only('file:/x.db', BOT))).toBe('file:/x.db');
    expect(chooseDatabase({ flag: null, env: BOT }, only(BOT))).toBe(BOT);
    expect(() => chooseDatabase({ flag: 'file:/gone.db', env: null }, only(BOT))).toThrow(
      'there is no database at file:/gone.db',
    );
  });

  it("finds the bot's or the playground's file, and says which to pass when it cannot tell", () => {
    expect(chooseDatabase({ flag: null, env: null }, only(PLAYGROUND))).toBe(PLAYGROUND);
    expect(chooseDatabase({ flag: null, env: null }, only(BOT))).toBe(BOT);
    expect(() => chooseDatabase({ flag: null, env: null }, only())).toThrow(/no database here .*pass --db URL/);
    expect(() => chooseDatabase({ flag: null, env: null }, only(BOT, PLAYGROUND))).toThrow(/both .* pass --db/);
  });

  describe('from the command line, in a folder with no database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guts-export-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('says plainly what to pass, and creates nothing', () => {
      const bin = resolve(__dirname, '../../../bin/guts.js');
      const env = { ...process.env, DATABASE_URL: '' };
      const run = spawnSync(process.execPath, [bin, 'export', '1', '3'], { cwd: dir, env, encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/guts export: no database here .*pass --db URL or set DATABASE_URL/);
      expect(existsSync(join(dir, 'data'))).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    });
  });
});
