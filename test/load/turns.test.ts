import { describe, expect, it } from 'vitest';
import { turnsOf } from '../../src/load/shard-load.ts';

describe('turnsOf: the order the shard load plays its measured tables', () => {
  const tables = ['t0', 't1', 't2', 't3', 't4', 't5', 't6'];

  it('plays every table at once unless in turn', () => {
    expect(turnsOf(tables, 2, false)).toEqual([tables]);
  });

  it('in turn, plays one server’s tables after another’s, each table with its server (t % servers)', () => {
    expect(turnsOf(tables, 2, true)).toEqual([
      ['t0', 't2', 't4', 't6'],
      ['t1', 't3', 't5'],
    ]);
    expect(turnsOf(tables, 3, true)).toEqual([
      ['t0', 't3', 't6'],
      ['t1', 't4'],
      ['t2', 't5'],
    ]);
  });

  it('in turn, plays every table once', () => {
    const played = turnsOf(tables, 3, true).flat();
    expect([...played].sort()).toEqual(tables);
  });
});
