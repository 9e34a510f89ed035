import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/cards/rng.ts';
import { apply, createGame, type GameState } from '../../../src/engine/index.ts';
import type { GameRecord } from '../../../src/table/game-record.ts';
import { endedByRestart, endedGame, PLAY_AGAIN_WINDOW_MS, recentlyEnded } from '../../../src/table/next-game.ts';

const place = { guildId: 'g1', channelId: 'c1' };
const ENDED_AT = 1_000_000;

/** Ann's two-card table (ante 3) with Bob and a bold computer, stopped in the lobby; its messages number deals from 7. */
function endedTable(over = true): GameRecord {
  let state: GameState = createGame({
    variant: 'two-card',
    options: { ante: 3 },
    rng: Rng.fromSeed(1).state(),
    host: 'ann',
    hostName: 'Ann',
  });
  state = apply(state, { type: 'join', playerId: 'bob', name: 'Bob' }).state;
  state = apply(state, { type: 'addComputer', by: 'ann', level: 'bold' }).state;
  if (over) state = apply(state, { type: 'stop', by: 'ann' }).state;
  return {
    id: 4,
    ...place,
    version: 5,
    running: !over,
    state,
    deadline: null,
    messages: { dealBase: 7 },
    dealNo: 7,
    updatedAt: ENDED_AT,
  };
}

describe('Play again', () => {
  it("opens the ended game's variant, changed options, look and computers for its host, and asks its people back", () => {
    const ended = endedGame(endedTable(), place, 7, 'ann');
    expect(ended.variantId).toBe('two-card');
    expect(ended.options).toEqual({ ante: 3 });
    // The computer is seated again; Bob is asked back, to take his seat with a press of his own.
    expect(ended.computers.map((s) => [s.id, s.computer ?? null])).toEqual([['cpu-bold-1', 'bold']]);
    expect(ended.returning).toEqual([{ id: 'bob', name: 'Bob' }]);
    expect(ended.phrase).toBeNull();
    expect(ended.look).toEqual({ fourColour: false, locale: 'en-US' });
  });

  it('refuses anyone but the host, an older message, another channel, and a game open since', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as { key?: string }).key;
      }
      return 'none';
    };
    expect(refusal(() => endedGame(endedTable(), place, 7, 'bob'))).toBe('refusal.playAgainWho');
    expect(refusal(() => endedGame(endedTable(), place, 6, 'ann'))).toBe('refusal.dealOver');
    expect(refusal(() => endedGame(endedTable(), { ...place, channelId: 'c2' }, 7, 'ann'))).toBe('refusal.tableGone');
    expect(refusal(() => endedGame(endedTable(false), place, 7, 'ann'))).toBe('refusal.running');
    expect(refusal(() => endedGame(null, place, 7, 'ann'))).toBe('refusal.tableGone');
  });

  it('is offered again to its host for 30 minutes after the game ends', () => {
    const target = { tableId: 4, dealNo: 7, variantId: 'two-card' };
    expect(recentlyEnded(endedTable(), 'ann', ENDED_AT + PLAY_AGAIN_WINDOW_MS)).toEqual(target);
    expect(recentlyEnded(endedTable(), 'ann', ENDED_AT + PLAY_AGAIN_WINDOW_MS + 1)).toBeNull();
    expect(recentlyEnded(endedTable(), 'bob', ENDED_AT)).toBeNull();
    expect(recentlyEnded(endedTable(false), 'ann', ENDED_AT)).toBeNull();
  });
});

describe('a game a restart ends', () => {
  it('is over at once, its pot and reserve kept, and says why', () => {
    const running = endedTable(false);
    const decided = endedByRestart(running);
    expect(decided?.state.phase).toBe('over');
    expect(decided?.events).toEqual([
      { type: 'GameOver', reason: 'stopped', pot: running.state?.pot, reserve: running.state?.reserve },
    ]);
    expect(decided?.note).toBe('table.endedByRestart');
    expect(endedByRestart(endedTable())).toBeNull();
  });
});
