import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const bin = join(import.meta.dirname, '../../bin/harness.js');
const dir = mkdtempSync(join(tmpdir(), 'guts-harness-cli-'));
const harness = (args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DISCORD_TOKEN: '' },
  });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `guts-harness`'s subcommands read their arguments as `guts`'s do: help on asking, never a `-word` as a file. */
describe('guts-harness subcommands', () => {
  it.each([
    ['bench', '--help', /^usage: guts-harness bench \[NAME \.\.\.\][\s\S]*soak \(only when named\)[\s\S]*--minutes/],
    ['soak-chart', '-h', /^usage: guts-harness soak-chart \[--long\] \[--force\] RESULT\.json OUT\.svg\n/],
    ['start', '--help', /^usage: guts-harness start\n/],
  ])('%s %s prints its usage and exits 0, starting nothing', (command, flag, usage) => {
    const run = harness([command, flag]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(usage);
    expect(run.status).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    [['bench', '--minuts', '3'], /^guts-harness bench: Unknown option '--minuts'/],
    [['bench', 'nosuch'], /^guts-harness bench: no bench "nosuch"/],
    [['soak-chart', 'in.json', '-x'], /^guts-harness soak-chart: Unknown option '-x'/],
    [['soak-chart', 'in.json'], /^guts-harness soak-chart: too few arguments/],
    [['start', 'now'], /^guts-harness start: unexpected "now"/],
  ])('%j is refused in one line, exit 2', (args, line) => {
    const run = harness(args);
    expect(run.stderr).toMatch(line);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.status).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('soak-chart never replaces a file unless told', () => {
    const result = join(dir, 'soak.json');
    writeFileSync(result, JSON.stringify({ results: [{ name: 'soak', mode: null, longGame: null }] }));
    const chart = join(dir, 'chart.svg');
    writeFileSync(chart, 'mine');
    const kept = harness(['soak-chart', result, chart]);
    expect(kept.stderr).toMatch(/chart\.svg is there already \(--force replaces it\)/);
    expect(kept.status).toBe(2);
    // With --force it goes on to read the result (which has no long-game run to draw).
    const forced = harness(['soak-chart', '--force', result, chart]);
    expect(forced.stderr).toMatch(/has no long-game run/);
    expect(existsSync(chart)).toBe(true);
  });
});
