import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('guts-harness bench', () => {
  it('prints one JSON object with the results of the benches asked for, each run in a process of its own', () => {
    const run = spawnSync(
      process.execPath,
      ['packages/harness/bin/harness.js', 'bench', '--only', 'eval3,equity-vs5'],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { node: string; cpu: string; results: { name: string }[] };
    expect(report.node).toBe(process.version);
    expect(report.results.map((r) => r.name)).toEqual(['eval3', 'equity-vs5']);
    expect(report.results[0]).toMatchObject({ perSecond: expect.any(Number), target: 30e6 });
    expect(report.results[1]).toMatchObject({ ms: expect.any(Number) });
  });
});
