import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { run as audit } from '../../../src/cli/commands/audit.ts';
import { run as backup } from '../../../src/cli/commands/backup.ts';
import { run as exportDeal } from '../../../src/cli/commands/export.ts';
import { databaseLabel } from '../../../src/cli/which-database.ts';
import { migrateToLatest, openDatabase } from '../../../src/db/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'guts-named-'));
const file = join(dir, 'ledger.db');
const url = `file:${file}`;

async function capture(run: () => Promise<number>) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => out.push(String(s)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => err.push(String(s)) > 0);
  try {
    return { code: await run(), out: out.join(''), err: err.join('') };
  } finally {
    vi.restoreAllMocks();
  }
}

beforeAll(async () => {
  const opened = openDatabase(url);
  await migrateToLatest(opened.db);
  await opened.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('the commands that read a database name it', () => {
  it('names a file as it was given, any other URL without its password', () => {
    expect(databaseLabel('file:./data/playground.db')).toBe('data/playground.db');
    expect(databaseLabel('file:/srv/guts.db')).toBe('/srv/guts.db');
    expect(databaseLabel('postgres://guts:s3cret@db:5432/guts')).toBe('postgres://guts@db:5432/guts');
  });

  it('guts audit', async () => {
    const run = await capture(() => audit(['--db', url]));
    expect(run.out).toBe(`audit ok (${file}): 0 guilds, 0 accounts, 0 journal entries\n`);
  });

  it('guts export, on stderr (stdout is the scenario), and in its refusals', async () => {
    const run = await capture(() => exportDeal(['--db', url, '1', '1']));
    expect(run.code).toBe(2);
    expect(run.err).toBe(`guts export: ${file}: table 1 has no deal 1\n`);
  });

  it('guts backup', async () => {
    const copy = join(dir, 'copy.db');
    const run = await capture(() => backup(['--db', url, copy]));
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`^backed up ${file} to ${copy} \\(`));
  });
});

describe('guts backup replaces a file only when told', () => {
  it('refuses a file that is there, and replaces it with --force', async () => {
    const target = join(dir, 'yesterday.db');
    writeFileSync(target, 'yesterday');
    const refused = await capture(() => backup(['--db', url, target]));
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `guts backup: ${target} is already there: a backup never overwrites a file unless told to (--force)\n`,
    );
    expect(readFileSync(target, 'utf8')).toBe('yesterday');
    const forced = await capture(() => backup(['--db', url, '--force', target]));
    expect(forced.code).toBe(0);
    expect(statSync(target).size).toBe(statSync(file).size);
  });
});
