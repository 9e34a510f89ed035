import { describe, expect, it } from 'vitest';
import type { GameEvent, GameState } from '../../../src/engine/index.ts';
import { GameNets, type TableAt } from '../../../src/table/game-nets.ts';
import { NO_NOTES } from '../../../src/table/table-notes.ts';

/** A table at `dealBase` whose game has reached deal `dealNo` in `phase`. */
function tableAt(dealBase: number, dealNo: number, phase: GameState['phase'] = 'between-deals'): TableAt {
  const state = { phase, dealNo, players: [] } as unknown as GameState;
  return {
    record: { id: 7, state, version: dealNo } as unknown as TableAt['record'],
    notes: { ...NO_NOTES, dealBase },
  };
}

const ended = (dealNo: number, delta: Record<string, number>): GameEvent =>
  ({ type: 'DealEnded', dealNo, delta, winners: [] }) as unknown as GameEvent;

const step = (table: TableAt, events: GameEvent[]) => ({
  ...table,
  events,
  before: null,
  after: table.record.state as GameState,
});

describe('GameNets', () => {
  it('counts a game from zero, deal by deal, and another game at the table from zero again', async () => {
    const reads: number[] = [];
    const nets = new GameNets({
      read: async (_id, _state, dealBase) => {
        reads.push(dealBase);
        return { net: [], series: {} };
      },
      reload: async () => null,
    });
    nets.heard(step(tableAt(0, 0, 'lobby'), []));
    nets.heard(step(tableAt(0, 1), [ended(1, { a: 5, b: -5 })]));
    nets.heard(step(tableAt(0, 2), [ended(2, { a: -2, b: 2 })]));
    // The same deal's result told twice counts once.
    nets.heard(step(tableAt(0, 2), [ended(2, { a: -2, b: 2 })]));
    expect((await nets.of(tableAt(0, 2))).chips).toEqual({ a: 3, b: -3 });
    expect((await nets.of(tableAt(0, 2))).series).toEqual({ a: [5, 3], b: [-5, -3] });
    // Play again: the next game's deals start after the two played.
    nets.heard(step(tableAt(2, 0, 'lobby'), []));
    expect(nets.held(tableAt(0, 2))).toBeUndefined();
    nets.heard(step(tableAt(2, 1), [ended(1, { b: 4, a: -4 })]));
    expect((await nets.of(tableAt(2, 1))).chips).toEqual({ a: -4, b: 4 });
    expect(reads).toEqual([]);
  });

  it('reads a game it never heard from the history, once, with its own deal base, and again if a deal ends during the read', async () => {
    let release = () => {};
    const reads: { dealBase: number; dealNo: number }[] = [];
    let table = tableAt(3, 2);
    const nets = new GameNets({
      read: async (_id, state, dealBase) => {
        reads.push({ dealBase, dealNo: state.dealNo });
        if (reads.length === 1) await new Promise<void>((r) => (release = r));
        return { net: [{ playerId: 'a', name: null, chips: state.dealNo }], series: {} };
      },
      reload: async () => table,
    });
    const reading = nets.of(table);
    await Promise.resolve();
    table = tableAt(3, 3);
    nets.heard(step(table, [ended(3, { a: 1 })]));
    release();
    expect((await reading).chips).toEqual({ a: 3 });
    expect(reads).toEqual([
      { dealBase: 3, dealNo: 2 },
      { dealBase: 3, dealNo: 3 },
    ]);
    // A deal under way is not counted until it ends.
    expect((await nets.of(tableAt(3, 4, 'deal'))).chips).toEqual({ a: 3 });
    expect(reads).toHaveLength(2);
  });

  it('reads again a game that ended in the middle of a deal (the chips it moved count)', async () => {
    const nets = new GameNets({
      read: async () => ({ net: [{ playerId: 'a', name: null, chips: 9 }], series: {} }),
      reload: async () => null,
    });
    nets.heard(step(tableAt(0, 0, 'lobby'), []));
    nets.heard(step(tableAt(0, 1, 'over'), []));
    expect(nets.held(tableAt(0, 1, 'over'))).toBeUndefined();
    expect((await nets.of(tableAt(0, 1, 'over'))).chips).toEqual({ a: 9 });
  });
});
