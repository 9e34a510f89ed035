import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { seatOdds } from '../../../src/activity/seat-odds.ts';
import { type Action, apply, createGame, type GameState } from '../../../src/engine/index.ts';
import type { EquityResult } from '../../../src/hands/index.ts';
import { NO_NOTES } from '../../../src/table/table-notes.ts';
import { gameRecord } from '../table/tables-fixture.ts';

/**
 * A frame's odds (seat-odds.ts): what the odds table answers at once goes in the frame;
 * a sampled hand's odds, later than a frame waits, come in `all` for the same step again.
 */

const ANN = '1';
const BOB = '2';
const log = pino({ level: 'silent' });

function dealt(): GameState {
  let state = createGame({ variant: 'three-card', rng: [1, 2, 3, 4], host: ANN, hostName: 'Ann', options: {} });
  for (const action of [
    { type: 'join', playerId: BOB, name: 'Bob' },
    { type: 'startDeal', by: ANN },
  ] as Action[])
    state = apply(state, action).state;
  return state;
}

const held = (state: GameState) =>
  ({
    record: gameRecord(state, { id: 1, version: 3, messages: NO_NOTES }),
    notes: NO_NOTES,
  }) as unknown as Parameters<typeof seatOdds>[0];

const pages = [{ member: { id: ANN, name: 'Ann' } }, { member: { id: BOB, name: 'Bob' } }];
const odds = (win: number): EquityResult => ({ win }) as unknown as EquityResult;

describe("a frame's odds", () => {
  it('holds the odds that came at once; the sampled ones come after, for the same step', async () => {
    let sampled: (r: EquityResult) => void = () => {};
    const late = new Promise<EquityResult>((resolve) => {
      sampled = resolve;
    });
    const frameOdds = seatOdds(held(dealt()), pages, async (_s, id) => (id === ANN ? odds(0.3) : late), log);
    const soon = await frameOdds?.soon;
    expect(soon?.get(ANN)).toEqual(odds(0.3));
    expect(soon?.get(BOB)).toBeNull();
    sampled(odds(0.7));
    const all = await frameOdds?.all;
    expect(all?.get(ANN)).toEqual(odds(0.3));
    expect(all?.get(BOB)).toEqual(odds(0.7));
  });

  it("sends nothing again when every player's odds came at once", async () => {
    const frameOdds = seatOdds(held(dealt()), pages, async () => odds(0.5), log);
    expect((await frameOdds?.soon)?.size).toBe(2);
    expect(await frameOdds?.all).toBeNull();
  });

  it('shows none for odds that failed, and sends nothing again for them', async () => {
    const frameOdds = seatOdds(
      held(dealt()),
      pages,
      async (_s, id) => {
        if (id === BOB) throw new Error('helper thread gone');
        return odds(0.5);
      },
      log,
    );
    expect((await frameOdds?.soon)?.get(BOB)).toBeNull();
    expect(await frameOdds?.all).toBeNull();
  });

  it('asks nothing outside a deal', () => {
    const lobby = createGame({ variant: 'three-card', rng: [1, 2, 3, 4], host: ANN, hostName: 'Ann', options: {} });
    expect(seatOdds(held(lobby), pages, async () => odds(0.5), log)).toBeNull();
  });
});
