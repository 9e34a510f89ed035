import { describe, expect, it } from 'vitest';
import { type CpuProfile, diffProfiles, fileOf, selfTimes } from '../../../src/load/profile-diff.ts';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });

/** A profile of the given nodes and samples, each sample lasting `us` microseconds. */
const profile = (nodes: [number, string, string][], samples: number[], us = 1000): CpuProfile => ({
  nodes: nodes.map(([id, name, url]) => ({ id, callFrame: frame(name, url) })),
  samples,
  timeDeltas: samples.map(() => us),
});

describe('profile-diff', () => {
  it('names a file the same whatever tree or build it ran from', () => {
    expect(fileOf('file:///tmp/guts-base-823b365c5608/dist/0123456789ab/src/table/steps.js')).toBe(
      'src/table/steps.js',
    );
    expect(fileOf('file:///srv/guts/src/table/steps.ts')).toBe('src/table/steps.ts');
    expect(fileOf('file:///srv/guts/node_modules/zod/v4/core/core.js')).toBe('node_modules/zod/v4/core/core.js');
    expect(fileOf('node:internal/timers')).toBe('node:internal/timers');
    expect(fileOf('')).toBe('(native)');
  });

  it('counts each sample the time until the next as its function’s self time', () => {
    const p = profile(
      [
        [1, '(root)', ''],
        [2, 'step', 'file:///a/dist/0123456789ab/src/table/steps.js'],
        [3, 'parse', 'file:///a/node_modules/zod/index.js'],
      ],
      [2, 2, 3, 2],
    );
    expect(Object.fromEntries(selfTimes(p, 'function'))).toEqual({
      'step src/table/steps.js': 2,
      'parse node_modules/zod/index.js': 1,
    });
  });

  it('lists what grew first, per deal when told the deals', () => {
    const a = profile(
      [
        [1, 'step', 'file:///a/src/table/steps.ts'],
        [2, 'render', 'file:///a/src/render/chart.ts'],
      ],
      [1, 1, 2, 2, 1],
    );
    const b = profile(
      [
        [7, 'step', 'file:///b/src/table/steps.ts'],
        [8, 'parse', 'file:///b/node_modules/zod/index.js'],
      ],
      [7, 7, 7, 7, 8, 8, 8, 8, 7],
    );
    const { rows, total } = diffProfiles(a, b, 'file', { a: 2, b: 2 });
    expect(rows.map((r) => [r.key, r.a, r.b, r.delta])).toEqual([
      ['node_modules/zod/index.js', 0, 2, 2],
      ['src/table/steps.ts', 1, 2, 1],
      ['src/render/chart.ts', 1, 0, -1],
    ]);
    expect(total).toEqual({ a: 2, b: 4, delta: 2 });
  });
});
