import { MessageFlags } from 'discord.js';
import { awaiting, dealInPlay, type GameEvent, type GameState, privateFacts, viewFor } from '../engine/index.ts';
import { type TextKey, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { gameOf } from '../table/game-record.ts';
import { tableDealNo } from '../table/messages.ts';
import type { TableRuntime } from '../table/runtimes.ts';
import { SerialQueues } from '../table/serial.ts';
import type { StepListener, StepResult } from '../table/steps.ts';
import type { Tables } from '../table/tables.ts';
import type { ChannelOutput } from './channel-output.ts';
import type { OddsCache } from './odds.ts';
import type { Offload } from './offload.ts';
import { type PrivateMessage, PrivateMessages } from './private-messages.ts';
import { TableMessage } from './table-message.ts';
import type { ReplyTokens, TokenHandle } from './tokens.ts';
import { cardsView, handPicture, privateAsks, privateSignature } from './views/cards.ts';
import { hasResult, showdownHands, showdownNeedsPicture, showdownView } from './views/showdown.ts';
import { BESIDE_RESULT_MAX, standingsEmbed } from './views/standings.ts';
import type { tableView } from './views/table-card.ts';

export interface PublisherDeps {
  log: Logger;
  tables: Tables;
  output: ChannelOutput;
  tokens: ReplyTokens;
  odds: OddsCache;
  offload: Offload;
  editDelayMs?: number;
}

/**
 * Everything the bot tells the channel after a step has committed (docs/ARCHITECTURE.md: The path of one button press):
 * new table messages, private cards, results, coalesced edits. Output for one table
 * goes out in order; no database transaction is open while it does.
 */
export class TablePublisher implements StepListener {
  private readonly queues = new SerialQueues<number>();
  readonly tableMessage: TableMessage;
  private readonly privateMessages: PrivateMessages;

  constructor(private readonly deps: PublisherDeps) {
    this.tableMessage = new TableMessage(deps);
    this.privateMessages = new PrivateMessages(deps.tokens);
    deps.output.onStall = (tableId) => this.stall(tableId);
  }

  /**
   * Where the bot only answers interactions, a post found no live token with a follow-up
   * left (nobody pressed for a while): the game waits, so no countdown plays on unseen,
   * and the table message says so (edited through its token, if that still lives).
   */
  private stall(tableId: number): void {
    this.deps.log.info({ tableId }, 'no token can carry the table: waiting for a press');
    this.deps.tables.pause(tableId);
    this.tableMessage.requestEdits(tableId);
  }

  /** The table is waiting for a press to carry its news (see `stall`). */
  waiting(tableId: number): boolean {
    return this.deps.output.stalled(tableId);
  }

  /** A press brought a token: what waited goes out, and the game goes on with its countdown afresh. */
  async wake(tableId: number): Promise<void> {
    if (!(await this.deps.output.flush(tableId))) return;
    this.deps.tables.publish(await this.deps.tables.resume(tableId));
  }

  private runtime(tableId: number): TableRuntime | undefined {
    return this.deps.tables.runtimes.get(tableId);
  }

  committed(step: StepResult): void {
    // The game's messages get their final edit asked for at once, as the step left them:
    // a new game may open at the table before this step is published, and take the
    // runtime's messages.
    if (awaiting(step.after).kind !== 'over') return;
    this.tableMessage.requestEdits(step.record.id, { record: step.record, messages: step.messages, restarted: false });
  }

  resumed(tableId: number): void {
    const rt = this.runtime(tableId);
    const state = rt?.record.state as GameState | null | undefined;
    // The process stopped between a deal's first commit and the post of its message (a
    // crash, or a backup taken then and restored): no message carries the deal's buttons,
    // and an edit never moves an earlier deal's message on. Post it, as the deal's start would have.
    if (rt && state?.phase === 'deal' && rt.messages.tableDeal !== state.dealNo) {
      const shown = rt.messages.tableDeal;
      const before: GameState = shown === null ? { ...state, phase: 'lobby' } : { ...state, dealNo: shown };
      void this.queues
        .run(tableId, () => this.tableMessage.startDeal(rt, before))
        .catch((err: unknown) => this.deps.log.error({ err, tableId }, 'could not post the table message'));
    }
    this.tableMessage.requestEdits(tableId);
  }

  /** A line for the table's players in its language (a step failed: see table/step-recovery.ts). */
  tell(tableId: number, key: TextKey): void {
    const rt = this.runtime(tableId);
    if (!rt) return;
    void this.deps.output
      .send(tableId, { content: t(rt.messages.locale, key) })
      .catch((err: unknown) => this.deps.log.error({ err, tableId }, 'could not tell the table'));
    this.tableMessage.requestEdits(tableId);
  }

  /** The table's messages drawn again as they stand: its language changed. */
  redraw(tableId: number): void {
    this.tableMessage.requestEdits(tableId);
  }

  /** Queues what a committed step means for the channel. */
  publish(step: StepResult): void {
    const tableId = step.record.id;
    const over = awaiting(step.after).kind === 'over';
    const rt = this.runtime(tableId);
    const ended = over ? rt : undefined;
    const lastDeal = ended ? tableDealNo(ended.messages, step.after.dealNo) : 0;
    // The deal this step was played in, numbered as its game numbers it (a new game may open before it is published).
    const dealNo = rt && step.before ? tableDealNo(rt.messages, step.before.dealNo) : 0;
    // The game's tokens carry its last result, then are forgotten (not those of a game opened since).
    const issuedUpTo = this.deps.tokens.now();
    void this.queues
      .run(tableId, async () => {
        try {
          await this.publishNow(tableId, step, dealNo);
          if (over) this.deps.tokens.forget(tableId, issuedUpTo);
        } finally {
          // Its private messages are done with once its last step is out (their buttons taken off).
          if (over) this.privateMessages.forget(tableId, lastDeal);
        }
      })
      .catch((err) => {
        this.deps.log.error({ err, tableId }, 'could not publish a table step');
      })
      .then(() => (ended ? this.release(ended) : undefined));
  }

  /** An ended game's last messages are out: its runtime goes (a new game there has its own). */
  private async release(ended: TableRuntime): Promise<void> {
    await this.tableMessage.editsDone(ended.record.id);
    this.deps.tables.runtimes.release(ended);
  }

  /** Cache sizes: tables holding players' private messages, and table message edits waiting. */
  get sizes(): { privateMessages: number; pendingEdits: number } {
    return { privateMessages: this.privateMessages.size, pendingEdits: this.tableMessage.pendingEdits };
  }

  async idle(): Promise<void> {
    await this.queues.idle();
    await this.tableMessage.idle();
  }

  private async publishNow(tableId: number, step: StepResult, dealNo: number): Promise<void> {
    const rt = this.runtime(tableId);
    if (!rt) return;
    const { before, after, events } = step;
    const started = events.find((e) => e.type === 'DealStarted');
    if (started) {
      // Even if the table message cannot be posted, players still get their cards.
      await this.tableMessage
        .startDeal(rt, before)
        .catch((err: unknown) => this.deps.log.error({ err, tableId }, 'could not post the table message'));
    }
    await this.updatePrivateMessages(tableId, after, step.record.version, playersDealt(events));
    if (before && dealInPlay(before) && !dealInPlay(after)) {
      await this.retireAsks(tableId, dealNo, before.deal?.players ?? [], step.record.version);
    }
    const over = events.some((e) => e.type === 'GameOver');
    // The final standings belong to the last result: one message, not two.
    const standings = over ? await this.deps.tables.standings(tableId, after) : null;
    // A step's note is the catalogue's key ("the game stopped by itself"): said in the table's language.
    const note = step.note ? { content: t(rt.messages.locale, step.note) } : {};
    if (before && hasResult(events)) {
      const { locale, fourColour } = rt.messages;
      const hands = showdownHands(before, after, events, locale, fourColour);
      const picture = showdownNeedsPicture(hands) ? await this.deps.offload.showdown(hands.rows, { fourColour }) : null;
      const history = { tableId, dealNo: tableDealNo(rt.messages, before.dealNo) };
      const result = showdownView(before, after, events, picture, history, locale, hands);
      if (standings) result.embeds.push(standingsEmbed(standings, BESIDE_RESULT_MAX, rt.messages.locale).toJSON());
      await this.deps.output.send(tableId, { ...note, ...result });
    } else if (standings) {
      await this.deps.output.send(tableId, {
        ...note,
        embeds: [standingsEmbed(standings, undefined, rt.messages.locale)],
      });
    }
    this.tableMessage.requestEdits(tableId);
  }

  /** A press updated the table message it is on: its token may edit that message (see `ChannelOutput.pressedOn`). */
  pressedOn(tableId: number, messageId: string, via: TokenHandle): void {
    this.deps.output.pressedOn(tableId, messageId, via);
  }

  /** A table message an interaction posted as its reply: later edits go through its token while it lives. */
  postedBy(messageId: string, via: TokenHandle): void {
    this.deps.output.adopt(messageId, via);
  }

  /**
   * `/guts table`: the live table message again, in order with the table's other output;
   * the old one is closed so only one message carries live buttons.
   */
  repostTableMessage(rt: TableRuntime, post: (view: ReturnType<typeof tableView>) => Promise<{ id: string }>) {
    return this.queues.run(rt.record.id, () => this.tableMessage.repost(rt, post));
  }

  /** Whether the player's private message of the current deal can still be edited (a choice is then answered quietly). */
  hasLivePrivateMessage(rt: TableRuntime, playerId: string): boolean {
    return this.livePrivateMessage(rt, playerId) !== null;
  }

  /**
   * The presser's answer that is their private message (a press on it, one that found
   * none live, My cards): drawn from the table as `step` left it (else as it stands).
   * The publisher alone keeps the private messages' bookkeeping: the caller only says
   * whether the answer went out (`sent`) or not (`failed`). With `claim`, the message
   * pressed on is claimed at once, so a step published meanwhile (another player's
   * press) does not edit it too. `cards` is null where the deal is over (its private
   * message has nothing left to show), unless `afterDeal` (My cards shows the last deal).
   */
  answerPrivately(
    pressed: TableRuntime,
    playerId: string,
    step: StepResult | null,
    options: { claim: boolean; afterDeal?: boolean },
  ): PrivateAnswer {
    const tableId = pressed.record.id;
    const rt = this.runtime(tableId) ?? pressed;
    const state = step?.after ?? gameOf(rt.record);
    const version = step?.record.version ?? rt.record.version;
    if (options.claim) this.claimPrivateMessage(rt, state, version, playerId);
    let shown: { signature: string; asks: boolean } | null = null;
    const drawing = dealInPlay(state) || options.afterDeal ? this.privateView(rt, state, playerId) : null;
    return {
      cards: drawing
        ? drawing.then(({ payload, ...drawn }) => {
            shown = drawn;
            return payload;
          })
        : null,
      sent: (via) => {
        // Only a drawn answer is the player's private message.
        if (shown) this.postedPrivately(this.runtime(tableId) ?? rt, { state, version, ...shown }, playerId, via);
      },
      // The claimed message was not redrawn after all: it is drawn as the table stands.
      failed: () => {
        if (options.claim) this.redrawPrivateMessage(this.runtime(tableId) ?? rt, playerId);
      },
    };
  }

  /**
   * What a player's private message shows now (cards, picture, hand name, odds, choice),
   * its signature and whether it asks something of them.
   */
  private async privateView(rt: TableRuntime, state: GameState, playerId: string) {
    const view = viewFor(state, playerId);
    const { preview, odds } = this.deps.odds.preview(state, playerId);
    const wanted = handPicture(view, playerId, preview);
    const colours = { fourColour: rt.messages.fourColour };
    // Both jobs queue on the helper thread at once, the picture right behind the odds.
    const [equity, picture] = await Promise.all([
      odds,
      wanted ? this.deps.offload.hand(wanted.cards, { ...wanted.options, ...colours }) : null,
    ]);
    const target = { tableId: rt.record.id, dealNo: tableDealNo(rt.messages, state.dealNo) };
    return {
      // A private message: in the player's own language.
      payload: cardsView(
        target,
        view,
        playerId,
        preview,
        equity,
        picture,
        this.deps.tokens.localeOf(rt.record.id, playerId),
        colours.fourColour,
      ),
      ...shownOf(state, playerId),
    };
  }

  /** Claims the player's private message for a press's answer that redraws it (see `answerPrivately`). */
  private claimPrivateMessage(rt: TableRuntime, state: GameState, version: number, playerId: string): void {
    const live = this.livePrivateMessage(rt, playerId);
    if (live && live.version <= version) Object.assign(live, shownOf(state, playerId), { version });
  }

  /** Remembers a private message an interaction posted as its own answer (My cards, a press with none live). */
  private postedPrivately(
    rt: TableRuntime,
    shown: { state: GameState; version: number; signature: string; asks: boolean },
    playerId: string,
    via: TokenHandle,
  ): void {
    const { state, version, signature, asks } = shown;
    const tableId = rt.record.id;
    const dealNo = tableDealNo(rt.messages, state.dealNo);
    // A later step was published while this answer was drawn: it shows less than that.
    const behind = (this.privateMessages.live(tableId, playerId, dealNo)?.version ?? 0) > version;
    this.privateMessages.remember(tableId, playerId, { dealNo, via, messageId: '@original', signature, asks, version });
    if (behind) this.redrawPrivateMessage(rt, playerId);
  }

  /**
   * The player's private message may show less than its entry says (an answer that
   * redrew it failed, or came after a later step's edit): it is drawn again from the
   * table as it is now, in order with the table's other output, or loses its buttons
   * if the deal is over.
   */
  private redrawPrivateMessage(rt: TableRuntime, playerId: string): void {
    const live = this.livePrivateMessage(rt, playerId);
    if (!live) return;
    Object.assign(live, { signature: '', asks: true });
    const tableId = rt.record.id;
    const dealNo = live.dealNo;
    void this.queues
      .run(tableId, async () => {
        const now = this.runtime(tableId);
        if (!now?.record.state) return;
        const state = now.record.state;
        if (dealInPlay(state)) await this.updatePrivateMessages(tableId, state, now.record.version, []);
        else await this.retireAsks(tableId, dealNo, [playerId], now.record.version);
      })
      .catch((err: unknown) => this.deps.log.warn({ err, tableId, playerId }, 'could not redraw private cards'));
  }

  /** The player's private message of the current deal, while its token can still edit it. */
  private livePrivateMessage(rt: TableRuntime, playerId: string) {
    const state = gameOf(rt.record);
    return this.privateMessages.live(rt.record.id, playerId, tableDealNo(rt.messages, state.dealNo));
  }

  /**
   * Each player's one private message of the deal, brought up to date after a step:
   * edited in place where it lives and would show something else now, and posted anew
   * (an ephemeral follow-up on their freshest token) for players just dealt cards who
   * have none this deal. A press adds no message of its own.
   */
  async updatePrivateMessages(
    tableId: number,
    state: GameState,
    version: number,
    dealt: readonly string[],
  ): Promise<void> {
    const rt = this.runtime(tableId);
    // Once the deal is settled its private messages stay as they are (`retireAsks`): the result says the rest.
    const players = dealInPlay(state) ? (state.deal?.players ?? []) : [];
    if (!rt) return;
    const dealNo = tableDealNo(rt.messages, state.dealNo);
    await Promise.all(
      players.map(async (playerId) => {
        try {
          const live = this.privateMessages.live(tableId, playerId, dealNo);
          if (live?.messageId) {
            // Compared without drawing the view: most steps leave most players' messages as they are.
            const shown = shownOf(state, playerId);
            // Already showing this, or a later step (published first): nothing to do.
            if (live.signature === shown.signature || live.version > version) return;
            // Claimed before the picture is drawn: a later step compares with what is on its way.
            Object.assign(live, shown, { version });
            const messageId = live.messageId;
            const { payload } = await this.privateView(rt, state, playerId);
            await this.deps.output.run(() => live.via.edit(messageId, { ...payload, attachments: [] }));
            return;
          }
          if (live || !dealt.includes(playerId)) return;
          const handle = this.deps.tokens.fresh(tableId, playerId);
          if (!handle) return;
          const posting: PrivateMessage = { dealNo, via: handle, messageId: null, signature: '', asks: false, version };
          this.privateMessages.remember(tableId, playerId, posting);
          try {
            const { payload, signature, asks } = await this.privateView(rt, state, playerId);
            Object.assign(posting, { signature, asks });
            const message = await this.deps.output.run(() =>
              handle.followUp({ ...payload, flags: MessageFlags.Ephemeral }),
            );
            posting.messageId = message.id;
          } catch (err) {
            this.privateMessages.drop(tableId, playerId, posting);
            throw err;
          }
        } catch (err) {
          this.deps.log.warn({ err, tableId, playerId }, 'could not bring private cards up to date');
        }
      }),
    );
  }

  /**
   * A deal ended (a reveal, a countdown, a stop) while some private messages still asked
   * something (Stay and Drop, a picker) of players who never answered it there: those
   * buttons would only be refused now, so they are taken off. The rest stays as it was.
   */
  private async retireAsks(tableId: number, dealNo: number, players: readonly string[], version: number) {
    await Promise.all(
      players.map(async (playerId) => {
        const live = this.privateMessages.live(tableId, playerId, dealNo);
        // The deal is over as of `version`: a step from before it, published late, must not redraw them.
        if (live) live.version = Math.max(live.version, version);
        const messageId = live?.messageId;
        if (!live?.asks || !messageId) return;
        live.asks = false;
        await this.deps.output
          .run(() => live.via.edit(messageId, { components: [] }))
          .catch((err: unknown) => this.deps.log.warn({ err, tableId, playerId }, 'could not retire private buttons'));
      }),
    );
  }
}

/** The presser's answer that is their private message (see `TablePublisher.answerPrivately`). */
export interface PrivateAnswer {
  /** The message to answer with, being drawn; null where there is none to show (the deal is over). */
  cards: Promise<ReturnType<typeof cardsView>> | null;
  /** The answer went out through `via`: it is the player's private message of the deal now. */
  sent(via: TokenHandle): void;
  /** The answer did not go out. */
  failed(): void;
}

/** What a player's private message shows of `state`: its signature, and whether it asks something of them. */
function shownOf(state: GameState, playerId: string): { signature: string; asks: boolean } {
  const facts = privateFacts(state, playerId);
  return { signature: privateSignature(facts), asks: privateAsks(facts) };
}

/** Players who were dealt private cards in these events (a deal's start, a later round's card). */
function playersDealt(events: readonly GameEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) if (e.type === 'Dealt') for (const id of Object.keys(e.private)) ids.add(id);
  for (const e of events) if (e.type === 'DealStarted') for (const id of e.players) ids.add(id);
  return [...ids];
}
