import { describe, expect, it } from 'vitest';
import { serverOf, turnsOf } from '../../../src/load/shard-load.ts';

describe('turnsOf: the shard load playing its servers in turn', () => {
  const tables = Array.from({ length: 7 }, (_, t) => t);

  it('puts each table in its own server’s turn, server 0’s first', () => {
    for (const servers of [2, 3]) {
      const turns = turnsOf(tables, servers);
      expect(turns).toHaveLength(servers);
      turns.forEach((turn, s) => {
        expect(turn.length).toBeGreaterThan(0);
        for (const t of turn) expect(serverOf(t, servers)).toBe(s);
      });
    }
  });

  it('plays every table once', () => {
    expect(
      turnsOf(tables, 3)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual(tables);
  });

  it('deals the tables out over the servers evenly', () => {
    expect(tables.map((t) => serverOf(t, 2))).toEqual([0, 1, 0, 1, 0, 1, 0]);
  });
});
