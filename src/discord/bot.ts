import { type Client, disableValidators, Events, Status } from 'discord.js';
import { type Kysely, sql } from 'kysely';
import type { ActivityServer } from '../activity/http-server.ts';
import { type CacheSize, CacheSizes } from '../cache-sizes.ts';
import type { RngState } from '../cards/rng.ts';
import type { Database } from '../db/index.ts';
import { statementCacheSize } from '../db/statement-cache.ts';
import { tableBuilds } from '../hands/index.ts';
import type { Logger } from '../log.ts';
import { CommitAndPublish } from '../table/commit-and-publish.ts';
import type { DbRetryOptions, DbWaits } from '../table/db-waits.ts';
import { type Clock, systemClock } from '../table/scheduler.ts';
import type { StepWriter } from '../table/step-writer.ts';
import { Tables } from '../table/tables.ts';
import { memoryAfterCollection } from '../threads/memory.ts';
import type { ThreadMemory } from '../threads/rpc.ts';
import { BlockedChannels } from './blocked-channels.ts';
import { type BotActivityOptions, botActivity } from './bot-activity.ts';
import { CallbackFirstDispatcher } from './callback-first-dispatcher.ts';
import { cardEmojis, loadCardEmojis } from './card-emojis.ts';
import { onLostTable, watchDeletes, watchPermissions } from './channel-loss.ts';
import { ChannelOutput } from './channel-output.ts';
import { ChatNotesByTable } from './chat-notes.ts';
import { loadCommands } from './command-registry.ts';
import type { BotContext } from './context.ts';
import { type ClientSettings, createClient, servedHere } from './discord-client.ts';
import { GuildCache, KeptGuilds } from './guild-cache.ts';
import { COMPONENT_HANDLERS, MODAL_HANDLERS } from './handlers/index.ts';
import { interactionAnswers } from './interaction-answers.ts';
import { BotMetrics } from './metrics.ts';
import { OddsCache } from './odds.ts';
import { Offload, type OffloadCounts } from './offload.ts';
import type { Health } from './ops-server.ts';
import { slimPressedMessages } from './pressed-message.ts';
import { TablePublisher } from './publisher.ts';
import { GroupDmOwners } from './rights.ts';
import { createRouter } from './router.ts';
import { StepPipeline } from './step-pipeline.ts';
import { ReplyTokens } from './tokens.ts';

/** How long a stopping bot waits for its queued Discord output. */
const OUTPUT_GRACE_MS = 3_000;
/** Then how long requests already on the wire get to finish before their sockets are closed. */
const SOCKETS_GRACE_MS = 1_000;

/** A database that takes longer than this to answer `select 1` is not healthy. */
const HEALTH_DB_TIMEOUT_MS = 2_000;

/** Waits for `work`, but no longer than `ms`; a stopping bot abandons what is left. */
const atMost = (work: Promise<unknown>, ms: number) =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

export interface BotOptions extends ClientSettings {
  token: string;
  db: Kysely<Database>;
  /** Where game steps are committed (see table/step-writer.ts); directly through `db` when absent. `stop()` closes it. */
  writer?: StepWriter;
  log: Logger;
  clock?: Clock;
  nextDealPauseMs?: number;
  editDelayMs?: number;
  newRngState?: () => RngState;
  /** See Tables' option: null deals without a fairness proof, by `newRngState` alone (tests). */
  newServerSeed?: (() => string) | null;
  /** Deals in a row with no press before a game stops by itself (default 2, see table/quiet.ts). */
  quietDealsToStop?: number;
  /** How game steps wait for a database that fails transiently (see table/db-waits.ts; tests shorten it). */
  dbRetry?: Partial<DbRetryOptions>;
  /** How long an interaction's token is used (default TOKEN_FRESH_MS): a soak shortens it to reach the horizon sooner. */
  tokenFreshMs?: number;
  /** How long a picture or odds job may take before its message goes out without it (2 s; tests on a busy machine give more). */
  helperJobTimeoutMs?: number;
  /**
   * Open games end at start, each saying so in its channel, instead of going on: for a
   * Discord that kept none of their messages (the playground's). Discord keeps them: unset there.
   */
  endOpenTables?: boolean;
  /** `FAIRNESS_URL`: linked from each Verify panel (none when unset). */
  fairnessUrl?: string | null;
  /**
   * Serve the tables as a Discord Activity (ACTIVITY_PORT): the HTTP server starts with
   * the bot, and lobbies and table cards offer Open table. Absent, none of it exists.
   */
  activity?: BotActivityOptions;
}

export type { BotActivityOptions } from './bot-activity.ts';

export interface Bot {
  client: Client;
  tables: Tables;
  publisher: TablePublisher;
  /** The interactions kept to reach players and carry tables' messages. */
  tokens: ReplyTokens;
  /** Connects; resolves once the gateway is ready and open tables are resumed. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once no step is under way and everything queued for Discord is sent (tests). */
  idle(): Promise<void>;
  /** Pictures and odds asked of the helper thread, and how many went out without them (load runs). */
  offloadCounts(): OffloadCounts;
  /**
   * Starts the helper threads now, and has the hands' lookup tables built (the bot does
   * on each interaction and on resuming deals); resolves once the threads are up.
   */
  wake(): Promise<void>;
  /** Counts for operators, in Prometheus's format (`METRICS_PORT`). */
  metrics: BotMetrics;
  /** Whether the bot can serve players now: gateway, database, open tables reloaded (`/healthz`). */
  health(): Promise<Health>;
  /** Every cache the bot keeps (add one with `caches.add`): read by `cacheSizes()` and `/metrics`. */
  caches: CacheSizes;
  /** How full each cache is now, by name. */
  cacheSizes(): Record<string, CacheSize>;
  /**
   * What each thread's V8 isolate holds after a full collection (node --expose-gc;
   * without it, as it is): the bot's own thread and each helper (step writer, odds,
   * pictures); null for a helper not running.
   */
  memoryAfterGc(): Promise<Record<string, ThreadMemory | null>>;
  /** Where the Activity is served once started (`activity` option), else null. */
  activityPort(): number | null;
}

/** The bot's own caches, each with its bound (see cache-sizes.ts). */
function botCaches(parts: {
  tables: Tables;
  chatNotes: ChatNotesByTable;
  tokens: ReplyTokens;
  lost: BlockedChannels;
  output: ChannelOutput;
  publisher: TablePublisher;
  odds: OddsCache;
}): CacheSizes {
  const { tables, chatNotes, tokens, lost, output, publisher, odds } = parts;
  const caches = new CacheSizes();
  caches.add('odds', odds);
  caches.add('statements', statementCacheSize);
  caches.add('heldTables', () => ({ size: tables.heldCount, limit: 'open tables' }));
  caches.add('chatNotes', () => ({ size: chatNotes.size, limit: 'open tables' }));
  caches.add('tokens', () => ({ size: tokens.size, limit: 'open tables' }));
  caches.add('privateMessages', () => ({ size: publisher.sizes.privateMessages, limit: 'open tables' }));
  caches.add('pendingEdits', () => ({ size: publisher.sizes.pendingEdits, limit: 'open tables' }));
  caches.add('postedBy', () => ({ size: output.sizes.postedBy, limit: 'live tokens' }));
  caches.add('followUpBudgets', () => ({ size: output.sizes.budgets, limit: 'one minute' }));
  caches.add('lostChannels', () => ({ size: lost.sizes.lost, limit: lost.sizes.capacity }));
  caches.add('failingTables', () => ({ size: lost.sizes.failing, limit: lost.sizes.capacity }));
  return caches;
}

/** Whether the bot can serve players now (`/healthz`). */
async function botHealth(client: Client, db: Kysely<Database>, tablesLoaded: boolean, waits: DbWaits): Promise<Health> {
  const gateway = client.ws.status === Status.Ready;
  let database: { ok: boolean; reason?: string } = { ok: true };
  try {
    const answered = await atMost(
      sql`select 1`.execute(db).then(() => true),
      HEALTH_DB_TIMEOUT_MS,
    );
    if (answered !== true) database = { ok: false, reason: `no answer within ${HEALTH_DB_TIMEOUT_MS} ms` };
  } catch (err) {
    database = { ok: false, reason: (err as Error).message };
  }
  // It answers, but cannot save (a full disk, a lock held elsewhere): the tables wait.
  if (database.ok && waits.tablesWaiting > 0)
    database = { ok: false, reason: `${waits.tablesWaiting} table(s) waiting to save: ${waits.lastError}` };
  const checks = {
    gateway: gateway ? { ok: true } : { ok: false, reason: `gateway status ${Status[client.ws.status]}` },
    database,
    tables: tablesLoaded ? { ok: true } : { ok: false, reason: 'open tables not reloaded yet' },
  };
  return { ok: Object.values(checks).every((c) => c.ok), checks };
}

/** Wires the bot: a discord.js client, the table layer, and the publisher that shows the tables in Discord. */
export async function createBot(options: BotOptions): Promise<Bot> {
  // The builders re-validate every field on every call (costly under load); our
  // payloads are built by code and Discord checks its own limits anyway.
  disableValidators();
  const lanes = new CallbackFirstDispatcher();
  const kept = new KeptGuilds();
  KeptGuilds.quietCacheWarning(options.log);
  const client = createClient(options, lanes, kept);
  const tables = new Tables({
    db: options.db,
    log: options.log,
    ...(options.writer ? { writer: options.writer } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.nextDealPauseMs !== undefined ? { nextDealPauseMs: options.nextDealPauseMs } : {}),
    ...(options.newRngState ? { newRngState: options.newRngState } : {}),
    ...(options.newServerSeed !== undefined ? { newServerSeed: options.newServerSeed } : {}),
    ...(options.quietDealsToStop !== undefined ? { quietDealsToStop: options.quietDealsToStop } : {}),
    ...(options.dbRetry ? { dbRetry: options.dbRetry } : {}),
  });
  // The one way a step a player or a command asks for goes: committed, answered, published.
  const commits = new CommitAndPublish({ tables, listener: tables.heard, log: options.log });
  const offload = new Offload(options.helperJobTimeoutMs);
  const clock = options.clock ?? systemClock;
  const tokens = new ReplyTokens(() => clock.now(), options.tokenFreshMs);
  const lost = new BlockedChannels((tableId, reason) => void onLostTable(ctx, tableId, reason));
  const guilds = new GuildCache(client, tables, kept, options.log);
  guilds.trimGuildCreates();
  slimPressedMessages(client);
  const output = new ChannelOutput(
    client,
    tables,
    lost,
    tokens,
    options.log,
    () => clock.now(),
    (guildId) => guilds.ready(guildId),
  );
  const odds = new OddsCache(offload);
  const chatNotes = new ChatNotesByTable({
    db: options.db,
    tables,
    log: options.log,
    ...(options.writer ? { writer: options.writer } : {}),
  });
  const publisher = new TablePublisher({
    log: options.log,
    output,
    tables,
    commits,
    chatNotes,
    tokens,
    odds,
    offload,
    ...(options.editDelayMs !== undefined ? { editDelayMs: options.editDelayMs } : {}),
    openTable: options.activity !== undefined,
  });
  const caches = botCaches({ tables, chatNotes, tokens, lost, output, publisher, odds });
  const metrics = new BotMetrics({
    caches: () => caches.read(),
    gatewayPingMs: () => client.ws.ping,
    openTables: () => tables.runningCount,
    database: () => ({ errors: tables.dbWaits.errors, tablesWaiting: tables.dbWaits.tablesWaiting }),
    helpers: () => {
      const queued = offload.queued();
      return {
        odds: { queued: queued.odds, dropped: offload.counts.odds.dropped },
        pictures: { queued: queued.pictures, dropped: offload.counts.pictures.dropped },
      };
    },
  });
  metrics.watchRest(client.rest, () => clock.now());
  // The Activity's pages hear every step the chat does, and linked roles ride its server
  // (bot-activity.ts). Without ACTIVITY_PORT none of it is loaded.
  const activity = options.activity
    ? await botActivity({
        options: options.activity,
        client,
        db: options.db,
        tables,
        commits,
        odds: (state, playerId) => odds.preview(state, playerId).odds,
        log: options.log,
        clock,
        shards: options.shards,
        shardCount: options.shardCount,
      })
    : null;
  const hub = activity?.hub ?? null;
  const roleLinks = activity?.roleLinks ?? null;
  const chat = guilds.watchSteps(metrics.watchSteps(publisher));
  const linked = roleLinks ? roleLinks.watchSteps(chat) : chat;
  const shown = hub ? hub.watchSteps(linked) : linked;
  tables.listen(shown);
  const steps = new StepPipeline({
    tables,
    commits,
    publisher,
    tokens,
    answers: interactionAnswers,
    log: options.log,
  });
  let tablesLoaded = false;
  void tables.ready.then(() => {
    tablesLoaded = true;
  });
  const groupDms = new GroupDmOwners();
  groupDms.watch(client);
  const ctx: BotContext = {
    db: options.db,
    client,
    tables,
    publisher,
    pipeline: steps,
    commits,
    tokens,
    lost,
    log: options.log,
    metrics,
    groupDms,
    openTable: options.activity !== undefined,
    fairnessUrl: options.fairnessUrl ?? null,
  };
  watchDeletes(client, ctx, lost);
  watchPermissions(client, ctx, lost, guilds);
  const route = createRouter(ctx, await loadCommands(), COMPONENT_HANDLERS, MODAL_HANDLERS, () => clock.now());
  // Helper threads start when someone uses the bot, and stop again after a quiet spell
  // (HELPER_IDLE_STOP_MS): a lobby comes seconds before its first deal's pictures. With
  // the card emojis deployed, cards need no pictures: that thread starts only if a
  // picture is asked for (a showdown too large for emoji rows). The hands' lookup tables
  // too are built then, once, after the waking interaction is routed, a ranking a turn of
  // the event loop (tens of milliseconds in all, other presses answered in between): a
  // bot nobody uses never holds them (docs/PERFORMANCE.md, Memory).
  let handTables: 'unbuilt' | 'built' = 'unbuilt';
  const wake = async () => {
    if (handTables === 'unbuilt') {
      handTables = 'built';
      inTurns(tableBuilds());
    }
    await Promise.all([options.writer?.warmUp(), cardEmojis() ? null : offload.warmUp()]);
  };
  client.on(Events.InteractionCreate, (interaction) => {
    void wake();
    void route(interaction);
  });
  client.on(Events.Error, (err) => options.log.error({ err }, 'discord client error'));
  client.on(Events.ShardResume, (shardId) => options.log.info({ shardId }, 'gateway resumed'));

  let activityServer: ActivityServer | null = null;
  const idle = async () => {
    await steps.idle();
    await tables.idle();
    await publisher.idle();
  };
  return {
    client,
    tables,
    publisher,
    tokens,
    idle,
    metrics,
    health: () => botHealth(client, options.db, tablesLoaded, tables.dbWaits),
    caches,
    cacheSizes: () => caches.read(),
    async memoryAfterGc() {
      const main = memoryAfterCollection();
      const [writer, helpers] = await Promise.all([options.writer?.memoryAfterGc() ?? null, offload.memoryAfterGc()]);
      return { main, stepWriter: writer, ...helpers };
    },
    offloadCounts: () => structuredClone(offload.counts),
    activityPort: () => activityServer?.port ?? null,
    wake,
    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(options.token);
      await ready;
      await loadCardEmojis(client.rest, client.application?.id ?? '', options.log);
      // With shards, each process resumes only the places it serves.
      const serves = servedHere(client, options.shards, options.shardCount);
      // Where the chat shows each open table, before the tables resume and edit their messages.
      await chatNotes.loadRunning();
      const resumed = options.endOpenTables ? await tables.endAll(serves) : await tables.resumeAll(serves);
      // A table of a server the bot is not in (a group DM's ledger is keyed by its channel)
      // was brought by a user install: its output rides tokens only.
      for (const { record } of tables.heldTables()) {
        if (!client.guilds.cache.has(record.guildId)) tokens.markAnswersOnly(record.id);
      }
      if (resumed > 0) void wake(); // deals under way go on without a press
      if (activity) {
        activityServer = await activity.start(ctx);
        options.log.info({ port: activityServer.port }, 'serving the Activity');
      }
      options.log.info({ user: client.user?.tag, guilds: client.guilds.cache.size, resumed }, 'bot ready');
    },
    async stop() {
      client.removeAllListeners(Events.InteractionCreate); // take no new work
      await activityServer?.close(); // nor presses from the page
      roleLinks?.close();
      await tables.close(); // steps under way finish their transactions
      // What is queued for Discord gets a moment to go out, not forever: a post held back
      // by a long 429 must not keep a stopping bot alive. Everything is committed; the next
      // start brings the table messages up to date.
      await atMost(publisher.idle(), OUTPUT_GRACE_MS);
      await offload.close();
      await options.writer?.close();
      await client.destroy();
      await atMost(lanes.close(), SOCKETS_GRACE_MS);
      await lanes.destroy();
    },
  };
}

/** Runs each job in a turn of the event loop of its own, in order. */
function inTurns(jobs: (() => void)[]): void {
  const next = jobs.shift();
  if (!next) return;
  setImmediate(() => {
    next();
    inTurns(jobs);
  });
}
