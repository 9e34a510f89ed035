import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Client,
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { Kysely } from 'kysely';
import type { RngState } from '../cards/rng.ts';
import { randomRngState } from '../cards/seed.ts';
import type { Database } from '../db/index.ts';
import { directStepWriter, type StepWriter } from '../db/step-writer.ts';
import { CarriedPotMovedError, dealHistory, listOpenTables, loadTable, type TableRecord } from '../db/table-store.ts';
import { type Action, apply, awaiting, createGame, type GameEvent, type GameState } from '../engine/index.ts';
import { dropCost } from '../engine/preview.ts';
import { channelPotReserve } from '../ledger/index.ts';
import type { Logger } from '../log.ts';
import { getVariant, parseOptions, RuleError } from '../rules/index.ts';
import type { ButtonId } from './custom-id.ts';
import { UserFacingError } from './errors.ts';
import { asTableMessages, NO_MESSAGES, tableDealNo } from './message-ids.ts';
import { OddsCache } from './odds.ts';
import { Offload } from './offload.ts';
import { TablePublisher, type TableRuntime, targetOf } from './publisher.ts';
import { type Clock, DeadlineScheduler, systemClock } from './scheduler.ts';
import { type Decided, type GameOpened, NEXT_DEAL_PAUSE_MS, type StepResult, TableSteps } from './table-steps.ts';
import { ReplyTokens } from './tokens.ts';
import { bold, chips, signed } from './views/format.ts';
import { lobbyView } from './views/lobby.ts';

export interface TableServiceOptions {
  db: Kysely<Database>;
  /** Where steps are committed; directly through `db` unless given (see step-writer.ts). */
  writer?: StepWriter;
  client: Client;
  log: Logger;
  clock?: Clock;
  nextDealPauseMs?: number;
  editDelayMs?: number;
  /** Where each new game's shuffling starts; the OS's cryptographic source unless a test fixes it. */
  newRngState?: () => RngState;
}

type Member = { id: string; name: string };

/**
 * The tables of this bot process: turns commands, presses and countdowns into
 * engine actions, commits them, then tells Discord. Rules live in the engine; this
 * only routes, checks who may act, and answers.
 */
export class TableService {
  private readonly runtimes = new Map<number, TableRuntime>();
  private readonly steps: TableSteps;
  private readonly publisher: TablePublisher;
  private readonly scheduler: DeadlineScheduler;
  private readonly tokens: ReplyTokens;
  private readonly offload = new Offload();
  private readonly odds = new OddsCache(this.offload);
  private readonly clock: Clock;
  private readonly db: Kysely<Database>;
  private readonly writer: StepWriter;
  private readonly client: Client;
  private readonly log: Logger;
  private readonly newRngState: () => RngState;

  constructor(options: TableServiceOptions) {
    this.db = options.db;
    this.writer = options.writer ?? directStepWriter(options.db);
    this.client = options.client;
    this.newRngState = options.newRngState ?? randomRngState;
    this.log = options.log;
    this.clock = options.clock ?? systemClock;
    this.tokens = new ReplyTokens(() => this.clock.now());
    this.steps = new TableSteps(
      this.db,
      this.writer,
      () => this.clock.now(),
      (id) => this.runtimes.get(id)?.messages ?? NO_MESSAGES,
      (id) => this.runtimes.get(id)?.record,
      (result) => {
        this.runtime(result.record.id, result);
        this.scheduler.set(String(result.record.id), result.record.deadline);
        // The game's messages get their final edit asked for now, while they are still the
        // table's: a new game may open before this step is published, and take their place.
        if (awaiting(result.after).kind === 'over') this.publisher.requestEdits(result.record.id);
      },
      options.nextDealPauseMs ?? NEXT_DEAL_PAUSE_MS,
    );
    this.scheduler = new DeadlineScheduler((key) => void this.onDeadline(Number(key)), this.clock);
    this.publisher = new TablePublisher({
      client: options.client,
      log: options.log,
      tokens: this.tokens,
      odds: this.odds,
      offload: this.offload,
      runtime: (id) => this.runtimes.get(id),
      saveMessages: (id) => this.writer.saveTableMessages(id, this.runtimes.get(id)?.messages ?? NO_MESSAGES),
      standings: (id, state) => this.standings(id, state),
      ...(options.editDelayMs !== undefined ? { editDelayMs: options.editDelayMs } : {}),
    });
  }

  /** Readies the helper thread for pictures and odds (call at start-up). */
  warmUp(): void {
    void this.offload.warmUp();
  }

  private markReady: () => void = () => {};
  /** Resolves once open tables are reloaded: interactions wait for it (see the router). */
  readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  /** After a restart: reload every open table and resume (or resolve) its countdown. */
  async resumeAll(): Promise<number> {
    try {
      return await this.reloadOpenTables();
    } finally {
      this.markReady();
    }
  }

  private async reloadOpenTables(): Promise<number> {
    // With shards on one database, each process resumes only the servers it serves.
    const open = (await listOpenTables(this.db)).filter((r) => this.client.guilds.cache.has(r.guildId));
    for (const record of open) {
      const state = record.state as GameState | null;
      this.runtimes.set(record.id, {
        record,
        messages: asTableMessages(record.messages),
        restarted: state?.phase === 'deal',
      });
      this.scheduler.set(String(record.id), record.deadline);
      this.publisher.requestEdits(record.id);
    }
    return open.length;
  }

  /** Stops timers; waits for queued Discord output (shutdown and tests). */
  async close(): Promise<void> {
    this.scheduler.stop();
    await this.steps.queues.idle(); // steps under way finish their transactions
    await this.publisher.idle();
    await this.offload.close();
  }

  async idle(): Promise<void> {
    await this.steps.queues.idle();
    await this.publisher.idle();
  }

  // ---- commands ----

  async startGame(
    interaction: ChatInputCommandInteraction,
    variantId: string,
    raw: Record<string, unknown>,
    look: { fourColour: boolean } = { fourColour: false },
  ) {
    const { guildId, channelId } = guildChannel(interaction);
    const variant = getVariant(variantId);
    if (!variant.available) throw new UserFacingError(`${variant.name} isn't ready to play yet.`);
    parseOptions(variantId, raw); // a bad option is refused at once, privately
    const known = [...this.runtimes.values()].find((rt) => rt.record.channelId === channelId && rt.record.running);
    if (known) throw new UserFacingError(runningText(known.record.state as GameState));
    const host = memberOf(interaction);
    // Opening a table takes a few database writes: acknowledge first. A refusal from
    // here on replaces the public placeholder with a private answer (errors.ts).
    await interaction.deferReply();
    const table = await this.writer.createOrLoadTable(guildId, channelId);
    // No await between this check and taking the table's runtime: a second /guts start
    // racing this one sees the first's game here, or fails its commit on the version.
    const live = this.runtimes.get(table.id)?.record;
    if (table.running || live?.running) throw new UserFacingError(runningText((live ?? table).state as GameState));
    // A new game numbers its deals on from the table's last one (see TableMessages.dealBase).
    this.runtimes.set(table.id, {
      record: table,
      messages: { ...NO_MESSAGES, dealBase: table.dealNo, fourColour: look.fourColour },
      restarted: false,
    });
    const result = await this.commit(
      table.id,
      interaction.id,
      (record) => {
        if (record.running) throw new UserFacingError(runningText(record.state as GameState));
        return null;
      },
      async () => {
        const carried = await channelPotReserve(this.db, guildId, channelId);
        const state = createGame({
          variant: variantId,
          options: raw,
          ...carried,
          rng: this.newRngState(),
          host: host.id,
        });
        return state;
      },
      host,
    ).catch((err: unknown) => {
      if (!(err instanceof CarriedPotMovedError)) throw err;
      throw new UserFacingError('The ledger changed while the game was opening (a /ledger reset?). Try again.');
    });
    if (!result) throw new UserFacingError('That was already done.');
    const rt = this.runtime(table.id, result);
    const lobby = await interaction.editReply(lobbyView(targetOf(rt), result.after));
    this.tokens.remember(table.id, host.id, interaction);
    rt.messages.lobby = lobby.id;
    await this.writer.saveTableMessages(table.id, rt.messages);
    this.publish(table.id, result);
  }

  async stopGame(interaction: ChatInputCommandInteraction): Promise<void> {
    const { guildId, channelId } = guildChannel(interaction);
    const table = await this.writer.createOrLoadTable(guildId, channelId);
    const state = table.state as GameState | null;
    if (!table.running || !state) throw new UserFacingError('No game is running in this channel.');
    const admin = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
    if (interaction.user.id !== state.host && !admin) {
      throw new UserFacingError('Only the host or someone with Manage Server can stop the game.');
    }
    await interaction.deferReply(); // the step may queue behind presses
    const result = await this.act(table.id, interaction.id, { type: 'stop', by: state.host });
    const after = result?.after;
    const text =
      after?.phase === 'over'
        ? 'The game is stopped. The pot and reserve stay with this channel for the next game.'
        : 'The game will stop after this deal. The pot and reserve stay with this channel.';
    try {
      await interaction.editReply({ content: `${bold(interaction.user.displayName)}: ${text}` });
    } finally {
      this.publish(table.id, result);
    }
  }

  /** `/guts table`: the live table message again, at the bottom of the channel. */
  async repost(interaction: ChatInputCommandInteraction): Promise<void> {
    const { guildId, channelId } = guildChannel(interaction);
    const table = await this.writer.createOrLoadTable(guildId, channelId);
    const state = table.state as GameState | null;
    if (!table.running || !state) throw new UserFacingError('No game is running here. Start one with `/guts start`.');
    const rt = this.runtime(table.id);
    await interaction.deferReply(); // the board picture takes a moment
    this.tokens.remember(table.id, interaction.user.id, interaction);
    if (state.phase === 'lobby') {
      rt.messages.lobby = (await interaction.editReply(lobbyView(targetOf(rt), state))).id;
      await this.writer.saveTableMessages(table.id, rt.messages);
    } else {
      await this.publisher.repostTableMessage(rt, (view) => interaction.editReply(view));
    }
  }

  // ---- buttons and menus ----

  async press(interaction: ButtonInteraction | StringSelectMenuInteraction, id: ButtonId): Promise<void> {
    const tableId = Number(id.tableId);
    const record = this.runtimes.get(tableId)?.record ?? (await loadTable(this.db, tableId));
    const state = record?.state as GameState | null | undefined;
    if (!record || !state || record.guildId !== interaction.guildId || record.channelId !== interaction.channelId) {
      throw new UserFacingError("That table doesn't exist any more.");
    }
    if (!record.running) throw new UserFacingError('That game is over.');
    const rt = this.runtimes.get(tableId) ?? this.runtime(tableId, { before: null, after: state, events: [], record });
    const lenient = id.action === 'join' || id.action === 'leave';
    if (!lenient && id.dealNo !== tableDealNo(rt.messages, state.dealNo)) {
      throw new UserFacingError('That deal is over. Use the newest table message.');
    }
    const me = memberOf(interaction);
    if (id.action === 'cards') return this.showCards(interaction, rt, state, me.id);
    const action = actionFor(id, me, state, interaction);
    const cost = action.type === 'declare' && action.choice === 'drop' ? dropCost(state) : 0;
    // A dry run on the state as this process last saw it: most refusals are answered
    // at once, in one call, with nothing written. If that state is still the latest when
    // the step runs, the dry run is the step.
    const dryRun = { from: state, applied: apply(state, action) };
    const quiet = action.type === 'startDeal';
    const select = interaction.isStringSelectMenu();
    const defer = () =>
      quiet || select ? interaction.deferUpdate() : interaction.deferReply({ flags: MessageFlags.Ephemeral });
    // When many steps are already waiting for the database, acknowledge before queueing.
    const busy = this.steps.inFlight >= BUSY_STEPS;
    if (busy) await defer();
    const work = this.act(tableId, interaction.id, action, me, dryRun);
    try {
      const deferred = busy ? { work, deferred: true } : await ackIfSlow(work, defer);
      const result = await deferred.work;
      const answer = result ? confirmation(action, result, cost) : 'Already done.';
      if (select) {
        if (deferred.deferred) await interaction.editReply({ content: answer, components: [] });
        else await interaction.update({ content: answer, components: [] });
      } else if (quiet) {
        if (!deferred.deferred) await interaction.deferUpdate();
      } else if (deferred.deferred) await interaction.editReply({ content: answer });
      else await interaction.reply({ content: answer, flags: MessageFlags.Ephemeral });
      this.tokens.remember(tableId, me.id, interaction);
    } finally {
      // After the answer (private cards follow acknowledged interactions), and even when
      // answering failed: a committed step is always told to the channel.
      void work.then(
        (result) => this.publish(tableId, result),
        () => {},
      );
    }
  }

  private async showCards(
    interaction: ButtonInteraction | StringSelectMenuInteraction,
    rt: TableRuntime,
    state: GameState,
    playerId: string,
  ): Promise<void> {
    if (!state.deal?.players.includes(playerId)) throw new UserFacingError("You're not in this deal.");
    const answer = await ackIfSlow(this.publisher.cardsMessage(rt, state, playerId), () =>
      interaction.deferReply({ flags: MessageFlags.Ephemeral }),
    );
    const view = await answer.work;
    if (answer.deferred) await interaction.editReply(view);
    else await interaction.reply({ ...view, flags: MessageFlags.Ephemeral });
    this.tokens.remember(rt.record.id, playerId, interaction);
  }

  // ---- steps ----

  private runtime(tableId: number, result?: StepResult): TableRuntime {
    let rt = this.runtimes.get(tableId);
    if (!rt) {
      if (!result) throw new Error(`table ${tableId} is not loaded`);
      rt = { record: result.record, messages: asTableMessages(result.record.messages), restarted: false };
      this.runtimes.set(tableId, rt);
    }
    if (result) rt.record = result.record;
    return rt;
  }

  /**
   * Applies one action to a running game; the engine's RuleError reaches the caller
   * unchanged. `dryRun` is the action already applied to the state `from`: committed
   * states are never changed in place, so while the record still holds that very state
   * the result stands.
   */
  private act(
    tableId: number,
    key: string,
    action: Action,
    member?: Member,
    dryRun?: { from: GameState; applied: ReturnType<typeof apply> },
  ): Promise<StepResult | null> {
    return this.commit(
      tableId,
      key,
      (record) => {
        const state = record.state as GameState | null;
        if (!record.running || !state) throw new UserFacingError('That game is over.');
        return dryRun?.from === state ? dryRun.applied : apply(state, action);
      },
      undefined,
      // Names go to the ledger (for /ledger) when someone sits down, not on every press.
      action.type === 'join' ? member : undefined,
    );
  }

  /**
   * Commits a step (the caller publishes it). `decide` runs inside the table's queue
   * on the freshest record; `create`, when given and `decide` returns null, makes a new
   * game with `member` seated as its host. `member`'s name is stored for `/ledger`.
   */
  private async commit(
    tableId: number,
    key: string,
    decide: (record: TableRecord) => Decided | null,
    create?: () => Promise<GameState>,
    member?: Member,
  ): Promise<StepResult | null> {
    const fresh = create ? await create() : null;
    const displayNames = member ? { [member.id]: member.name } : undefined;
    const result = await this.steps.run(tableId, key, (record) => {
      const decided = decide(record);
      if (decided) return { ...decided, ...(displayNames ? { displayNames } : {}) };
      if (!fresh || !member) return null;
      const seated = apply(fresh, { type: 'join', playerId: member.id, name: member.name });
      const opened: GameOpened = {
        type: 'GameOpened',
        variant: fresh.variant,
        options: fresh.options,
        firstDeal: (this.runtimes.get(tableId)?.messages.dealBase ?? 0) + 1,
      };
      return {
        state: seated.state,
        events: seated.events,
        records: [opened],
        carried: { pot: fresh.pot, reserve: fresh.reserve },
        ...(displayNames ? { displayNames } : {}),
      };
    });
    return result;
  }

  /**
   * Tells the channel about a committed step. Callers answer the interaction first:
   * private cards follow up on the presser's own interaction, which must be
   * acknowledged before it can carry them.
   */
  private publish(tableId: number, result: StepResult | null): void {
    if (!result) return;
    if (awaiting(result.after).kind === 'over') this.tokens.forget(tableId);
    void this.publisher.publish(tableId, result);
  }

  /** A countdown ended: undecided players drop, or the next deal starts. */
  private async onDeadline(tableId: number): Promise<void> {
    try {
      const record = await loadTable(this.db, tableId);
      if (!record?.running || record.deadline === null) return;
      const now = this.clock.now();
      if (record.deadline > now) {
        this.scheduler.set(String(tableId), record.deadline);
        return;
      }
      const key = `deadline:${tableId}:${record.version}`;
      const result = await this.commit(tableId, key, (fresh) => {
        const state = fresh.state as GameState | null;
        // A press may have ended the round (and set a new countdown) while this waited.
        if (!fresh.running || !state || fresh.deadline === null || fresh.deadline > this.clock.now()) return null;
        return this.onCountdownEnd(state);
      });
      this.publish(tableId, result);
    } catch (err) {
      this.log.error({ err, tableId }, 'countdown step failed');
    }
  }

  private onCountdownEnd(state: GameState): Decided {
    if (awaiting(state).kind !== 'between-deals') return apply(state, { type: 'timeout' });
    const dealer = state.players.some((p) => p.id === state.host) ? state.host : state.players[0]?.id;
    try {
      return apply(state, { type: 'startDeal', by: dealer ?? state.host });
    } catch (err) {
      // Too few players left to deal: the game ends, and its pot stays with the channel.
      if (!(err instanceof RuleError)) throw err;
      const stopped = apply(state, { type: 'stop', by: state.host });
      return { state: stopped.state, events: [...stopped.events] };
    }
  }

  private async standings(tableId: number, state: GameState): Promise<EmbedBuilder> {
    const net = new Map<string, number>();
    const base = this.runtimes.get(tableId)?.messages.dealBase ?? 0;
    for (let deal = base + 1; deal <= base + state.dealNo; deal++) {
      for (const e of (await dealHistory(this.db, tableId, deal)) as GameEvent[]) {
        if (e.type !== 'DealEnded') continue;
        for (const [id, n] of Object.entries(e.delta)) net.set(id, (net.get(id) ?? 0) + n);
      }
    }
    const names = new Map(state.players.map((p) => [p.id, p.name]));
    const lines = [...net]
      .sort((a, b) => b[1] - a[1])
      .map(([id, n]) => `${bold(names.get(id) ?? `<@${id}>`)} ${signed(n)}`);
    return new EmbedBuilder()
      .setColor(0x6b6b6b)
      .setTitle(`Game over after ${state.dealNo} deal${state.dealNo === 1 ? '' : 's'}`)
      .setDescription(lines.length ? lines.join('\n') : 'No chips changed hands.')
      .addFields(
        { name: 'Pot left', value: chips(state.pot), inline: true },
        { name: 'Reserve left', value: chips(state.reserve), inline: true },
      )
      .setFooter({ text: 'The pot and reserve stay with this channel. /ledger shows everyone’s balance.' });
  }
}

/**
 * Discord gives an interaction 3 seconds, but a player feels anything past a tenth of
 * one. Most steps take milliseconds and are answered in one call; one still running
 * after ACK_BUDGET_MS (a busy table or database) is acknowledged first ("thinking…")
 * and answered when done.
 */
const ACK_BUDGET_MS = 100;
const BUSY_STEPS = 8;

async function ackIfSlow<T>(
  work: Promise<T>,
  defer: () => Promise<unknown>,
): Promise<{ work: Promise<T>; deferred: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<true>((resolve) => {
    timer = setTimeout(() => resolve(true), ACK_BUDGET_MS);
  });
  const tooSlow = await Promise.race([
    work.then(
      () => false,
      () => false,
    ),
    slow,
  ]);
  clearTimeout(timer);
  if (tooSlow) await defer();
  return { work, deferred: tooSlow };
}

function guildChannel(interaction: { guildId: string | null; channelId: string | null }) {
  if (!interaction.guildId || !interaction.channelId) throw new UserFacingError('Guts is played in a server channel.');
  return { guildId: interaction.guildId, channelId: interaction.channelId };
}

function memberOf(interaction: ButtonInteraction | StringSelectMenuInteraction | ChatInputCommandInteraction): Member {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : null;
  return {
    id: interaction.user.id,
    name: (nick ?? interaction.user.displayName ?? interaction.user.username).slice(0, 32),
  };
}

function runningText(state: GameState | null): string {
  const name = state ? getVariant(state.variant).name : 'guts';
  return `A game of ${name} is already running here. \`/guts table\` shows it; \`/guts stop\` ends it.`;
}

function actionFor(
  id: ButtonId,
  me: Member,
  state: GameState,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
): Action {
  const cards = interaction.isStringSelectMenu() ? interaction.values.map(Number) : [];
  if (cards.some((c) => !Number.isInteger(c) || c < 0 || c > 51))
    throw new UserFacingError('That is not one of your cards.');
  switch (id.action) {
    case 'join':
      return { type: 'join', playerId: me.id, name: me.name };
    case 'leave':
      return { type: 'leave', playerId: me.id };
    case 'deal':
      return { type: 'startDeal', by: me.id };
    case 'stay':
    case 'drop':
      return { type: 'declare', playerId: me.id, choice: id.action };
    case 'take':
      return { type: 'take', playerId: me.id };
    case 'pass':
      if (cards.length !== 1) throw new UserFacingError('Pick exactly one card to pass.');
      return { type: 'pass', playerId: me.id, card: cards[0] as number };
    case 'swap':
    case 'keep': {
      const kind = awaiting(state).kind;
      if (kind !== 'discard' && kind !== 'draw') throw new UserFacingError('There is nothing to swap now.');
      return { type: kind, playerId: me.id, cards };
    }
    default:
      throw new UserFacingError('That button does nothing.');
  }
}

function confirmation(action: Action, result: StepResult, cost: number): string {
  switch (action.type) {
    case 'join':
      return result.after.phase === 'deal'
        ? "You're in from the next deal. Your cards will show up here."
        : "You're in. Your cards will show up here when the deal starts.";
    case 'leave':
      return result.after.players.some((p) => p.id === action.playerId)
        ? "You'll leave the table after this deal."
        : "You've left the table.";
    case 'declare': {
      const before = result.before ? awaiting(result.before) : null;
      const simultaneous = before?.kind === 'declare' && before.mode === 'simultaneous';
      const revealed = result.events.some((e) => e.type === 'Revealed');
      const penalty = cost > 0 ? ` It costs you ${chips(cost)} (drop penalty).` : '';
      const verb = action.choice === 'stay' ? "You're staying" : "You're dropping";
      if (simultaneous && !revealed) return `${verb}: hidden until the reveal; you can change until then.${penalty}`;
      return `${verb}.${penalty}${revealed ? ' Everyone has chosen: the reveal is in the channel.' : ''}`;
    }
    case 'take':
      return 'You take your card: you are in.';
    case 'pass':
      return 'Card passed.';
    case 'discard':
    case 'draw':
      return action.cards.length
        ? `Swapped ${action.cards.length} card${action.cards.length > 1 ? 's' : ''}.`
        : 'You keep your cards.';
    default:
      return 'Done.';
  }
}
