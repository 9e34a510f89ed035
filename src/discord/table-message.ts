import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { type GameState, type PlayerView, publicView } from '../engine/index.ts';
import { type TextKey, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import type { Picture } from '../render/index.ts';
import { gameOf } from '../table/game-record.ts';
import { tableDealNo } from '../table/table-notes.ts';
import type { HeldTable, Tables } from '../table/tables.ts';
import { cardEmojis } from './card-emojis.ts';
import type { ChannelOutput } from './channel-output.ts';
import type { ChatNotes, ChatNotesByTable } from './chat-notes.ts';
import { EditCoalescer } from './coalescer.ts';
import type { Offload } from './offload.ts';
import type { ReplyTokens } from './tokens.ts';
import type { ButtonTarget } from './views/buttons.ts';
import { inActivityView } from './views/in-activity.ts';
import { lobbyView } from './views/lobby.ts';
import { closedCard, tableView } from './views/table-card.ts';
import { boardCells, boardSignature } from './views/table-pieces.ts';
import type { WebhookMessage } from './webhook-messages.ts';

/** The table message for the table's latest state (`restarted`: say the bot restarted during this deal). */
function liveTableView(
  rt: HeldTable,
  deps: Pick<TableMessageDeps, 'tokens' | 'output' | 'openTable'>,
  picture: Picture | null,
  hasBoardImage: boolean,
  restarted = false,
) {
  const { tokens } = deps;
  const state = gameOf(rt.record);
  return tableView({
    waiting: deps.output.stalled(rt.record.id),
    target: targetOf(rt, deps.openTable),
    view: publicOf(rt),
    deadline: rt.record.deadline,
    restarted,
    picture,
    hasBoardImage,
    locale: rt.notes.locale,
    fourColour: rt.notes.fourColour,
    // Computer players get no private message: they are never "unreached".
    unreached: (state.deal?.players ?? []).filter(
      (id) => !tokens.fresh(rt.record.id, id) && !state.players.find((p) => p.id === id)?.computer,
    ),
  });
}

/**
 * The public view of each committed state, made once: a step's table message, board
 * picture and board signature each read it, and a state is never changed once committed
 * (every step is a new one), nor a view once made (views only read it).
 */
const publicViews = new WeakMap<GameState, PlayerView>();

/** What the channel may see of the table's game: the table message never shows more. */
export function publicOf(rt: HeldTable): PlayerView {
  const state = gameOf(rt.record);
  let view = publicViews.get(state);
  if (!view) {
    view = publicView(state);
    publicViews.set(state, view);
  }
  return view;
}

/** The table-wide coordinates the table's buttons carry, and whether they offer Open table. */
export function targetOf(rt: HeldTable, openTable = false): ButtonTarget {
  return {
    tableId: rt.record.id,
    dealNo: tableDealNo(rt.notes, rt.record.state?.dealNo ?? 0),
    ...(openTable ? { openTable } : {}),
  };
}

/** The table's lobby message as it stands (the people Play again asked back included). */
export const lobbyOf = (rt: HeldTable, openTable = false) =>
  lobbyView(targetOf(rt, openTable), publicOf(rt), rt.notes.locale, rt.notes.returning);

/** A table as the chat showed it at one moment: its game and table notes, and where the chat shows it. */
export interface ShownTable {
  rt: HeldTable;
  chat: ChatNotes;
}

export interface TableMessageDeps {
  tables: Tables;
  /** Where the chat shows each table (this surface's own notes, saved with the table's row). */
  chatNotes: ChatNotesByTable;
  output: ChannelOutput;
  offload: Offload;
  /** Who the bot can reach privately: the others are told to press My cards. */
  tokens: ReplyTokens;
  log: Logger;
  editDelayMs?: number;
  /** The bot serves its tables as an Activity: their messages offer Open table. */
  openTable?: boolean;
}

/**
 * The table's public messages, the lobby and the live table message: posted with the
 * board picture, edited in place (coalesced: a burst of steps costs one edit), closed
 * when they are left behind, so only one message ever carries live buttons.
 */
export class TableMessage {
  private readonly editor: EditCoalescer<{ tableId: number; messageId: string; payload: WebhookMessage }>;
  /** Tables this process took up after a restart with a deal under way: their table message says so until the next deal. */
  private readonly restarted = new Set<number>();

  constructor(private readonly deps: TableMessageDeps) {
    this.editor = new EditCoalescer(
      (_key, edit) => deps.output.edit(edit.tableId, edit.messageId, edit.payload),
      (key, err) => {
        // A message Discord no longer has (deleted, or the playground's local Discord after
        // a restart): expected, and nothing to retry. One short line, no stack.
        if (err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.UnknownMessage) {
          deps.log.info({ message: key }, 'a table message is gone (Unknown Message): not edited');
        } else deps.log.warn({ err, message: key }, 'could not edit a table message');
      },
      deps.editDelayMs ?? 250,
    );
  }

  idle(): Promise<void> {
    return this.editor.idle();
  }

  /** Resolves once no edit of the table's messages is waiting or in flight. */
  editsDone(tableId: number): Promise<void> {
    const prefix = `${tableId}:`;
    return this.editor.idleFor((key) => key.startsWith(prefix));
  }

  /** The table was taken up after a restart with a deal under way (see `restarted`). */
  restartedDuringDeal(tableId: number): void {
    this.restarted.add(tableId);
  }

  /** A table this process shows no more (its game ended and its last messages are out). */
  forget(tableId: number): void {
    this.restarted.delete(tableId);
  }

  /** Edits waiting or in flight, over every table. */
  get pendingEdits(): number {
    return this.editor.size;
  }

  private heldTable(tableId: number): HeldTable | undefined {
    return this.deps.tables.heldTable(tableId);
  }

  /** Closes the previous deal's message and posts this deal's, with the board picture. */
  async startDeal(rt: HeldTable, before: GameState | null): Promise<void> {
    const tableId = rt.record.id;
    if (before?.phase === 'lobby') this.requestLobbyEdit(tableId, this.shown(rt));
    const previous = this.deps.chatNotes.of(tableId).table;
    if (previous && before) {
      const say = (key: TextKey) => t(rt.notes.locale, key, { deal: tableDealNo(rt.notes, before.dealNo) });
      this.close(tableId, previous, say('closed.dealOver'), say('closed.nextBelow'));
    }
    this.restarted.delete(tableId);
    await this.post(rt, (view) => this.deps.output.send(tableId, view, true));
  }

  /** `/guts table`: the live table message again (its id returned); the old one is closed. */
  async repost(rt: HeldTable, post: (view: ReturnType<typeof tableView>) => Promise<{ id: string }>): Promise<string> {
    const previous = this.deps.chatNotes.of(rt.record.id).table;
    const posted = await this.post(rt, post);
    const state = gameOf(rt.record);
    if (previous && previous !== posted) {
      const say = (key: TextKey) => t(rt.notes.locale, key, { deal: tableDealNo(rt.notes, state.dealNo) });
      this.close(rt.record.id, previous, say('closed.deal'), say('closed.moved'));
    }
    return posted;
  }

  /**
   * The game is played from the Activity where only a press's token can edit the chat:
   * the lobby and the table message say so (through their tokens, while they live) and
   * ask for no move (see `inActivityView`).
   */
  handOver(rt: HeldTable): void {
    const tableId = rt.record.id;
    const target = targetOf(rt);
    const variant = gameOf(rt.record).variant;
    const { locale } = rt.notes;
    const { lobby, table } = this.deps.chatNotes.of(tableId);
    for (const [messageId, v2] of [
      [lobby, false],
      [table, true],
    ] as const) {
      if (!messageId) continue;
      const payload = inActivityView(target, variant, locale, v2);
      this.editor.request(`${tableId}:${messageId}`, () => ({ tableId, messageId, payload }));
    }
  }

  /** Turns a table message that is no longer live into a short note without buttons. */
  private close(tableId: number, messageId: string, title: string, text: string): void {
    this.editor.request(`${tableId}:${messageId}`, () => ({ tableId, messageId, payload: closedPayload(title, text) }));
  }

  /**
   * Posts the live table message anew (with its board picture) through `post`, and
   * remembers it as the table's message: a new deal's, or `/guts table`'s re-post.
   */
  private async post(
    rt: HeldTable,
    post: (view: ReturnType<typeof tableView>) => Promise<{ id: string }>,
  ): Promise<string> {
    const state = gameOf(rt.record);
    const picture = await this.boardPicture(rt);
    const message = await post(liveTableView(rt, this.deps, picture, false, this.restarted.has(rt.record.id)));
    const chat = this.deps.chatNotes.of(rt.record.id);
    chat.table = message.id;
    chat.tableDeal = state.dealNo;
    chat.board = picture ? boardSignature(publicOf(rt)) : null;
    await this.deps.chatNotes.save(rt.record.id);
    return message.id;
  }

  /** The table as the chat shows it now: its runtime, and its chat notes as they are now. */
  private shown(rt: HeldTable): ShownTable {
    return { rt: { record: rt.record, notes: { ...rt.notes } }, chat: this.deps.chatNotes.snapshot(rt.record.id) };
  }

  /** The table's board picture, or null when it has no board, shows it as card emojis, or the picture failed. */
  private boardPicture(rt: HeldTable): Promise<Picture | null> {
    const cells = boardCells(publicOf(rt));
    return cells.length && !cardEmojis()
      ? this.deps.offload.board(cells, { fourColour: rt.notes.fourColour })
      : Promise.resolve(null);
  }

  /**
   * Brings the lobby or the live table message up to date (coalesced): as the table
   * stands, or as `asOf` (a step that ended the game) left it.
   */
  requestEdits(tableId: number, asOf?: ShownTable): void {
    const live = asOf ? undefined : this.heldTable(tableId);
    const shown = asOf ?? (live && this.shown(live));
    if (!shown) return;
    const state = shown.rt.record.state;
    if (state?.phase === 'lobby' || (state?.phase === 'over' && state.dealNo === 0)) {
      this.requestLobbyEdit(tableId, shown);
    } else {
      this.requestTableEdit(tableId, shown);
      // The lobby said "the game is on": once it is over, it says so.
      if (state?.phase === 'over') this.requestLobbyEdit(tableId, shown);
    }
  }

  /*
   * An edit is built when it is sent, from the table as it is then, so a burst of steps
   * costs one edit. By then the message may have been left behind: a game that ended
   * and a new one already opened, with messages of its own. Such a message is edited
   * to the table as it was when the edit was asked for (its own game's last state),
   * never to the new game and never skipped: it would keep live-looking buttons.
   */

  /**
   * The table's runtime and chat notes as they are, when the lobby or table message
   * `messageId` is still its own: the same game as `asked` (a game opening at the table
   * numbers its deals from a new base before its first step, while the chat still shows the last one).
   */
  private liveShowing(
    tableId: number,
    messageId: string,
    which: 'lobby' | 'table',
    asked: ShownTable,
  ): ShownTable | null {
    const rt = this.heldTable(tableId);
    const chat = this.deps.chatNotes.get(tableId);
    const sameGame = rt?.notes.dealBase === asked.rt.notes.dealBase;
    return rt && chat && sameGame && chat[which] === messageId ? { rt, chat } : null;
  }

  private requestLobbyEdit(tableId: number, asked: ShownTable): void {
    const messageId = asked.chat.lobby;
    if (!messageId) return;
    this.editor.request(`${tableId}:${messageId}`, () => {
      const { rt } = this.liveShowing(tableId, messageId, 'lobby', asked) ?? asked;
      return { tableId, messageId, payload: lobbyOf(rt, this.deps.openTable) };
    });
  }

  private requestTableEdit(tableId: number, asked: ShownTable): void {
    const messageId = asked.chat.table;
    if (!messageId) return;
    this.editor.request(`${tableId}:${messageId}`, async () => {
      const live = this.liveShowing(tableId, messageId, 'table', asked);
      if (!live) {
        // Left behind (see above); its picture stays as it is. Asked for just as a new
        // deal began, it is that deal's predecessor: closed, as a new deal closes it.
        const { rt } = asked;
        const state = gameOf(rt.record);
        const shown = asked.chat.tableDeal;
        if (state.phase === 'deal' && shown !== null && shown !== state.dealNo) {
          const say = (key: TextKey) => t(rt.notes.locale, key, { deal: tableDealNo(rt.notes, shown) });
          return { tableId, messageId, payload: closedPayload(say('closed.dealOver'), say('closed.nextBelow')) };
        }
        const view = liveTableView(rt, this.deps, null, asked.chat.board !== null);
        return { tableId, messageId, payload: editOf(view) };
      }
      const { rt, chat } = live;
      const state = gameOf(rt.record);
      // A later deal gets its own message (perhaps being posted now): this one must not show it.
      const later = state.phase === 'deal' && chat.tableDeal !== state.dealNo;
      if (later) return null;
      const signature = boardSignature(publicOf(rt));
      const replace = signature !== chat.board;
      const picture = replace ? await this.boardPicture(rt) : null;
      if (replace) {
        chat.board = picture ? signature : null;
        // If this fails (logged), only a restart notices (it sends the picture again).
        void this.deps.chatNotes.save(tableId);
      }
      const view = liveTableView(rt, this.deps, picture, chat.board !== null, this.restarted.has(tableId));
      const payload = editOf(view);
      if (replace) Object.assign(payload, { files: view.files, attachments: [] });
      return { tableId, messageId, payload };
    });
  }
}

/**
 * An edit of the table card: its components and the V2 flag (an edit may add it, never
 * drop it), and no embeds (a message posted before the card, by an older version, loses its embed).
 */
function editOf(view: ReturnType<typeof tableView>): WebhookMessage {
  return { flags: view.flags, components: view.components, embeds: [] };
}

/** What a table message that is no longer live becomes: a short card without buttons (and without the picture). */
function closedPayload(title: string, text: string): WebhookMessage {
  return { ...closedCard(title, text), embeds: [], attachments: [] };
}
