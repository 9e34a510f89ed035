import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { ChatNotesByTable } from '../../../src/discord/chat-notes.ts';
import { OddsCache } from '../../../src/discord/odds.ts';
import { TablePublisher } from '../../../src/discord/publisher.ts';
import type { Action } from '../../../src/engine/index.ts';
import { CommitAndPublish } from '../../../src/table/commit-and-publish.ts';
import type { GameOpening } from '../../../src/table/open-game.ts';
import type { StepResult } from '../../../src/table/steps.ts';
import { type Member, type Place, Tables } from '../../../src/table/tables.ts';
import { fakeClock } from '../table/fake-clock.ts';

/**
 * The publisher's private-message bookkeeping and the table message's edits, on the
 * table layer with SQLite in memory. Discord is a fake channel output and fake tokens
 * that write down every post and edit; pictures and odds are left out.
 */

const place: Place = { guildId: '100', channelId: '200' };
const ann: Member = { id: '1', name: 'Ann' };
/** Ann opens a game here, with the variant's own options. */
const opening = (variantId: string, key: string, host = ann): GameOpening => ({
  place,
  host,
  variantId,
  options: {},
  look: { fourColour: false },
  key,
});
const bob: Member = { id: '2', name: 'Bob' };

/** A player's way in: an interaction token whose follow-ups and edits are written down. */
function fakeHandle(name: string) {
  let posted = 0;
  return {
    name,
    locale: 'en-US',
    followUp: vi.fn(async () => ({ id: `${name}-post-${++posted}` })),
    edit: vi.fn(async (_messageId: string, _payload: unknown) => {}),
    editReply: vi.fn(async () => {}),
  };
}
type FakeHandle = ReturnType<typeof fakeHandle>;

describe('the table publisher', () => {
  let o: OpenDatabase;
  let tables: Tables;
  let publisher: TablePublisher;
  let chat: ChatNotesByTable;
  let tableId: number;
  let handles: Map<string, FakeHandle>;
  const warn = vi.fn();
  const log = Object.assign(pino({ level: 'silent' }), { warn });
  const output = {
    onStall: (_tableId: number) => {},
    stalled: () => false,
    flush: async () => false,
    send: vi.fn(async (_tableId: number, _payload: unknown, _editable?: boolean) => ({ id: 'table-message' })),
    run: <T>(call: () => Promise<T>) => call(),
    edit: vi.fn(async (_tableId: number, _messageId: string, _payload: unknown) => {}),
    pressedOn: vi.fn(),
    adopt: vi.fn(),
  };
  const offload = {
    hand: async () => null,
    board: async () => null,
    showdown: async () => null,
    odds: async () => null,
  };

  const act = (key: string, action: Action, member?: Member) =>
    tables.act(tableId, key, action, member) as Promise<StepResult>;
  const runtime = () => {
    const rt = tables.heldTable(tableId);
    if (!rt) throw new Error('no table');
    return rt;
  };
  const edited = (handle: FakeHandle | undefined) => handle?.edit.mock.calls.length ?? 0;

  const open = async (variant: string) => {
    const { table: rt, result } = await tables.openGame(opening(variant, 'start'));
    tableId = rt.record.id;
    chat.of(tableId).lobby = 'lobby-message';
    publisher.publish(result);
    publisher.publish(await act('join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob));
    publisher.publish(await act('deal-1', { type: 'startDeal', by: ann.id }));
    await publisher.idle();
  };

  beforeEach(async () => {
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
    tables = new Tables({
      db: o.db,
      log,
      clock: fakeClock().clock,
      newRngState: () => [5, 6, 7, 8],
      newServerSeed: null,
    });
    handles = new Map([ann, bob].map((m) => [m.id, fakeHandle(m.name)]));
    const tokens = {
      fresh: (_tableId: number, playerId: string) => handles.get(playerId),
      alive: () => true,
      localeOf: () => 'en-US',
      now: () => 0,
      forget: () => {},
    };
    chat = new ChatNotesByTable({ db: o.db, tables, log });
    publisher = new TablePublisher({
      log,
      tables,
      commits: new CommitAndPublish({ tables, listener: tables.heard, log }),
      chatNotes: chat,
      output: output as never,
      tokens: tokens as never,
      odds: new OddsCache(offload as never),
      offload: offload as never,
      editDelayMs: 1,
    });
    warn.mockClear();
    output.send.mockClear();
    output.edit.mockClear();
  });

  afterEach(async () => {
    await publisher.idle();
    await tables.close();
    await o.close();
  });

  it("posts each dealt player's private message once, and edits it only when it would show something else", async () => {
    await open('three-card');
    expect(handles.get(ann.id)?.followUp).toHaveBeenCalledTimes(1);
    expect(handles.get(bob.id)?.followUp).toHaveBeenCalledTimes(1);
    publisher.publish(await act('bob-stays', { type: 'declare', playerId: bob.id, choice: 'stay' }));
    await publisher.idle();
    // Bob's message now shows his choice; Ann's shows what it showed (choices are hidden till the reveal).
    expect(edited(handles.get(bob.id))).toBe(1);
    expect(edited(handles.get(ann.id))).toBe(0);
    expect(handles.get(bob.id)?.followUp).toHaveBeenCalledTimes(1);
  });

  it('leaves a private message claimed for a press answer to that answer: the step publishes no edit of it', async () => {
    await open('three-card');
    const step = await act('bob-stays', { type: 'declare', playerId: bob.id, choice: 'stay' });
    const answer = publisher.answerPrivately(runtime(), bob.id, step, { claim: true });
    expect(await answer.cards).toMatchObject({ content: expect.stringContaining('Three-card') });
    publisher.publish(step);
    await publisher.idle();
    expect(edited(handles.get(bob.id))).toBe(0);
    // The answer went out through the press's token: that message is Bob's private message now,
    // and a later redraw of it goes through that token.
    const press = fakeHandle('press');
    answer.sent(press as never);
    publisher.answerPrivately(runtime(), bob.id, null, { claim: true }).failed();
    await publisher.idle();
    expect(edited(press)).toBe(1);
    expect(press.edit.mock.calls[0]?.[0]).toBe('@original');
    expect(edited(handles.get(bob.id))).toBe(0);
  });

  it('redraws a claimed private message once, from the table as it stands, when the answer did not go out', async () => {
    await open('three-card');
    const step = await act('bob-stays', { type: 'declare', playerId: bob.id, choice: 'stay' });
    const answer = publisher.answerPrivately(runtime(), bob.id, step, { claim: true });
    publisher.publish(step);
    answer.failed();
    await publisher.idle();
    expect(edited(handles.get(bob.id))).toBe(1);
  });

  it('draws no private answer once the deal is over; My cards draws the cards as the table stands', async () => {
    await open('three-card');
    const myCards = publisher.answerPrivately(runtime(), ann.id, null, { claim: false, afterDeal: true });
    expect(await myCards.cards).toMatchObject({ content: expect.stringContaining('Three-card') });
    await act('bob-stays', { type: 'declare', playerId: bob.id, choice: 'stay' });
    const revealed = await act('ann-stays', { type: 'declare', playerId: ann.id, choice: 'stay' });
    expect(publisher.answerPrivately(runtime(), ann.id, revealed, { claim: true }).cards).toBeNull();
  });

  it("edits an ended game's lobby even when a new game took the table before the step was published", async () => {
    const { table: rt } = await tables.openGame(opening('three-card', 'start'));
    tableId = rt.record.id;
    chat.of(tableId).lobby = 'old-lobby';
    const stopped = await tables.stopGame(place, { id: ann.id, admin: false }, 'stop');
    publisher.committed(stopped as StepResult);
    const { result: again } = await tables.openGame(opening('three-card', 'start-again', bob));
    publisher.committed(again);
    // The new game's lobby is not posted yet: no message shows it.
    expect(chat.get(tableId)?.lobby).toBeNull();
    publisher.publish(stopped as StepResult);
    await publisher.idle();
    expect(output.edit.mock.calls.map(([, messageId]) => messageId)).toEqual(['old-lobby']);
  });

  it('logs a failed save of where the board picture is, and still edits the table message', async () => {
    await open('iron-cross');
    tables.atVersion = () => Promise.reject(new Error('disk full'));
    publisher.publish(await act('bob-stays', { type: 'declare', playerId: bob.id, choice: 'stay' }));
    await publisher.idle();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    const saving = 'could not save where the chat shows the table';
    const [fields, message] = warn.mock.calls.find(([, m]) => m === saving) ?? [];
    expect(message).toBe(saving);
    expect(fields).toMatchObject({ tableId, err: expect.objectContaining({ message: 'disk full' }) });
    expect(output.edit.mock.calls.some(([, messageId]) => messageId === 'table-message')).toBe(true);
  });
});
