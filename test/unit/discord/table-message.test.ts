import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChatNotes, ChatNotesByTable, NO_CHAT } from '../../../src/discord/chat-notes.ts';
import { type ShownTable, TableMessage, targetOf } from '../../../src/discord/table-message.ts';
import { lobbyView } from '../../../src/discord/views/lobby.ts';
import { tableView } from '../../../src/discord/views/table-card.ts';
import { boardSignature } from '../../../src/discord/views/table-pieces.ts';
import { type Action, apply, createGame, type GameState, publicView } from '../../../src/engine/index.ts';
import type { Picture } from '../../../src/render/index.ts';
import { NO_NOTES, type TableNotes } from '../../../src/table/table-notes.ts';
import type { HeldTable } from '../../../src/table/tables.ts';

/**
 * The lobby and the live table message on their own: hand-made tables, the
 * chat's notes with a fake save that writes them down and can fail, a fake channel
 * output that writes down every post and edit, and vitest's fake clock driving the
 * coalescer's delay. No Discord, no database.
 */

const TABLE = 7;
const DELAY_MS = 250;
const ANN = '1';
const BOB = '2';
const CID = '3';

const step = (state: GameState, ...actions: Action[]): GameState =>
  actions.reduce((s, action) => apply(s, action).state, state);
const lobby = (variant = 'three-card'): GameState =>
  step(createGame({ variant, rng: [1, 2, 3, 4], host: ANN, hostName: 'Ann' }), {
    type: 'join',
    playerId: BOB,
    name: 'Bob',
  });
const dealt = (variant = 'three-card'): GameState => step(lobby(variant), { type: 'startDeal', by: ANN });

/** A table as the table layer holds it, here changed in place by the test as steps would. */
function heldOf(state: GameState): { record: HeldTable['record']; notes: TableNotes } {
  return {
    record: {
      id: TABLE,
      guildId: '100',
      channelId: '200',
      version: 1,
      running: state.phase !== 'over',
      state,
      deadline: null,
      messages: {},
      dealNo: state.dealNo,
      updatedAt: 0,
    },
    notes: { ...NO_NOTES },
  };
}

/** The table as a step left it, with where the chat showed it then. */
const shownAsOf = (state: GameState, chat: Partial<ChatNotes>): ShownTable => ({
  rt: heldOf(state),
  chat: { ...NO_CHAT, ...chat },
});

/** The live table card of `state` at `rt`'s table: no picture, nothing stalled. */
const shownFor = (rt: HeldTable, state: GameState, unreached: string[] = []) =>
  tableView({
    target: targetOf(rt),
    view: publicView(state),
    deadline: null,
    restarted: false,
    picture: null,
    hasBoardImage: false,
    waiting: false,
    unreached,
    locale: 'en-US',
    fourColour: false,
  });

/** Every string in a payload, to read what a message says. */
const textOf = (payload: unknown): string => JSON.stringify(payload);
/** Buttons are components of type 2 anywhere in the payload. */
const hasButtons = (payload: unknown): boolean => /"type":2[,}]/.test(textOf(payload));

describe('the table message', () => {
  let held: Map<number, HeldTable>;
  let chat: ChatNotesByTable;
  /** Saves of the chat's notes, waiting in the table's queue: each writes down the notes it saves, or fails. */
  let atVersion: ReturnType<typeof vi.fn<(tableId: number, write: unknown) => Promise<void>>>;
  /** What the chat's notes said each time they were saved. */
  let saved: ChatNotes[];
  let posts: { tableId: number; payload: unknown; editable: boolean | undefined }[];
  let edits: { tableId: number; messageId: string; payload: unknown }[];
  /** Whether each edit fails, and with what. */
  let failEdits: boolean;
  let editError: Error;
  /** Players with a fresh interaction token: the bot reaches only them privately. */
  let reachable: Set<string> | null;
  let picture: Picture | null;
  let board: ReturnType<typeof vi.fn>;
  let warn: ReturnType<typeof vi.fn>;
  let info: ReturnType<typeof vi.fn>;
  let tm: TableMessage;

  const make = (editDelayMs?: number) =>
    new TableMessage({
      tables: { heldTable: (tableId: number) => held.get(tableId) } as never,
      chatNotes: chat,
      output: {
        stalled: () => false,
        send: async (tableId: number, payload: unknown, editable?: boolean) => {
          posts.push({ tableId, payload, editable });
          return { id: `posted-${posts.length}` };
        },
        edit: async (tableId: number, messageId: string, payload: unknown) => {
          if (failEdits) throw editError;
          edits.push({ tableId, messageId, payload });
        },
      } as never,
      offload: { board } as never,
      tokens: { fresh: (_tableId: number, id: string) => (reachable && !reachable.has(id) ? null : {}) } as never,
      log: { warn, info } as never,
      editDelayMs,
    });
  /** The coalescer's delay passes and every edit it then sends is out. */
  const flush = async () => {
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    await tm.idle();
  };
  /** The table as it stands, and where the chat shows it now. */
  const live = (state: GameState, shown: Partial<ChatNotes> = {}) => {
    const rt = heldOf(state);
    held.set(TABLE, rt);
    chat.opened(TABLE);
    Object.assign(chat.of(TABLE), shown);
    return rt;
  };
  const notes = (tableId = TABLE) => chat.get(tableId);

  beforeEach(() => {
    vi.useFakeTimers();
    held = new Map();
    saved = [];
    atVersion = vi.fn(async (tableId: number) => {
      saved.push(chat.snapshot(tableId));
    });
    posts = [];
    edits = [];
    failEdits = false;
    editError = new Error('Missing Access');
    reachable = null;
    picture = null;
    board = vi.fn(async () => picture);
    warn = vi.fn();
    info = vi.fn();
    chat = new ChatNotesByTable({
      db: null as never,
      tables: { atVersion } as never,
      log: { warn, debug: vi.fn() } as never,
    });
    tm = make(DELAY_MS);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  describe('a new deal', () => {
    it('posts the table message as editable and saves its id and deal', async () => {
      const before = lobby();
      const rt = live(dealt(), { lobby: 'lobby-1' });
      tm.restartedDuringDeal(TABLE);
      await tm.startDeal(rt, before);
      expect(posts).toHaveLength(1);
      expect(posts[0]?.tableId).toBe(TABLE);
      expect(posts[0]?.editable).toBe(true);
      expect(hasButtons(posts[0]?.payload)).toBe(true);
      expect(notes()?.table).toBe('posted-1');
      expect(notes()?.tableDeal).toBe(1);
      expect(notes()?.board).toBeNull();
      // The bot restarted during the deal before: this deal's message does not say so.
      expect(textOf(posts[0]?.payload)).not.toContain('restarted');
      expect(atVersion).toHaveBeenCalledWith(TABLE, expect.any(Function));
      expect(saved).toEqual([expect.objectContaining({ table: 'posted-1', tableDeal: 1 })]);
    });

    it('edits the lobby once the first deal starts: it says the game is on', async () => {
      const rt = live(dealt(), { lobby: 'lobby-1' });
      await tm.startDeal(rt, lobby());
      await flush();
      expect(edits).toEqual([
        { tableId: TABLE, messageId: 'lobby-1', payload: lobbyView(targetOf(rt), publicView(dealt()), 'en-US') },
      ]);
    });

    it('names the players it cannot reach privately, never a computer player', async () => {
      reachable = new Set([ANN]);
      const withComputer = step(lobby(), { type: 'addComputer', by: ANN, level: 'cautious' });
      const state = step(withComputer, { type: 'startDeal', by: ANN });
      expect(state.deal?.players).toHaveLength(3);
      const rt = live(state);
      await tm.startDeal(rt, withComputer);
      expect(posts[0]?.payload).toEqual(shownFor(rt, state, [BOB]));
    });

    it('logs a failed save, the message id still remembered (the next save writes it)', async () => {
      atVersion.mockRejectedValueOnce(new Error('disk full'));
      const rt = live(dealt());
      await tm.startDeal(rt, lobby());
      expect(notes()?.table).toBe('posted-1');
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ tableId: TABLE, err: expect.any(Error) }),
        'could not save where the chat shows the table',
      );
    });

    it('closes the previous deal message once, without its buttons', async () => {
      const first = dealt();
      const over = step(first, { type: 'timeout' });
      expect(over.dealNo).toBe(1);
      const next = step(over, { type: 'startDeal', by: ANN });
      expect(next.dealNo).toBe(2);
      // An edit of deal 1's message was asked for just before deal 2 began.
      const old = live(over, { table: 'deal-1', tableDeal: 1 });
      tm.requestEdits(TABLE);
      old.record = { ...old.record, state: next };
      await tm.startDeal(old, over);
      await flush();
      const toOld = edits.filter((e) => e.messageId === 'deal-1');
      expect(toOld).toHaveLength(1);
      expect(hasButtons(toOld[0]?.payload)).toBe(false);
      expect(textOf(toOld[0]?.payload)).toContain('Deal 1 is over');
      expect(textOf(toOld[0]?.payload)).toContain('The next deal is below.');
      expect(toOld[0]?.payload).toMatchObject({ embeds: [], attachments: [] });
      expect(notes()?.table).toBe('posted-1');
      expect(notes()?.tableDeal).toBe(2);
    });

    it("closes the previous deal's message when a step's edit for it comes late", async () => {
      const next = step(dealt(), { type: 'timeout' }, { type: 'startDeal', by: ANN });
      // The step that began deal 2, as it was committed: its messages still name deal 1's.
      const asOf = shownAsOf(next, { table: 'deal-1', tableDeal: 1 });
      live(next, { table: 'deal-2', tableDeal: 2 });
      tm.requestEdits(TABLE, asOf);
      await flush();
      expect(edits.map((e) => e.messageId)).toEqual(['deal-1']);
      expect(hasButtons(edits[0]?.payload)).toBe(false);
      expect(textOf(edits[0]?.payload)).toContain('Deal 1 is over');
      expect(textOf(edits[0]?.payload)).toContain('The next deal is below.');
    });
  });

  describe('edits', () => {
    it('turns a burst of lobby steps into one edit of the newest lobby, after the delay', async () => {
      let state = createGame({ variant: 'three-card', rng: [1, 2, 3, 4], host: ANN, hostName: 'Ann' });
      const rt = live(state, { lobby: 'lobby-1' });
      for (const [id, name] of [
        [BOB, 'Bob'],
        [CID, 'Cid'],
      ] as const) {
        state = step(state, { type: 'join', playerId: id, name });
        rt.record = { ...rt.record, state };
        tm.requestEdits(TABLE);
      }
      await vi.advanceTimersByTimeAsync(DELAY_MS - 1);
      expect(edits).toEqual([]);
      expect(tm.pendingEdits).toBe(1);
      await flush();
      expect(edits).toEqual([
        { tableId: TABLE, messageId: 'lobby-1', payload: lobbyView(targetOf(rt), publicView(state), 'en-US') },
      ]);
      expect(textOf(edits[0]?.payload)).toContain('Cid');
      expect(tm.pendingEdits).toBe(0);
    });

    it('builds an edit when it is sent, from the table as it is then', async () => {
      const rt = live(lobby(), { lobby: 'lobby-1' });
      tm.requestEdits(TABLE);
      const later = step(lobby(), { type: 'join', playerId: CID, name: 'Cid' });
      rt.record = { ...rt.record, state: later };
      await flush();
      expect(edits).toEqual([
        { tableId: TABLE, messageId: 'lobby-1', payload: lobbyView(targetOf(rt), publicView(later), 'en-US') },
      ]);
    });

    it('turns a burst of deal steps into one edit of the newest table', async () => {
      // Three players: two declare, the deal goes on.
      const first = step(lobby(), { type: 'join', playerId: CID, name: 'Cid' }, { type: 'startDeal', by: ANN });
      const rt = live(first, { table: 'deal-1', tableDeal: 1 });
      const older = step(first, { type: 'declare', playerId: ANN, choice: 'stay' });
      rt.record = { ...rt.record, state: older };
      tm.requestEdits(TABLE);
      const newest = step(older, { type: 'declare', playerId: BOB, choice: 'drop' });
      expect(newest.phase).toBe('deal');
      rt.record = { ...rt.record, state: newest };
      tm.requestEdits(TABLE);
      await flush();
      const editFor = (state: GameState) => {
        const view = shownFor(rt, state);
        return { flags: view.flags, components: view.components, embeds: [] };
      };
      expect(editFor(older)).not.toEqual(editFor(newest));
      expect(edits).toEqual([{ tableId: TABLE, messageId: 'deal-1', payload: editFor(newest) }]);
    });

    it('never shows a later deal on an earlier deal message', async () => {
      live(dealt(), { table: 'deal-0', tableDeal: 0 });
      tm.requestEdits(TABLE);
      await flush();
      expect(edits).toEqual([]);
    });

    it('asks nothing for a table it does not know or a message not posted yet', async () => {
      tm.requestEdits(TABLE);
      live(lobby());
      tm.requestEdits(TABLE);
      live(dealt());
      tm.requestEdits(TABLE);
      expect(tm.pendingEdits).toBe(0);
      await flush();
      expect(edits).toEqual([]);
    });

    it('edits a message left behind by a new game to its own game, lobby and table', async () => {
      const ended = step(dealt(), { type: 'timeout' }, { type: 'stop', by: ANN });
      expect(ended.phase).toBe('over');
      const asOf = shownAsOf(ended, { lobby: 'lobby-1', table: 'deal-1', tableDeal: 1 });
      tm.requestEdits(TABLE, asOf);
      // A new game opens before the edits go out: messages of its own.
      live(createGame({ variant: 'three-card', rng: [5, 6, 7, 8], host: CID, hostName: 'Cid' }), {
        lobby: 'lobby-2',
      });
      await flush();
      const ids = edits.map((e) => e.messageId).sort();
      expect(ids).toEqual(['deal-1', 'lobby-1']);
      const lobbyEdit = edits.find((e) => e.messageId === 'lobby-1');
      expect(lobbyEdit?.payload).toEqual(lobbyView(targetOf(asOf.rt), publicView(ended), 'en-US'));
      for (const e of edits) expect(textOf(e.payload)).not.toContain('Cid');
      // The ended game's own last table, not a closed card: that is for a deal's successor.
      const tableEdit = edits.find((e) => e.messageId === 'deal-1');
      expect(tableEdit?.payload).toMatchObject({ embeds: [] });
      expect(textOf(tableEdit?.payload)).toContain('Bob');
      expect(textOf(tableEdit?.payload)).not.toContain('is over');
    });

    it('logs an edit that fails, with the message it meant', async () => {
      failEdits = true;
      live(lobby(), { lobby: 'lobby-1' });
      tm.requestEdits(TABLE);
      await flush();
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ message: `${TABLE}:lobby-1`, err: expect.any(Error) }),
        'could not edit a table message',
      );
    });

    it('says in one short line, with no stack, that a message Discord forgot is gone (10008)', async () => {
      failEdits = true;
      editError = new DiscordAPIError(
        { code: RESTJSONErrorCodes.UnknownMessage, message: 'Unknown Message' },
        RESTJSONErrorCodes.UnknownMessage,
        404,
        'PATCH',
        '/channels/200/messages/lobby-1',
        {},
      );
      live(lobby(), { lobby: 'lobby-1' });
      tm.requestEdits(TABLE);
      await flush();
      expect(warn).not.toHaveBeenCalled();
      expect(info.mock.calls).toEqual([
        [{ message: `${TABLE}:lobby-1` }, 'a table message is gone (Unknown Message): not edited'],
      ]);
    });

    it('waits the default delay when given none', async () => {
      tm = make();
      live(lobby(), { lobby: 'lobby-1' });
      tm.requestEdits(TABLE);
      await vi.advanceTimersByTimeAsync(249);
      expect(edits).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await tm.idle();
      expect(edits).toHaveLength(1);
    });

    it("waits for one table's edits only", async () => {
      live(lobby(), { lobby: 'lobby-1' });
      const other = heldOf(lobby());
      other.record = { ...other.record, id: 8 };
      held.set(8, other);
      chat.of(8).lobby = 'lobby-9';
      tm.requestEdits(8);
      // Table 8's edit is waiting, yet this table has none to wait for.
      await tm.editsDone(TABLE);
      expect(tm.pendingEdits).toBe(1);
      tm.requestEdits(TABLE);
      let tableDone = false;
      void tm.editsDone(TABLE).then(() => {
        tableDone = true;
      });
      await Promise.resolve();
      expect(tableDone).toBe(false);
      await flush();
      expect(tableDone).toBe(true);
    });
  });

  describe('the board picture', () => {
    it('attaches a changed board once and saves where it is; a failed save is logged', async () => {
      // Tic Tac Toe deals its grid with the hands.
      const s = dealt('tic-tac-toe');
      picture = { name: 'board.png', data: Buffer.from('png') } as unknown as Picture;
      live(s, { table: 'deal-1', tableDeal: 1 });
      atVersion.mockRejectedValueOnce(new Error('disk full'));
      tm.requestEdits(TABLE);
      await flush();
      expect(board).toHaveBeenCalledTimes(1);
      expect(edits).toHaveLength(1);
      expect(edits[0]?.payload).toMatchObject({ attachments: [], files: expect.any(Array) });
      expect(notes()?.board).toBe(boardSignature(publicView(s)));
      expect(atVersion).toHaveBeenCalledWith(TABLE, expect.any(Function));
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ tableId: TABLE, err: expect.any(Error) }),
          'could not save where the chat shows the table',
        ),
      );
      // The same board again: no new picture.
      tm.requestEdits(TABLE);
      await flush();
      expect(board).toHaveBeenCalledTimes(1);
      expect(edits).toHaveLength(2);
      expect(edits[1]?.payload).not.toHaveProperty('files');
    });

    it('keeps no board when its picture failed, and tries again on the next edit', async () => {
      live(dealt('tic-tac-toe'), { table: 'deal-1', tableDeal: 1 });
      tm.requestEdits(TABLE);
      await flush();
      expect(board).toHaveBeenCalledTimes(1);
      expect(notes()?.board).toBeNull();
      tm.requestEdits(TABLE);
      await flush();
      expect(board).toHaveBeenCalledTimes(2);
      expect(edits).toHaveLength(2);
    });
  });

  describe('/guts table', () => {
    it('posts the table message again and closes the old one as moved', async () => {
      const rt = live(dealt(), { table: 'deal-1', tableDeal: 1 });
      const post = vi.fn(async () => ({ id: 'again-1' }));
      await tm.repost(rt, post);
      expect(post).toHaveBeenCalledTimes(1);
      expect(notes()?.table).toBe('again-1');
      expect(saved).toEqual([expect.objectContaining({ table: 'again-1', tableDeal: 1 })]);
      await flush();
      expect(edits.map((e) => e.messageId)).toEqual(['deal-1']);
      expect(hasButtons(edits[0]?.payload)).toBe(false);
      expect(textOf(edits[0]?.payload)).toContain('Deal 1');
      expect(textOf(edits[0]?.payload)).toContain('The table moved: it is below.');
    });

    it('closes nothing when the post is the same message', async () => {
      const rt = live(dealt(), { table: 'deal-1', tableDeal: 1 });
      await tm.repost(rt, async () => ({ id: 'deal-1' }));
      await flush();
      expect(edits).toEqual([]);
    });
  });

  it('numbers the buttons by the table, not the game', () => {
    const rt = heldOf(dealt());
    rt.notes.dealBase = 4;
    expect(targetOf(rt)).toEqual({ tableId: TABLE, dealNo: 5 });
  });
});
