import type { ActivityLimits } from 'guts/src/activity/activity-limits.ts';
import { Rng } from 'guts/src/cards/rng.ts';
import { migrateToLatest, type OpenDatabase, openDatabase } from 'guts/src/db/index.ts';
import { type Bot, createBot } from 'guts/src/discord/bot.ts';
import { createLogger } from 'guts/src/log.ts';
import { openStepWriter } from 'guts/src/table/step-writer.ts';
import pino from 'pino';

/** What a load run's bot needs: where Discord and the database are, and the run's settings. */
export interface LoadBotSettings {
  token: string;
  apiUrl: string;
  dbUrl: string;
  pauseMs: number;
  seed: number;
  logLevel: string;
  /** How often idle REST queues are dropped (the bot's default when absent). */
  restHandlerSweepMs?: number;
  /** How long the bot uses an interaction's token (its default, 14 minutes, when absent). */
  tokenFreshMs?: number;
  /** Only this shard of `count` (a shard process); absent, the whole bot. */
  shard?: { id: number; count: number };
  /** Serve the Activity too (ACTIVITY_PORT) on a free port of 127.0.0.1, with the page in `assetsDir` if given. */
  activity?: { clientSecret: string; assetsDir?: string; limits?: Partial<ActivityLimits> };
}

/**
 * The bot as load runs start it (in a thread of its own, or as one shard's process):
 * the database migrated, no REST limit of its own (the local Discord runs without
 * any), a short pause between deals, and each game's own random draws seeded from the
 * run's seed. The cards come from fair decks, as in production, so they differ run to run.
 */
export async function startLoadBot(settings: LoadBotSettings): Promise<{ bot: Bot; database: OpenDatabase }> {
  const database = openDatabase(settings.dbUrl);
  await migrateToLatest(database.db);
  let games = 0;
  const shardSeed = (settings.shard?.id ?? 0) * 100_000;
  const bot = await createBot({
    token: settings.token,
    apiUrl: settings.apiUrl,
    restGlobalPerSecond: 100_000,
    ...(settings.shard ? { shards: [settings.shard.id], shardCount: settings.shard.count } : {}),
    db: database.db,
    writer: openStepWriter(database),
    // To stderr (a bench's stdout is its JSON result), through the bot's own serializers: no
    // request bodies or interaction tokens in a load run's log either.
    log: createLogger(pino.destination(2), settings.logLevel),
    nextDealPauseMs: settings.pauseMs,
    ...(settings.restHandlerSweepMs !== undefined ? { restHandlerSweepMs: settings.restHandlerSweepMs } : {}),
    ...(settings.tokenFreshMs !== undefined ? { tokenFreshMs: settings.tokenFreshMs } : {}),
    newRngState: () => Rng.fromSeed(settings.seed * 1000 + shardSeed + games++).state(),
    ...(settings.activity ? { activity: { port: 0, host: '127.0.0.1', ...settings.activity } } : {}),
  });
  await bot.start();
  return { bot, database };
}
