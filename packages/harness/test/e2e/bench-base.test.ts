import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { baseTreeDir, resolveCommit } from '../../src/paired/base-tree.ts';

const harness = 'packages/harness/bin/harness.js';
const bench = (...args: string[]) =>
  spawnSync(process.execPath, [harness, 'bench', ...args], { encoding: 'utf8', timeout: 300_000 });

describe('guts-harness bench --base', () => {
  const head = resolveCommit(process.cwd(), 'HEAD');
  const dir = baseTreeDir(head);
  // The worktree of HEAD is this test's to drop unless an earlier run made it.
  const ours = !existsSync(dir);
  afterAll(() => {
    if (ours && existsSync(dir)) spawnSync('git', ['worktree', 'remove', '--force', dir]);
  });

  it('refuses a ref that names no commit, and --rounds without --base', () => {
    const noCommit = bench('--base', 'no-such-ref-57', '--only', 'eval3');
    expect(noCommit.status).toBe(2);
    expect(noCommit.stderr).toMatch(/--base no-such-ref-57: not a commit/);
    const roundsAlone = bench('--rounds', '2', '--only', 'eval3');
    expect(roundsAlone.status).toBe(2);
    expect(roundsAlone.stderr).toMatch(/--rounds goes with --base/);
    expect(bench('--head', 'HEAD', '--only', 'eval3').stderr).toMatch(/--head goes with --base/);
  });

  it("runs the benches for a worktree of REF and this tree in turn, and prints each side's medians and the ratios", () => {
    const run = bench('--base', 'HEAD', '--rounds', '2', '--only', 'eval3');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr.match(/round \d of 2, (base|head)/g)).toEqual([
      'round 1 of 2, base',
      'round 1 of 2, head',
      'round 2 of 2, base',
      'round 2 of 2, head',
    ]);
    const report = JSON.parse(run.stdout);
    expect(report.base).toMatchObject({ ref: 'HEAD', commit: head, dir });
    // The lockfiles are the same: this tree's node_modules, linked (or kept from an earlier run).
    expect(['linked', 'kept']).toContain(report.base.modules);
    expect(existsSync(`${dir}/node_modules`)).toBe(true);
    expect(report.rounds).toBe(2);
    expect(report.loadAverage).toHaveLength(5);
    const [eval3] = report.results;
    expect(eval3.name).toBe('eval3');
    expect(eval3.byRound.base.perSecond).toHaveLength(2);
    expect(eval3.byRound.head.perSecond).toHaveLength(2);
    const mean = ([a, b]: number[]) => ((a ?? 0) + (b ?? 0)) / 2;
    expect(eval3.base.perSecond).toBeCloseTo(mean(eval3.byRound.base.perSecond), 0);
    expect(eval3.head.perSecond).toBeCloseTo(mean(eval3.byRound.head.perSecond), 0);
    expect(eval3.ratio.perSecond).toBeCloseTo(eval3.head.perSecond / eval3.base.perSecond, 2);
    expect(eval3.target).toBe(30e6);
    // A worktree, its node_modules linked, two builds and four bench processes: minutes on a loaded machine.
  }, 300_000);
});
