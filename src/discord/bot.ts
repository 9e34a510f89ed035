import { Client, disableValidators, Events, GatewayIntentBits, Options } from 'discord.js';
import type { Kysely } from 'kysely';
import type { RngState } from '../cards/rng.ts';
import type { Database } from '../db/index.ts';
import type { StepWriter } from '../db/step-writer.ts';
import { buildAllTables } from '../hands/index.ts';
import type { Logger } from '../log.ts';
import { loadCommands } from './command-registry.ts';
import type { BotContext } from './context.ts';
import { createRouter } from './router.ts';
import type { Clock } from './scheduler.ts';
import { TableService } from './table-service.ts';

export interface BotOptions {
  token: string;
  /** REST base including `/api` (DISCORD_API_URL); Discord's when null. */
  apiUrl: string | null;
  /**
   * Requests per second discord.js allows itself outside interaction callbacks:
   * Discord's global limit, 50 unless Discord raised it for the bot.
   */
  restGlobalPerSecond?: number;
  db: Kysely<Database>;
  /** Where game steps are committed (see step-writer.ts); directly through `db` when absent. `stop()` closes it. */
  writer?: StepWriter;
  log: Logger;
  clock?: Clock;
  nextDealPauseMs?: number;
  editDelayMs?: number;
  newRngState?: () => RngState;
}

export interface Bot {
  client: Client;
  tables: TableService;
  /** Connects; resolves once the gateway is ready and open tables are resumed. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function createBot(options: BotOptions): Promise<Bot> {
  // The builders re-validate every field on every call (costly under load); our
  // payloads are built by code and Discord checks its own limits anyway.
  disableValidators();
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // The bot edits its messages by id and never reads them back: caching every message
    // of every table channel only feeds the garbage collector.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    rest: {
      ...(options.apiUrl ? { api: options.apiUrl } : {}),
      globalRequestsPerSecond: options.restGlobalPerSecond ?? 50,
    },
  });
  const tables = new TableService({
    db: options.db,
    ...(options.writer ? { writer: options.writer } : {}),
    client,
    log: options.log,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.nextDealPauseMs !== undefined ? { nextDealPauseMs: options.nextDealPauseMs } : {}),
    ...(options.editDelayMs !== undefined ? { editDelayMs: options.editDelayMs } : {}),
    ...(options.newRngState ? { newRngState: options.newRngState } : {}),
  });
  const ctx: BotContext = { db: options.db, client, tables, log: options.log };
  const route = createRouter(ctx, await loadCommands());
  client.on(Events.InteractionCreate, (interaction) => void route(interaction));
  client.on(Events.Error, (err) => options.log.error({ err }, 'discord client error'));
  client.on(Events.ShardResume, (shardId) => options.log.info({ shardId }, 'gateway resumed'));

  return {
    client,
    tables,
    async start() {
      buildAllTables(); // before any press can wait behind it
      tables.warmUp();
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(options.token);
      await ready;
      const resumed = await tables.resumeAll();
      options.log.info({ user: client.user?.tag, guilds: client.guilds.cache.size, resumed }, 'bot ready');
    },
    async stop() {
      client.removeAllListeners(Events.InteractionCreate); // take no new work
      await tables.close();
      await options.writer?.close();
      await client.destroy();
    },
  };
}
