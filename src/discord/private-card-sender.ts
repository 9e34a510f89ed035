import { MessageFlags } from 'discord.js';
import { type Choice, dealInPlay, type GameEvent, type GameState, privateFacts, viewFor } from '../engine/index.ts';
import type { Logger } from '../log.ts';
import { gameOf } from '../table/game-record.ts';
import type { SerialQueues } from '../table/serial.ts';
import type { StepResult } from '../table/steps.ts';
import { tableDealNo } from '../table/table-notes.ts';
import type { HeldTable } from '../table/tables.ts';
import type { ChannelOutput } from './channel-output.ts';
import type { ChatNotesByTable } from './chat-notes.ts';
import { withCardsDealtAtEnd } from './dealt-at-end.ts';
import type { OddsCache } from './odds.ts';
import type { Offload } from './offload.ts';
import { type PrivateMessage, PrivateMessageRegistry } from './private-message-registry.ts';
import type { ReplyTokens, TokenHandle } from './tokens.ts';
import { cardsView, type DealEnded, handPicture, privateAsks, privateSignature } from './views/cards.ts';

export interface PrivateCardSenderDeps {
  log: Logger;
  output: ChannelOutput;
  /** Where the chat shows each table: who a deal's private message reached is kept there. */
  chatNotes: ChatNotesByTable;
  tokens: ReplyTokens;
  odds: OddsCache;
  offload: Offload;
  /** The table's output queue (the publisher's): a redraw goes out in order with the rest. */
  queues: SerialQueues<number>;
  /** The table as the table layer holds it now (a new game may have opened since a step). */
  heldTable(tableId: number): HeldTable | undefined;
}

/**
 * The players' private messages (cards, odds, their choice): the one place that keeps
 * their bookkeeping (which message, through which token, showing what of which version),
 * posts them, edits them after a step, and answers a press with one.
 */
export class PrivateCardSender {
  private readonly messages: PrivateMessageRegistry;

  constructor(private readonly deps: PrivateCardSenderDeps) {
    this.messages = new PrivateMessageRegistry(deps.tokens);
  }

  private heldTable(tableId: number): HeldTable | undefined {
    return this.deps.heldTable(tableId);
  }

  /** Tables holding players' private messages. */
  get size(): number {
    return this.messages.size;
  }

  /** Forgets a table's messages of deals up to `dealNo` (its game ended). */
  forget(tableId: number, dealNo: number): void {
    this.messages.forget(tableId, dealNo);
  }

  /** Whether the player's private message of the current deal can still be edited (a choice is then answered quietly). */
  hasLivePrivateMessage(rt: HeldTable, playerId: string): boolean {
    return this.livePrivateMessage(rt, playerId) !== null;
  }

  /**
   * Whether a private message of the current deal went to the player (or is on its
   * way), live or not: whether they may choose without being shown their cards first.
   */
  hasSeenCards(rt: HeldTable, playerId: string): boolean {
    const shown = this.deps.chatNotes.get(rt.record.id)?.cardsShown;
    return shown?.deal === tableDealNo(rt.notes, gameOf(rt.record).dealNo) && shown.to.includes(playerId);
  }

  /**
   * A deal was dealt: the players a token can reach get their cards in the private
   * message `updatePrivateMessages` posts next, after the table card; they count as
   * shown from now (a press on that card may come first), until the posting fails.
   */
  dealing(rt: HeldTable, state: GameState, dealt: readonly string[]): void {
    const dealNo = tableDealNo(rt.notes, state.dealNo);
    for (const playerId of dealt)
      if (this.deps.tokens.fresh(rt.record.id, playerId)) this.shownTo(rt, dealNo, playerId);
  }

  /** The deal's private message did not reach the player after all. */
  private notShownTo(rt: HeldTable, dealNo: number, playerId: string): void {
    const shown = this.deps.chatNotes.get(rt.record.id)?.cardsShown;
    if (shown?.deal !== dealNo) return;
    shown.to = shown.to.filter((id) => id !== playerId);
    void this.deps.chatNotes.save(rt.record.id);
  }

  /** A private message of deal `dealNo` went to the player (see `hasSeenCards`). */
  private shownTo(rt: HeldTable, dealNo: number, playerId: string): void {
    const chat = this.deps.chatNotes.of(rt.record.id);
    const shown = chat.cardsShown;
    if (shown?.deal === dealNo) {
      if (shown.to.includes(playerId)) return;
      shown.to.push(playerId);
    } else chat.cardsShown = { deal: dealNo, to: [playerId] };
    // Saved so a restart keeps it (one save for a deal's players: they are queued together).
    void this.deps.chatNotes.save(rt.record.id);
  }

  /**
   * The presser's answer that is their private message (a press on it, one that found
   * none live, My cards): drawn from the table as `step` left it (else as it stands).
   * This class alone keeps the private messages' bookkeeping: the caller only says
   * whether the answer went out (`sent`) or not (`failed`). With `claim`, the message
   * pressed on is claimed at once, so a step published meanwhile (another player's
   * press) does not edit it too. `cards` is null where the deal is over (its private
   * message has nothing left to show), unless `afterDeal` (My cards shows the last deal).
   */
  answerPrivately(
    pressed: HeldTable,
    playerId: string,
    step: StepResult | null,
    options: { claim: boolean; afterDeal?: boolean },
  ): PrivateAnswer {
    const tableId = pressed.record.id;
    const rt = this.heldTable(tableId) ?? pressed;
    const state = step?.after ?? gameOf(rt.record);
    const version = step?.record.version ?? rt.record.version;
    if (options.claim) this.claimPrivateMessage(rt, state, version, playerId);
    let shown: { signature: string; asks: boolean } | null = null;
    const drawing = dealInPlay(state) || options.afterDeal ? this.privateView(rt, state, playerId) : null;
    return {
      cards: drawing
        ? drawing.then((payload) => {
            shown = shownOf(state, playerId);
            return payload;
          })
        : null,
      sent: (via) => {
        // Only a drawn answer is the player's private message.
        if (shown) this.postedPrivately(this.heldTable(tableId) ?? rt, { state, version, ...shown }, playerId, via);
      },
      // The claimed message was not redrawn after all: it is drawn as the table stands.
      failed: () => {
        if (options.claim) this.redrawPrivateMessage(this.heldTable(tableId) ?? rt, playerId);
      },
    };
  }

  /**
   * What a player's private message shows now (cards, picture, hand name, odds, choice).
   * Its signature and whether it asks something are `shownOf`'s, for the callers that keep them.
   */
  private async privateView(
    rt: HeldTable,
    state: GameState,
    playerId: string,
    ended: DealEnded | null = null,
    redraw = false,
  ) {
    const view = viewFor(state, playerId);
    const { preview, odds } = this.deps.odds.preview(state, playerId);
    // A deal's end edits words and buttons only, unless it dealt a card: the picture already shown stays.
    const wanted = ended && !redraw ? null : handPicture(view, playerId, preview);
    const colours = { fourColour: rt.notes.fourColour };
    // Both jobs queue on the helper thread at once, the picture right behind the odds.
    const [equity, picture] = await Promise.all([
      odds,
      wanted ? this.deps.offload.hand(wanted.cards, { ...wanted.options, ...colours }) : null,
    ]);
    const target = { tableId: rt.record.id, dealNo: tableDealNo(rt.notes, state.dealNo) };
    // A private message: in the player's own language.
    return cardsView(
      target,
      view,
      playerId,
      preview,
      equity,
      picture,
      this.deps.tokens.localeOf(rt.record.id, playerId),
      colours.fourColour,
      ended,
    );
  }

  /** Claims the player's private message for a press's answer that redraws it (see `answerPrivately`). */
  private claimPrivateMessage(rt: HeldTable, state: GameState, version: number, playerId: string): void {
    const live = this.livePrivateMessage(rt, playerId);
    if (live && live.version <= version) Object.assign(live, shownOf(state, playerId), { version });
  }

  /** Remembers a private message an interaction posted as its own answer (My cards, a press with none live). */
  private postedPrivately(
    rt: HeldTable,
    shown: { state: GameState; version: number; signature: string; asks: boolean },
    playerId: string,
    via: TokenHandle,
  ): void {
    const { state, version, signature, asks } = shown;
    const tableId = rt.record.id;
    const dealNo = tableDealNo(rt.notes, state.dealNo);
    // A later step was published while this answer was drawn: it shows less than that.
    const behind = (this.messages.live(tableId, playerId, dealNo)?.version ?? 0) > version;
    this.messages.remember(tableId, playerId, { dealNo, via, messageId: '@original', signature, asks, version });
    this.shownTo(rt, dealNo, playerId);
    if (behind) this.redrawPrivateMessage(rt, playerId);
  }

  /**
   * The player's private message may show less than its entry says (an answer that
   * redrew it failed, or came after a later step's edit): it is drawn again from the
   * table as it is now, in order with the table's other output, or loses its buttons
   * if the deal is over.
   */
  private redrawPrivateMessage(rt: HeldTable, playerId: string): void {
    const live = this.livePrivateMessage(rt, playerId);
    if (!live) return;
    Object.assign(live, { signature: '', asks: true });
    const tableId = rt.record.id;
    const dealNo = live.dealNo;
    void this.deps.queues
      .run(tableId, async () => {
        const now = this.heldTable(tableId);
        if (!now?.record.state) return;
        const state = now.record.state;
        if (dealInPlay(state)) await this.updatePrivateMessages(tableId, state, now.record.version, []);
        else await this.retireAsks(tableId, dealNo, [playerId], now.record.version);
      })
      .catch((err: unknown) => this.deps.log.warn({ err, tableId, playerId }, 'could not redraw private cards'));
  }

  /** The player's private message of the current deal, while its token can still edit it. */
  private livePrivateMessage(rt: HeldTable, playerId: string) {
    const state = gameOf(rt.record);
    return this.messages.live(rt.record.id, playerId, tableDealNo(rt.notes, state.dealNo));
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
    const rt = this.heldTable(tableId);
    // Once the deal is settled its private messages stay as they are (`retireAsks`): the result says the rest.
    const players = dealInPlay(state) ? (state.deal?.players ?? []) : [];
    if (!rt) return;
    const dealNo = tableDealNo(rt.notes, state.dealNo);
    await Promise.all(
      players.map(async (playerId) => {
        try {
          const live = this.messages.live(tableId, playerId, dealNo);
          if (live?.messageId) {
            // Compared without drawing the view: most steps leave most players' messages as they are.
            const shown = shownOf(state, playerId);
            // Already showing this, or a later step (published first): nothing to do.
            if (live.signature === shown.signature || live.version > version) return;
            // Claimed before the picture is drawn: a later step compares with what is on its way.
            Object.assign(live, shown, { version });
            const messageId = live.messageId;
            const payload = await this.privateView(rt, state, playerId);
            await this.deps.output.run(() => live.via.edit(messageId, { ...payload, attachments: [] }));
            return;
          }
          if (live || !dealt.includes(playerId)) return;
          const handle = this.deps.tokens.fresh(tableId, playerId);
          if (!handle) return this.notShownTo(rt, dealNo, playerId);
          const posting: PrivateMessage = { dealNo, via: handle, messageId: null, signature: '', asks: false, version };
          this.messages.remember(tableId, playerId, posting);
          this.shownTo(rt, dealNo, playerId);
          try {
            const payload = await this.privateView(rt, state, playerId);
            Object.assign(posting, shownOf(state, playerId));
            const message = await this.deps.output.run(() =>
              handle.followUp({ ...payload, flags: MessageFlags.Ephemeral }),
            );
            posting.messageId = message.id;
          } catch (err) {
            this.messages.drop(tableId, playerId, posting);
            this.notShownTo(rt, dealNo, playerId);
            throw err;
          }
        } catch (err) {
          this.deps.log.warn({ err, tableId, playerId }, 'could not bring private cards up to date');
        }
      }),
    );
  }

  /**
   * A deal ended (a reveal, a countdown, a stop): no private message of it may read as
   * current. Each that still asks something, or says a choice ("You stay. Hidden from the
   * others until the reveal."), is edited once, through its own token, to what the player
   * chose in the past tense and that the deal is over, without buttons. `before` is the
   * deal as it last stood in play; the step's reveal says the choices made with it. A
   * message its presser's answer already redrew with this step is left as it is.
   */
  async endDeal(
    tableId: number,
    dealNo: number,
    before: GameState,
    events: readonly GameEvent[],
    version: number,
  ): Promise<void> {
    const rt = this.heldTable(tableId);
    if (!rt) return;
    const revealed = events.findLast((e) => e.type === 'Revealed');
    const finalChoice = (playerId: string): Choice | null => {
      if (revealed?.type === 'Revealed') {
        if (revealed.stayed.includes(playerId)) return 'stay';
        if (revealed.dropped.includes(playerId) || revealed.timedOut.includes(playerId)) return 'drop';
      }
      return privateFacts(before, playerId).deal?.myChoice ?? null;
    };
    await Promise.all(
      (before.deal?.players ?? []).map(async (playerId) => {
        const live = this.messages.live(tableId, playerId, dealNo);
        const messageId = live?.messageId;
        if (!live || !messageId || live.version >= version) {
          // The deal is over as of `version`: a step from before it, published late, must not redraw it.
          if (live) live.version = Math.max(live.version, version);
          return;
        }
        live.version = version;
        const ended = { choice: finalChoice(playerId) };
        if (!live.asks && !ended.choice) return;
        live.asks = false;
        try {
          const last = withCardsDealtAtEnd(before, events, playerId);
          const payload = await this.privateView(rt, last ?? before, playerId, ended, last !== null);
          // A card dealt as the deal ended is drawn with the rest: the picture is new too.
          const edit = last
            ? { ...payload, components: [], attachments: [] }
            : { content: payload.content, components: [] };
          await this.deps.output.run(() => live.via.edit(messageId, edit));
        } catch (err) {
          this.deps.log.warn({ err, tableId, playerId }, 'could not end a private message');
        }
      }),
    );
  }

  /**
   * A claimed private message was not redrawn after all, and its deal is over: its
   * buttons (Stay and Drop, a picker) would only be refused now, so they are taken off.
   */
  private async retireAsks(tableId: number, dealNo: number, players: readonly string[], version: number) {
    await Promise.all(
      players.map(async (playerId) => {
        const live = this.messages.live(tableId, playerId, dealNo);
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

/** The presser's answer that is their private message (see `PrivateCardSender.answerPrivately`). */
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
