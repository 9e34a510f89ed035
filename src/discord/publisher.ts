import type { APIEmbed } from 'discord.js';
import { awaiting, dealInPlay, type GameEvent, type GameState } from '../engine/index.ts';
import { type TextKey, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import type { Picture } from '../render/index.ts';
import type { CommitAndPublish } from '../table/commit-and-publish.ts';
import { SerialQueues } from '../table/serial.ts';
import type { Standings } from '../table/standings.ts';
import type { StepListener, StepResult } from '../table/steps.ts';
import { tableDealNo } from '../table/table-notes.ts';
import type { HeldTable, Tables } from '../table/tables.ts';
import { cardEmojis } from './card-emojis.ts';
import type { ChannelOutput } from './channel-output.ts';
import type { ChatNotesByTable } from './chat-notes.ts';
import type { OddsCache } from './odds.ts';
import type { Offload } from './offload.ts';
import { type PrivateAnswer, PrivateCardSender } from './private-card-sender.ts';
import { lobbyOf, TableMessage } from './table-message.ts';
import type { ReplyTokens, TokenHandle } from './tokens.ts';
import { earnedField } from './views/achievements.ts';
import type { ButtonRow } from './views/buttons.ts';
import { hasResult, showdownHands, showdownNeedsPicture, showdownView } from './views/showdown.ts';
import { BESIDE_RESULT_MAX, playAgainRow, standingsChart, standingsEmbed, standingsFile } from './views/standings.ts';
import type { tableView } from './views/table-card.ts';

export interface PublisherDeps {
  log: Logger;
  tables: Tables;
  /** How a step this publisher takes (a table woken by a press) is committed and published. */
  commits: Pick<CommitAndPublish, 'unanswered'>;
  /** Where the chat shows each table (its message ids): this surface's own notes. */
  chatNotes: ChatNotesByTable;
  output: ChannelOutput;
  tokens: ReplyTokens;
  odds: OddsCache;
  offload: Offload;
  editDelayMs?: number;
  /** The bot serves its tables as an Activity: their messages offer Open table. */
  openTable?: boolean;
}

/**
 * Everything the bot tells the channel after a step has committed (docs/ARCHITECTURE.md: The path of one button press):
 * new table messages, private cards, results, coalesced edits. Output for one table
 * goes out in order; no database transaction is open while it does.
 */
export class TablePublisher implements StepListener {
  private readonly queues = new SerialQueues<number>();
  readonly tableMessage: TableMessage;
  private readonly privateCards: PrivateCardSender;
  /** Tables whose chat is handed over to the Activity, with when (see `handOverIfPressedInActivity`). */
  private readonly handedOver = new Map<number, number>();

  constructor(private readonly deps: PublisherDeps) {
    this.tableMessage = new TableMessage(deps);
    this.privateCards = new PrivateCardSender({
      ...deps,
      queues: this.queues,
      heldTable: (tableId) => this.heldTable(tableId),
    });
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

  /**
   * Where the bot only answers interactions, a step pressed on the Activity's page brings
   * no token: the chat is handed over to the Activity (its lobby and table message say
   * so, while their tokens can still edit them) and gets nothing more, so it never shows
   * a move to press on a deal gone by, and the game never waits for a chat press. A
   * press in the chat after that (`/guts table`) brings it back.
   */
  private handOverIfPressedInActivity(step: StepResult): void {
    const tableId = step.record.id;
    if (!step.pressedInActivity || step.after.phase === 'lobby' || !this.deps.tokens.answersOnly(tableId)) return;
    if (this.inActivity(tableId)) return;
    const rt = this.heldTable(tableId);
    if (!rt) return;
    this.handedOver.set(tableId, this.deps.tokens.now());
    this.tableMessage.handOver(rt);
  }

  /** The chat is handed over to the Activity (see above), until a press there brings a younger token. */
  private inActivity(tableId: number): boolean {
    const since = this.handedOver.get(tableId);
    if (since === undefined) return false;
    const newest = this.deps.tokens.newest(tableId);
    if (newest && newest.issuedAt > since) this.handedOver.delete(tableId);
    return this.handedOver.has(tableId);
  }

  /** The table is waiting for a press to carry its news (see `stall`). */
  waiting(tableId: number): boolean {
    return this.deps.output.stalled(tableId);
  }

  /** A press brought a token: what waited goes out, and the game goes on with its countdown afresh. */
  async wake(tableId: number): Promise<void> {
    if (!(await this.deps.output.flush(tableId))) return;
    await this.deps.commits.unanswered(async () => ({ step: await this.deps.tables.resume(tableId) }));
  }

  private heldTable(tableId: number): HeldTable | undefined {
    return this.deps.tables.heldTable(tableId);
  }

  committed(step: StepResult): void {
    const tableId = step.record.id;
    // A new game: no message shows it yet (its lobby is posted as the answer of what opened it).
    if (!step.before || awaiting(step.before).kind === 'over') this.deps.chatNotes.opened(tableId);
    // The game's messages get their final edit asked for at once, as the step left them:
    // a new game may open at the table before this step is published, with messages of its own.
    if (awaiting(step.after).kind !== 'over') return;
    this.tableMessage.requestEdits(tableId, {
      rt: { record: step.record, notes: step.notes },
      chat: this.deps.chatNotes.snapshot(tableId),
    });
  }

  resumed(tableId: number): void {
    const rt = this.heldTable(tableId);
    const state = rt?.record.state;
    // A deal under way: its table message says the bot restarted, until the next deal.
    if (state?.phase === 'deal') this.tableMessage.restartedDuringDeal(tableId);
    // The process stopped between a deal's first commit and the post of its message (a
    // crash, or a backup taken then and restored): no message carries the deal's buttons,
    // and an edit never moves an earlier deal's message on. Post it, as the deal's start would have.
    const shown = this.deps.chatNotes.get(tableId)?.tableDeal ?? null;
    if (rt && state?.phase === 'deal' && shown !== state.dealNo) {
      const before: GameState = shown === null ? { ...state, phase: 'lobby' } : { ...state, dealNo: shown };
      void this.queues
        .run(tableId, () => this.tableMessage.startDeal(rt, before))
        .catch((err: unknown) => this.deps.log.error({ err, tableId }, 'could not post the table message'));
    }
    this.tableMessage.requestEdits(tableId);
  }

  /** A line for the table's players in its language (a step failed: see table/step-recovery.ts). */
  tell(tableId: number, key: TextKey): void {
    const rt = this.heldTable(tableId);
    if (!rt) return;
    void this.deps.output
      .send(tableId, { content: t(rt.notes.locale, key) })
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
    this.handOverIfPressedInActivity(step);
    const over = awaiting(step.after).kind === 'over';
    const rt = this.heldTable(tableId);
    const ended = over ? rt : undefined;
    const lastDeal = ended ? tableDealNo(ended.notes, step.after.dealNo) : 0;
    // The deal this step was played in, numbered as its game numbers it (a new game may open before it is published).
    const dealNo = rt && step.before ? tableDealNo(rt.notes, step.before.dealNo) : 0;
    // The game's tokens carry its last result, then are forgotten (not those of a game opened since).
    const issuedUpTo = this.deps.tokens.now();
    void this.queues
      .run(tableId, async () => {
        try {
          await this.publishNow(tableId, step, dealNo);
          if (over) this.deps.tokens.forget(tableId, issuedUpTo);
        } finally {
          if (over) this.handedOver.delete(tableId);
          // Its private messages are done with once its last step is out (their buttons taken off).
          if (over) this.privateCards.forget(tableId, lastDeal);
        }
      })
      .catch((err) => {
        this.deps.log.error({ err, tableId }, 'could not publish a table step');
      })
      .then(() => (ended ? this.release(ended) : undefined));
  }

  /** An ended game's last messages are out: the table layer lets it go, and where the chat showed it (a new game there has its own). */
  private async release(ended: HeldTable): Promise<void> {
    const tableId = ended.record.id;
    await this.tableMessage.editsDone(tableId);
    if (this.deps.tables.release(ended)) return;
    this.deps.chatNotes.forget(tableId);
    this.tableMessage.forget(tableId);
  }

  /** Cache sizes: tables holding players' private messages, and table message edits waiting. */
  get sizes(): { privateMessages: number; pendingEdits: number } {
    return { privateMessages: this.privateCards.size, pendingEdits: this.tableMessage.pendingEdits };
  }

  async idle(): Promise<void> {
    await this.queues.idle();
    await this.tableMessage.idle();
  }

  private async publishNow(tableId: number, step: StepResult, dealNo: number): Promise<void> {
    const rt = this.heldTable(tableId);
    if (!rt) return;
    const { before, after, events } = step;
    // A new game (the table's first, or one after a game over) opened from the page.
    if ((!before || awaiting(before).kind === 'over') && step.pressedInActivity)
      await this.postLobbyOpenedInActivity(rt);
    const started = events.find((e) => e.type === 'DealStarted');
    if (started) {
      // Before the table card that offers their choices: whose cards are on their way.
      this.privateCards.dealing(rt, after, playersDealt(events));
    }
    if (started && !this.inActivity(tableId)) {
      // Even if the table message cannot be posted, players still get their cards.
      await this.tableMessage
        .startDeal(rt, before)
        .catch((err: unknown) => this.deps.log.error({ err, tableId }, 'could not post the table message'));
    }
    await this.privateCards.updatePrivateMessages(tableId, after, step.record.version, playersDealt(events));
    if (before && dealInPlay(before) && !dealInPlay(after)) {
      await this.privateCards.endDeal(tableId, dealNo, before, events, step.record.version);
    }
    // Handed over to the Activity: nothing public goes to the chat (see `handOverIfPressedInActivity`).
    if (this.inActivity(tableId)) return;
    const over = events.some((e) => e.type === 'GameOver');
    // The final standings belong to the last result: one message, not two.
    const standings = over ? await this.deps.tables.standings(tableId, after) : null;
    const chart = standings ? await this.standingsPicture(standings, rt.notes.locale) : null;
    const chartFiles = chart ? [standingsFile(chart)] : [];
    // A step's note is the catalogue's key ("the game stopped by itself"): said in the table's language.
    const note = step.note ? { content: t(rt.notes.locale, step.note) } : {};
    if (before && hasResult(events)) {
      const { locale, fourColour } = rt.notes;
      const hands = showdownHands(before, after, events, locale, fourColour);
      const picture = showdownNeedsPicture(hands) ? await this.deps.offload.showdown(hands.rows, { fourColour }) : null;
      const history = { tableId, dealNo: tableDealNo(rt.notes, before.dealNo) };
      const result = showdownView(before, after, events, picture, history, locale, hands);
      await this.announceAchievements(result.embeds, history, step, locale);
      if (standings) {
        result.embeds.push(standingsEmbed(standings, BESIDE_RESULT_MAX, rt.notes.locale, chart).toJSON());
      }
      // The last result keeps its Verify beside the game's Play again.
      const components = [...result.components, ...(over ? playAgain(rt, after).components : [])];
      await this.deps.output.send(tableId, { ...note, ...result, files: [...result.files, ...chartFiles], components });
    } else if (standings) {
      await this.deps.output.send(tableId, {
        ...note,
        embeds: [standingsEmbed(standings, undefined, rt.notes.locale, chart)],
        files: chartFiles,
        ...playAgain(rt, after),
      });
    }
    // A game's last step: its messages were asked for as it left them (`committed`). A
    // game may be opening at the table by now (Play again, as soon as the page shows the
    // game over), its runtime numbering deals from a new base before its first step:
    // edited from that, the ended game's message would name a deal it never had. So too
    // after the step before it (a deal's result, the game over being the next step's).
    const sameGame = this.heldTable(tableId)?.notes.dealBase === step.notes.dealBase;
    if (!over && sameGame) this.tableMessage.requestEdits(tableId);
  }

  /**
   * What the deal earned, one line per player, on its result (achievements.ts): as its
   * commit awarded them, read back only where the commit's answer did not say (a retry).
   */
  private async announceAchievements(
    embeds: APIEmbed[],
    deal: { tableId: number; dealNo: number },
    step: StepResult,
    locale: string,
  ): Promise<void> {
    const earned = step.earned ?? (await this.deps.tables.earnedAt(deal.tableId, deal.dealNo));
    const first = embeds[0];
    if (!earned.length || !first) return;
    const names = new Map(step.after.players.map((p) => [p.id, p.name]));
    first.fields = [
      ...(first.fields ?? []),
      earnedField(earned, (id) => names.get(id) ?? t(locale, 'board.gone'), locale),
    ];
  }

  /**
   * The game's chart for its final standings, drawn on the picture thread; none where the
   * bot shows cards as emojis (pictures off: the standings show emoji rows instead).
   */
  private async standingsPicture(s: Standings, locale: string): Promise<Picture | null> {
    const chart = cardEmojis() ? null : standingsChart(s, locale);
    return chart ? this.deps.offload.standings(chart.lines, chart.words, chart.alt) : null;
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
   * The table's lobby, posted as the reply of `via` (a new game's, or `/guts table`'s in
   * the lobby): the chat shows the table there from now, and later edits go through its
   * token while it lives.
   */
  async lobbyPosted(tableId: number, messageId: string, via: TokenHandle): Promise<void> {
    this.postedBy(messageId, via);
    this.deps.chatNotes.of(tableId).lobby = messageId;
    await this.deps.chatNotes.save(tableId);
  }

  /**
   * A game opened from the Activity's page (its Play again) has no interaction to answer
   * with its lobby: the lobby goes to the chat as a post, as the chat's own Play again
   * shows it, so the chat can join and deal it. Where the bot only answers interactions
   * no post can go without a press's token: the page plays it, and `/guts table` brings
   * the chat back.
   */
  private async postLobbyOpenedInActivity(rt: HeldTable): Promise<void> {
    const tableId = rt.record.id;
    if (this.deps.chatNotes.of(tableId).lobby || this.deps.tokens.answersOnly(tableId)) return;
    try {
      const lobby = await this.deps.output.send(tableId, lobbyOf(rt, this.deps.openTable), true);
      this.deps.chatNotes.of(tableId).lobby = lobby.id;
      await this.deps.chatNotes.save(tableId);
    } catch (err) {
      this.deps.log.error({ err, tableId }, 'could not post the lobby of a game opened in the Activity');
    }
  }

  /**
   * `/guts table`: the live table message again, in order with the table's other output;
   * the old one is closed so only one message carries live buttons. Resolves with the new one's id.
   */
  repostTableMessage(
    rt: HeldTable,
    post: (view: ReturnType<typeof tableView>) => Promise<{ id: string }>,
  ): Promise<string> {
    return this.queues.run(rt.record.id, () => this.tableMessage.repost(rt, post));
  }

  /** Whether the player's private message of the current deal can still be edited (a choice is then answered quietly). */
  hasLivePrivateMessage(rt: HeldTable, playerId: string): boolean {
    return this.privateCards.hasLivePrivateMessage(rt, playerId);
  }

  /** Whether the deal's cards reached the player privately (see `PrivateCardSender.hasSeenCards`). */
  hasSeenCards(rt: HeldTable, playerId: string): boolean {
    return this.privateCards.hasSeenCards(rt, playerId);
  }

  /** The presser's answer that is their private message (see `PrivateCardSender.answerPrivately`). */
  answerPrivately(...args: Parameters<PrivateCardSender['answerPrivately']>): PrivateAnswer {
    return this.privateCards.answerPrivately(...args);
  }
}

/** The game-over message's Play again button (the host's: handlers/play-again.ts), on the game's last deal. */
function playAgain(rt: HeldTable, after: GameState): { components: ButtonRow[] } {
  const target = { tableId: rt.record.id, dealNo: tableDealNo(rt.notes, after.dealNo) };
  return { components: [playAgainRow(target, rt.notes.locale)] };
}

/** Players who were dealt private cards in these events (a deal's start, a later round's card). */
function playersDealt(events: readonly GameEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) if (e.type === 'Dealt') for (const id of Object.keys(e.private)) ids.add(id);
  for (const e of events) if (e.type === 'DealStarted') for (const id of e.players) ids.add(id);
  return [...ids];
}
