import {
  type Client,
  EmbedBuilder,
  type Message,
  type MessageCreateOptions,
  type MessageEditOptions,
  MessageFlags,
  type SendableChannels,
} from 'discord.js';
import { awaiting, type GameEvent, type GameState } from '../engine/index.ts';
import type { Logger } from '../log.ts';
import type { Picture } from '../render/index.ts';
import { tableDealNo } from '../table/messages.ts';
import type { TableRuntime } from '../table/runtimes.ts';
import { SerialQueues } from '../table/serial.ts';
import type { StepListener, StepResult } from '../table/steps.ts';
import type { Tables } from '../table/tables.ts';
import { EditCoalescer } from './coalescer.ts';
import { Lane } from './lane.ts';
import type { OddsCache } from './odds.ts';
import type { Offload } from './offload.ts';
import type { ReplyTokens } from './tokens.ts';
import type { ButtonTarget } from './views/buttons.ts';
import { cardsView, handPicture } from './views/cards.ts';
import { lobbyView } from './views/lobby.ts';
import { hasResult, showdownRows, showdownView } from './views/showdown.ts';
import { standingsEmbed } from './views/standings.ts';
import { boardCells, boardSignature, OVER_COLOUR, tableView } from './views/table.ts';

/** The table message for the table's latest state. */
function liveTableView(rt: TableRuntime, picture: Picture | null, hasBoardImage: boolean) {
  const state = rt.record.state as GameState;
  return tableView({
    target: targetOf(rt),
    state,
    deadline: rt.record.deadline,
    restarted: rt.restarted,
    picture,
    hasBoardImage,
  });
}

/** The table-wide coordinates the table's buttons carry. */
export function targetOf(rt: TableRuntime): ButtonTarget {
  const state = rt.record.state as GameState | null;
  return { tableId: rt.record.id, dealNo: tableDealNo(rt.messages, state?.dealNo ?? 0) };
}

export interface PublisherDeps {
  client: Client;
  log: Logger;
  tables: Tables;
  tokens: ReplyTokens;
  odds: OddsCache;
  offload: Offload;
  editDelayMs?: number;
}

/**
 * Everything the bot tells the channel after a step has committed (DESIGN.md step 3):
 * new table messages, private cards, results, coalesced edits. Output for one table
 * goes out in order; no database transaction is open while it does.
 */
export class TablePublisher implements StepListener {
  private readonly queues = new SerialQueues<number>();
  /** Requests in flight to the channel (see Lane): Discord's global limit of 50 a second binds long before 8 in flight. */
  private readonly lane = new Lane(8);
  private readonly editor: EditCoalescer<{ tableId: number; messageId: string; payload: MessageEditOptions }>;

  constructor(private readonly deps: PublisherDeps) {
    this.editor = new EditCoalescer(
      async (_key, edit) => {
        const channel = await this.channelOf(edit.tableId);
        await this.lane.run(() => channel.messages.edit(edit.messageId, edit.payload));
      },
      (key, err) => deps.log.warn({ err, message: key }, 'could not edit a table message'),
      deps.editDelayMs ?? 250,
    );
  }

  private runtime(tableId: number): TableRuntime | undefined {
    return this.deps.tables.runtimes.get(tableId);
  }

  private saveMessages(tableId: number): Promise<void> {
    return this.deps.tables.saveMessages(tableId);
  }

  committed(step: StepResult): void {
    // The game's messages get their final edit asked for now, while they are still the
    // table's: a new game may open before this step is published, and take their place.
    if (awaiting(step.after).kind === 'over') this.requestEdits(step.record.id);
  }

  resumed(tableId: number): void {
    this.requestEdits(tableId);
  }

  /** Queues what a committed step means for the channel. */
  publish(step: StepResult): void {
    const tableId = step.record.id;
    if (awaiting(step.after).kind === 'over') this.deps.tokens.forget(tableId);
    void this.queues
      .run(tableId, () => this.publishNow(tableId, step))
      .catch((err) => {
        this.deps.log.error({ err, tableId }, 'could not publish a table step');
      });
  }

  async idle(): Promise<void> {
    await this.queues.idle();
    await this.editor.idle();
  }

  private async channelOf(tableId: number): Promise<SendableChannels & { messages: Message['channel']['messages'] }> {
    const rt = this.runtime(tableId);
    if (!rt) throw new Error(`table ${tableId} is not loaded`);
    const channel = await this.deps.client.channels.fetch(rt.record.channelId);
    if (!channel?.isSendable() || !('messages' in channel))
      throw new Error(`channel ${rt.record.channelId} is not sendable`);
    return channel as SendableChannels & { messages: Message['channel']['messages'] };
  }

  private async send(tableId: number, payload: MessageCreateOptions): Promise<Message> {
    const channel = await this.channelOf(tableId);
    return this.lane.run((): Promise<Message> => channel.send(payload));
  }

  private async publishNow(tableId: number, step: StepResult): Promise<void> {
    const rt = this.runtime(tableId);
    if (!rt) return;
    const { before, after, events } = step;
    const started = events.find((e) => e.type === 'DealStarted');
    if (started) {
      // Even if the table message cannot be posted, players still get their cards.
      await this.startDealMessage(tableId, rt, before).catch((err: unknown) =>
        this.deps.log.error({ err, tableId }, 'could not post the table message'),
      );
    }
    const dealtTo = playersDealt(events);
    if (dealtTo.length) await this.sendPrivateCards(tableId, after, dealtTo);
    if (before && hasResult(events)) {
      const rows = showdownRows(before, after, events);
      const picture = rows.length
        ? await this.deps.offload.showdown(rows, { fourColour: rt.messages.fourColour })
        : null;
      const history = { tableId, dealNo: tableDealNo(rt.messages, before.dealNo) };
      await this.send(tableId, showdownView(before, after, events, picture, history));
    }
    if (events.some((e) => e.type === 'GameOver')) {
      await this.send(tableId, { embeds: [standingsEmbed(await this.deps.tables.standings(tableId, after))] });
    }
    this.requestEdits(tableId);
  }

  /** Closes the previous deal's message and posts this deal's, with the board picture. */
  private async startDealMessage(tableId: number, rt: TableRuntime, before: GameState | null): Promise<void> {
    if (before?.phase === 'lobby') this.requestLobbyEdit(tableId);
    const previous = rt.messages.table;
    if (previous && before)
      this.closeMessage(tableId, previous, `Deal ${before.dealNo} is over`, 'The next deal is below.');
    rt.restarted = false;
    await this.postTableMessage(rt, (view) => this.send(tableId, view));
  }

  /**
   * `/guts table`: the live table message again, in order with the table's other output;
   * the old one is closed so only one message carries live buttons.
   */
  repostTableMessage(rt: TableRuntime, post: (view: ReturnType<typeof tableView>) => Promise<{ id: string }>) {
    const tableId = rt.record.id;
    return this.queues.run(tableId, async () => {
      const previous = rt.messages.table;
      await this.postTableMessage(rt, post);
      const state = rt.record.state as GameState;
      if (previous && previous !== rt.messages.table) {
        this.closeMessage(tableId, previous, `Deal ${state.dealNo}`, 'The table moved: it is below.');
      }
    });
  }

  /** Turns a table message that is no longer live into a short note without buttons. */
  private closeMessage(tableId: number, messageId: string, title: string, text: string): void {
    this.editor.request(`${tableId}:${messageId}`, () => ({ tableId, messageId, payload: closedPayload(title, text) }));
  }

  /**
   * Posts the live table message anew (with its board picture) through `post`, and
   * remembers it as the table's message: a new deal's, or `/guts table`'s re-post.
   */
  async postTableMessage(
    rt: TableRuntime,
    post: (view: ReturnType<typeof tableView>) => Promise<{ id: string }>,
  ): Promise<void> {
    const state = rt.record.state as GameState;
    const picture = await this.boardPicture(rt);
    const message = await post(liveTableView(rt, picture, false));
    rt.messages.table = message.id;
    rt.messages.tableDeal = state.dealNo;
    rt.messages.board = picture ? boardSignature(state) : null;
    await this.saveMessages(rt.record.id);
  }

  /** The table's board picture, or null when it has no board (or the picture failed). */
  private boardPicture(rt: TableRuntime): Promise<Picture | null> {
    const cells = boardCells(rt.record.state as GameState);
    return cells.length
      ? this.deps.offload.board(cells, { fourColour: rt.messages.fourColour })
      : Promise.resolve(null);
  }

  /** A player's private cards message: cards, picture, hand name, odds. */
  async cardsMessage(rt: TableRuntime, state: GameState, playerId: string) {
    const { preview, odds } = this.deps.odds.preview(state, playerId);
    const wanted = handPicture(state, playerId, preview);
    const colours = { fourColour: rt.messages.fourColour };
    // Both jobs queue on the helper thread at once, the picture right behind the odds.
    const [equity, picture] = await Promise.all([
      odds,
      wanted ? this.deps.offload.hand(wanted.cards, { ...wanted.options, ...colours }) : null,
    ]);
    return cardsView(targetOf(rt), state, playerId, preview, equity, picture);
  }

  /** Ephemeral follow-ups with their cards for players whose latest press is fresh enough to carry one. */
  async sendPrivateCards(tableId: number, state: GameState, playerIds: readonly string[]): Promise<void> {
    await Promise.all(
      playerIds.map(async (playerId) => {
        const handle = this.deps.tokens.fresh(tableId, playerId);
        if (!handle) return;
        try {
          const rt = this.runtime(tableId);
          if (!rt) return;
          const view = await this.cardsMessage(rt, state, playerId);
          await this.lane.run(() => handle.followUp({ ...view, flags: MessageFlags.Ephemeral }));
        } catch (err) {
          this.deps.log.warn({ err, tableId, playerId }, 'could not send private cards');
        }
      }),
    );
  }

  /** Brings the lobby or the live table message up to date (coalesced). */
  requestEdits(tableId: number): void {
    const rt = this.runtime(tableId);
    if (!rt) return;
    const state = rt.record.state as GameState | null;
    if (state?.phase === 'lobby' || (state?.phase === 'over' && state.dealNo === 0)) this.requestLobbyEdit(tableId);
    else this.requestTableEdit(tableId);
  }

  /*
   * An edit is built when it is sent, from the table as it is then, so a burst of steps
   * costs one edit. By then the message may have been left behind: a game that ended
   * and a new one already opened, with messages of its own. Such a message is edited
   * to the table as it was when the edit was asked for (its own game's last state),
   * never to the new game and never skipped: it would keep live-looking buttons.
   */

  private requestLobbyEdit(tableId: number): void {
    const asked = snapshot(this.runtime(tableId));
    const messageId = asked?.messages.lobby;
    if (!asked || !messageId) return;
    this.editor.request(`${tableId}:${messageId}`, () => {
      const live = this.runtime(tableId);
      const rt = live?.messages.lobby === messageId ? live : asked;
      return { tableId, messageId, payload: lobbyView(targetOf(rt), rt.record.state as GameState) };
    });
  }

  private requestTableEdit(tableId: number): void {
    const asked = snapshot(this.runtime(tableId));
    const messageId = asked?.messages.table;
    if (!asked || !messageId) return;
    this.editor.request(`${tableId}:${messageId}`, async () => {
      const live = this.runtime(tableId);
      if (live?.messages.table !== messageId) {
        // Left behind (see above); its picture stays as it is. Asked for just as a new
        // deal began, it is that deal's predecessor: closed, as a new deal closes it.
        const state = asked.record.state as GameState;
        const shown = asked.messages.tableDeal;
        if (state.phase === 'deal' && shown !== null && shown !== state.dealNo) {
          return { tableId, messageId, payload: closedPayload(`Deal ${shown} is over`, 'The next deal is below.') };
        }
        const view = liveTableView(asked, null, asked.messages.board !== null);
        return { tableId, messageId, payload: { embeds: view.embeds, components: view.components } };
      }
      const rt = live;
      const state = rt.record.state as GameState;
      // A later deal gets its own message (perhaps being posted now): this one must not show it.
      const later = state.phase === 'deal' && rt.messages.tableDeal !== state.dealNo;
      if (later) return null;
      const signature = boardSignature(state);
      const replace = signature !== rt.messages.board;
      const picture = replace ? await this.boardPicture(rt) : null;
      if (replace) {
        rt.messages.board = picture ? signature : null;
        void this.saveMessages(tableId).catch(() => {});
      }
      const view = liveTableView(rt, picture, rt.messages.board !== null);
      const payload: MessageEditOptions = { embeds: view.embeds, components: view.components };
      if (replace) Object.assign(payload, { files: view.files, attachments: [] });
      return { tableId, messageId, payload };
    });
  }
}

/** What a table message that is no longer live becomes: a short note without buttons. */
function closedPayload(title: string, text: string): MessageEditOptions {
  const closed = new EmbedBuilder().setColor(OVER_COLOUR).setTitle(title).setDescription(text);
  return { embeds: [closed], components: [], attachments: [] };
}

/** The runtime as it is now: committed records are never changed, the message ids are. */
function snapshot(rt: TableRuntime | undefined): TableRuntime | undefined {
  return rt && { ...rt, messages: { ...rt.messages } };
}

/** Players who were dealt private cards in these events (a deal's start, a later round's card). */
function playersDealt(events: readonly GameEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) if (e.type === 'Dealt') for (const id of Object.keys(e.private)) ids.add(id);
  for (const e of events) if (e.type === 'DealStarted') for (const id of e.players) ids.add(id);
  return [...ids];
}
