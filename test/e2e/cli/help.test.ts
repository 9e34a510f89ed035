import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const bin = resolve(__dirname, '../../../bin/guts.js');
const dir = mkdtempSync(join(tmpdir(), 'guts-help-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `guts ARGS` in an empty folder of its own, with no database and no token: its exit code, output, and what it left there. */
function guts(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string; left: string[] }> {
  const cwd = mkdtempSync(join(dir, 'run-'));
  const env = { ...process.env, DATABASE_URL: '', DISCORD_TOKEN: '', SHARD_COUNT: '' };
  const child = spawn(process.execPath, [bin, ...args], { cwd, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((done) =>
    child.once('close', (status) => done({ status, stdout, stderr, left: readdirSync(cwd) })),
  );
}

/** Each subcommand answers --help in-process (test/unit/cli/help.test.ts); these write files, so run them as a user does. */
describe('guts backup and gallery, asked for help', () => {
  it.each([
    ['backup', '--help'],
    ['backup', '-h'],
    ['gallery', '--help'],
  ])('guts %s %s prints its usage, exits 0 and writes nothing', async (name, flag) => {
    const run = await guts([name, flag]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^usage: guts ${name}\\b`));
    expect(run.status).toBe(0);
    expect(run.left).toEqual([]);
  });

  it('never takes a word that starts with "-" as the file to write', async () => {
    const run = await guts(['backup', '--db', 'file::memory:', '--', '--help']);
    expect(run.stderr).toBe('guts backup: "--help" is not an option of guts backup (see guts backup --help)\n');
    expect(run.status).toBe(2);
    expect(run.left).toEqual([]);
  });
});
