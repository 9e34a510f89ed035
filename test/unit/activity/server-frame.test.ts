import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../src/activity/frames.ts';
import { parseServerFrame } from '../../../src/activity/page/server-frame.ts';
import { tableFrame } from '../../../src/activity/table-frame.ts';
import { apply, createGame, type GameState } from '../../../src/engine/index.ts';
import { NO_NOTES } from '../../../src/table/table-notes.ts';

/** The page's reading of what the bot sends (page/server-frame.ts): every frame the bot builds, and nothing else. */

function dealt(): GameState {
  let state = createGame({ variant: 'three-card', rng: [1, 2, 3, 4], host: '1', hostName: 'Ann', options: {} });
  state = apply(state, { type: 'join', playerId: '2', name: 'Bob' }).state;
  return apply(state, { type: 'startDeal', by: '1' }).state;
}

function frame(): ServerFrame {
  const state = dealt();
  const table = tableFrame({
    record: {
      id: 1,
      guildId: '100',
      channelId: '200',
      version: 3,
      running: true,
      state,
      deadline: 50_000,
      messages: NO_NOTES,
      dealNo: state.dealNo,
      updatedAt: 0,
    },
    notes: NO_NOTES,
    viewer: '1',
    locale: 'en-US',
    result: null,
  });
  return {
    type: 'snapshot',
    now: 1,
    locale: 'en-US',
    strings: { 'button.stay': 'Stay' },
    user: { id: '1', name: 'Ann' },
    table,
  };
}

describe("the page's reading of a frame", () => {
  it('reads every kind of frame the bot sends as it was sent', () => {
    const snapshot = frame();
    expect(snapshot.type === 'snapshot' && snapshot.table?.seats[0]?.cards.length).toBe(3);
    expect(parseServerFrame(JSON.stringify(snapshot))).toEqual(snapshot);
    const update: ServerFrame = { type: 'update', now: 2, table: null };
    expect(parseServerFrame(JSON.stringify(update))).toEqual(update);
    const answer: ServerFrame = { type: 'answer', requestId: 'r-1', ok: false, text: 'Not your turn.' };
    expect(parseServerFrame(JSON.stringify(answer))).toEqual(answer);
    const ack: ServerFrame = { type: 'ack', requestId: 'r-1' };
    expect(parseServerFrame(JSON.stringify(ack))).toEqual(ack);
  });

  it('leaves unread what is not a frame: not JSON, an unknown type, a field of the wrong type or missing', () => {
    const good = frame();
    if (good.type !== 'snapshot' || !good.table) throw new Error('a snapshot with a table');
    const seat = good.table.seats[0];
    const bad: unknown[] = [
      'null',
      '[]',
      '"snapshot"',
      { ...good, type: 'hello' },
      { ...good, now: '1' },
      { type: 'answer', requestId: 'r', ok: 'yes', text: null },
      { type: 'ack' },
      { type: 'ack', requestId: 7 },
      { type: 'update', now: 1 },
      { ...good, table: { ...good.table, tableId: '1' } },
      { ...good, table: { ...good.table, seats: {} } },
      { ...good, table: { ...good.table, seats: [{ ...seat, choice: 'fold' }] } },
      { ...good, table: { ...good.table, awaiting: { ...good.table.awaiting, kind: 'bet' } } },
      { ...good, table: { ...good.table, seats: [{ ...seat, cards: [{ code: 'As', up: false }] }] } },
    ];
    expect(parseServerFrame('{not json')).toBeNull();
    for (const value of bad) {
      expect(parseServerFrame(typeof value === 'string' ? value : JSON.stringify(value))).toBeNull();
    }
  });
});
