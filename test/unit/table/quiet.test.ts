import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/index.ts';
import { countQuiet } from '../../../src/table/quiet.ts';
import { NO_NOTES, type TableNotes } from '../../../src/table/table-notes.ts';

/** quiet.ts on its own: how a table counts the deals in a row that nobody played. */

const started: GameEvent = {
  type: 'DealStarted',
  dealNo: 2,
  dealer: '1',
  players: ['1', '2'],
  compulsory: false,
  pot: 0,
  reserve: 0,
  legs: {},
  reante: false,
  excused: [],
};
const ended: GameEvent = { type: 'DealEnded', dealNo: 1, stayed: [], winners: [], delta: {}, pot: 10, reserve: 0 };
const joined: GameEvent = { type: 'PlayerJoined', playerId: '3', name: 'Cat' };

const table = (counts: Partial<Pick<TableNotes, 'pressedThisDeal' | 'quietDeals'>>): TableNotes => ({
  ...NO_NOTES,
  ...counts,
});

describe('counting quiet deals', () => {
  it('adds a deal that ended with nobody pressing, one a deal, and starts the next deal unpressed', () => {
    expect(countQuiet(table({}), [ended], false)).toEqual({ pressedThisDeal: false, quietDeals: 1 });
    expect(countQuiet(table({ quietDeals: 1 }), [ended, started], false)).toEqual({
      pressedThisDeal: false,
      quietDeals: 2,
    });
  });

  it('starts again from nought at a deal that someone pressed in, before or as it ended', () => {
    expect(countQuiet(table({ quietDeals: 1, pressedThisDeal: true }), [ended], false)).toEqual({
      pressedThisDeal: false,
      quietDeals: 0,
    });
    // The press that ends the deal (the last Stay) counts for it.
    expect(countQuiet(table({ quietDeals: 1 }), [ended], true).quietDeals).toBe(0);
  });

  it('marks a press with no deal boundary as played in this deal, and leaves other steps alone', () => {
    expect(countQuiet(table({ quietDeals: 1 }), [joined], true)).toEqual({ pressedThisDeal: true, quietDeals: 0 });
    expect(countQuiet(table({ quietDeals: 1, pressedThisDeal: true }), [joined], false)).toEqual({
      pressedThisDeal: true,
      quietDeals: 1,
    });
  });

  it('counts the press that deals for the table, not for the new deal it starts', () => {
    // The host's Deal: the table was played, but nobody has pressed in the new deal yet.
    expect(countQuiet(table({ quietDeals: 1 }), [started], true)).toEqual({ pressedThisDeal: false, quietDeals: 0 });
    // A countdown that starts the next deal forgets a press of the deal before it.
    expect(countQuiet(table({ pressedThisDeal: true }), [started], false).pressedThisDeal).toBe(false);
  });
});
