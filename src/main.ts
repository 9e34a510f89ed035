import type { Config } from './config.ts';
import { type OpenDatabase, openToServe } from './db/index.ts';
import { type Bot, createBot } from './discord/bot.ts';
import { type OpsServer, startOpsServer } from './discord/ops-server.ts';
import { auditLedger, describeProblem } from './ledger/index.ts';
import { log } from './log.ts';
import { HistoryPruner } from './table/history-pruner.ts';
import { systemClock } from './table/scheduler.ts';
import { openStepWriter } from './table/step-writer.ts';
import { collectWhenQuiet, trimYoungSpaceWhenQuiet } from './young-space.ts';

/** A stopping process exits by then at the latest (the sharding manager gives its children 9.5 s). */
export const STOP_WITHIN_MS = 9_000;

/**
 * `/healthz` and `/metrics` on METRICS_PORT. A shard process of the sharding manager
 * serves them on METRICS_PORT + its shard id (one port per process: each has its own
 * gateway connection and counts); Prometheus scrapes each. Port 0 is any free port, each
 * process its own: the line logged says which (a test's bot binds no port another took).
 */
async function serveOps(port: number, bot: Bot, sharding: Config['sharding']): Promise<OpsServer | null> {
  const own = sharding.mode === 'shard' && port !== 0 ? port + (sharding.shards[0] ?? 0) : port;
  try {
    const server = await startOpsServer(own, { health: () => bot.health(), metrics: () => bot.metrics.text() });
    log.info({ port: server.port }, 'serving /healthz and /metrics');
    return server;
  } catch (err) {
    log.error({ err, port: own }, 'could not serve /healthz and /metrics');
    return null;
  }
}

/**
 * The bot process: database first (migrations before login, then the ledger audit),
 * then Discord. Stops cleanly on SIGINT/SIGTERM; a crash loses nothing, because
 * every step was committed before it was shown.
 */
export async function runBot(config: Config & { discordToken: string }): Promise<number> {
  let database: OpenDatabase;
  try {
    database = await openToServe(config.databaseUrl);
  } catch (err) {
    // Corrupt, from a newer bot, not writable, unreachable: one line, and the database as it was.
    process.stderr.write(`guts: ${(err as Error).message}\n`);
    return 1;
  }
  const { db, close } = database;
  const audit = await auditLedger(db);
  if (audit.ok) log.info({ accounts: audit.accounts, entries: audit.entries }, 'ledger audit clean');
  else log.error({ problems: audit.problems.map(describeProblem) }, 'ledger audit found problems');

  const { sharding } = config;
  const bot = await createBot({
    token: config.discordToken,
    apiUrl: config.discordApiUrl,
    // A child of the sharding manager runs the one shard the manager gave it.
    ...(sharding.mode === 'shard' ? { shards: sharding.shards, shardCount: sharding.count } : {}),
    db,
    writer: openStepWriter(database),
    log,
    ...(config.activity
      ? {
          activity: {
            // One port per process, as METRICS_PORT: a shard serves on ACTIVITY_PORT + its id (SCALING.md).
            port: config.activity.port + (sharding.mode === 'shard' ? (sharding.shards[0] ?? 0) : 0),
            clientSecret: config.activity.clientSecret,
            limits: config.activity.limits,
          },
        }
      : {}),
    fairnessUrl: config.fairnessUrl,
  });
  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'stopping');
      // Within STOP_WITHIN_MS whatever happens: the sharding manager and `docker stop` wait no longer.
      // Every step is committed before it is shown, so nothing is lost by not waiting.
      setTimeout(() => {
        log.warn('still stopping after the grace period: exiting');
        process.exit(1);
      }, STOP_WITHIN_MS).unref();
      void bot
        .stop()
        .then(close)
        .finally(() => resolve());
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
    // A shard process whose manager is gone (killed) stops too rather than run unmanaged.
    if (sharding.mode === 'shard' && process.send) process.once('disconnect', () => stop('manager gone'));
  });
  try {
    await bot.start();
  } catch (err) {
    // A wrong token or an unreachable Discord: one clear line, not a stack trace.
    process.stderr.write(`guts: could not connect to Discord: ${(err as Error).message}\n`);
    await bot.stop().catch((e: unknown) => log.warn({ err: e }, 'could not stop the bot cleanly'));
    await close();
    return 1;
  }
  if (sharding.mode === 'shard') log.info({ shard: sharding.shards, of: sharding.count }, 'shard serving');
  const ops = config.metricsPort === null ? null : await serveOps(config.metricsPort, bot, sharding);
  // One process prunes: the lone bot, or shard 0's (every shard shares the database).
  const pruner =
    config.historyDays !== null && (sharding.mode !== 'shard' || sharding.shards.includes(0))
      ? new HistoryPruner(db, config.historyDays, systemClock, log)
      : null;
  pruner?.start();
  const stopTrimming = trimYoungSpaceWhenQuiet();
  const stopCollecting = collectWhenQuiet();
  await stopped;
  stopTrimming();
  stopCollecting();
  await pruner?.stop();
  await ops?.close();
  // Everything is committed and closed. A request still waiting in discord.js's queue (a
  // long 429) would keep the process alive: it is not worth waiting for.
  setTimeout(() => process.exit(process.exitCode ?? 0), 500).unref();
  return 0;
}
