import { MessageFlags } from 'discord.js';
import { awaiting, type GameEvent, type GameState, viewFor } from '../engine/index.ts';
import type { Logger } from '../log.ts';
import { tableDealNo } from '../table/messages.ts';
import type { TableRuntime } from '../table/runtimes.ts';
import { SerialQueues } from '../table/serial.ts';
import type { StepListener, StepResult } from '../table/steps.ts';
import type { Tables } from '../table/tables.ts';
import type { ChannelOutput } from './channel-output.ts';
import type { OddsCache } from './odds.ts';
import type { Offload } from './offload.ts';
import { TableMessage, targetOf } from './table-message.ts';
import type { ReplyHandle, ReplyTokens } from './tokens.ts';
import { cardsView, handPicture } from './views/cards.ts';
import { hasResult, showdownRows, showdownView } from './views/showdown.ts';
import { standingsEmbed } from './views/standings.ts';
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
 * Everything the bot tells the channel after a step has committed (DESIGN.md step 3):
 * new table messages, private cards, results, coalesced edits. Output for one table
 * goes out in order; no database transaction is open while it does.
 */
export class TablePublisher implements StepListener {
  private readonly queues = new SerialQueues<number>();
  readonly tableMessage: TableMessage;

  constructor(private readonly deps: PublisherDeps) {
    this.tableMessage = new TableMessage(deps);
  }

  private runtime(tableId: number): TableRuntime | undefined {
    return this.deps.tables.runtimes.get(tableId);
  }

  committed(step: StepResult): void {
    // The game's messages get their final edit asked for now, while they are still the
    // table's: a new game may open before this step is published, and take their place.
    if (awaiting(step.after).kind === 'over') this.tableMessage.requestEdits(step.record.id);
  }

  resumed(tableId: number): void {
    this.tableMessage.requestEdits(tableId);
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
    await this.tableMessage.idle();
  }

  private async publishNow(tableId: number, step: StepResult): Promise<void> {
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
    const dealtTo = playersDealt(events);
    if (dealtTo.length) await this.sendPrivateCards(tableId, after, dealtTo);
    if (before && hasResult(events)) {
      const rows = showdownRows(before, after, events);
      const picture = rows.length
        ? await this.deps.offload.showdown(rows, { fourColour: rt.messages.fourColour })
        : null;
      const history = { tableId, dealNo: tableDealNo(rt.messages, before.dealNo) };
      await this.deps.output.send(tableId, showdownView(before, after, events, picture, history));
    }
    if (events.some((e) => e.type === 'GameOver')) {
      const standings = await this.deps.tables.standings(tableId, after);
      await this.deps.output.send(tableId, {
        ...(step.note ? { content: step.note } : {}),
        embeds: [standingsEmbed(standings)],
      });
    }
    this.tableMessage.requestEdits(tableId);
  }

  /** A table message an interaction posted as its reply: later edits go through its token while it lives. */
  postedBy(messageId: string, via: ReplyHandle): void {
    this.deps.output.adopt(messageId, via);
  }

  /**
   * `/guts table`: the live table message again, in order with the table's other output;
   * the old one is closed so only one message carries live buttons.
   */
  repostTableMessage(rt: TableRuntime, post: (view: ReturnType<typeof tableView>) => Promise<{ id: string }>) {
    return this.queues.run(rt.record.id, () => this.tableMessage.repost(rt, post));
  }

  /** A player's private cards message: cards, picture, hand name, odds. */
  async cardsMessage(rt: TableRuntime, state: GameState, playerId: string) {
    const { preview, odds } = this.deps.odds.preview(state, playerId);
    const view = viewFor(state, playerId);
    const wanted = handPicture(view, playerId, preview);
    const colours = { fourColour: rt.messages.fourColour };
    // Both jobs queue on the helper thread at once, the picture right behind the odds.
    const [equity, picture] = await Promise.all([
      odds,
      wanted ? this.deps.offload.hand(wanted.cards, { ...wanted.options, ...colours }) : null,
    ]);
    return cardsView(targetOf(rt), view, playerId, preview, equity, picture);
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
          await this.deps.output.run(() => handle.followUp({ ...view, flags: MessageFlags.Ephemeral }));
        } catch (err) {
          this.deps.log.warn({ err, tableId, playerId }, 'could not send private cards');
        }
      }),
    );
  }
}

/** Players who were dealt private cards in these events (a deal's start, a later round's card). */
function playersDealt(events: readonly GameEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) if (e.type === 'Dealt') for (const id of Object.keys(e.private)) ids.add(id);
  for (const e of events) if (e.type === 'DealStarted') for (const id of e.players) ids.add(id);
  return [...ids];
}
