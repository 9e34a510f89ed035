// The bot as a process of its own for the soak bench (soak.ts), so that its resident
// memory is its own: started with --expose-gc, configured by GUTS_SOAK_BOT (JSON,
// LoadBotSettings), spoken to over the IPC channel: 'sample' is answered with a
// BotSample, 'rest' with a RestState (no collection: cheap to ask often), 'idle' once
// the bot has done what it was asked (steps, messages), 'stop' stops the bot and ends
// the process.

import type { ThreadMemory } from 'guts/src/threads/rpc.ts';
import type { LoadBotSettings } from './load-bot.ts';
import { startLoadBot } from './load-bot.ts';
import { type ProcessMappings, processMappings } from './mappings.ts';

/** What the bot process says of itself at one moment of a soak. */
export interface BotSample {
  rssBytes: number;
  /** Each thread's heap in use after a full collection, bytes (see `Bot.heapsAfterGc`). */
  heaps: Record<string, number | null>;
  /** What each thread's isolate holds after that collection: committed heap, young generation, external. */
  threads: Record<string, ThreadMemory | null>;
  /** The process's resident memory by kind, and V8's page-sized mappings (Linux; else null). */
  mappings: ProcessMappings | null;
  dealsSettled: number;
  interactions: number;
  /** @discordjs/rest: its per-route queues, and the route hashes (buckets) it has learnt. */
  rest: { handlers: number; hashes: number };
  caches: Record<string, { size: number; limit: number | string }>;
  openTables: number;
  /** Where it serves the Activity (LoadBotSettings' `activity`), else null. */
  activityPort: number | null;
}

const send = (message: unknown) =>
  new Promise<void>((resolve, reject) =>
    process.send?.(message, (err: Error | null) => (err ? reject(err) : resolve())),
  );

/** @discordjs/rest's queues now, and how many times it has swept the idle ones since the bot started. */
export interface RestState {
  handlers: number;
  handlerSweeps: number;
}

const settings = JSON.parse(process.env.GUTS_SOAK_BOT ?? '{}') as LoadBotSettings;
const { bot, database } = await startLoadBot(settings);
let handlerSweeps = 0;
bot.client.rest.on('handlerSweep', () => {
  handlerSweeps++;
});

async function sample(): Promise<BotSample> {
  const threads = await bot.memoryAfterGc();
  const heaps = Object.fromEntries(Object.entries(threads).map(([name, m]) => [name, m?.heapUsed ?? null]));
  const { dealsSettled, interactions } = await bot.metrics.totals();
  return {
    rssBytes: process.memoryUsage.rss(),
    heaps,
    threads,
    mappings: processMappings(process.pid),
    dealsSettled,
    interactions,
    rest: { handlers: bot.client.rest.handlers.size, hashes: bot.client.rest.hashes.size },
    caches: bot.cacheSizes(),
    openTables: bot.tables.runningCount,
    activityPort: bot.activityPort(),
  };
}

process.on('message', (message: { type: 'sample' | 'rest' | 'idle' | 'stop' }) => {
  void (async () => {
    if (message.type === 'sample') {
      await send({ type: 'sample', sample: await sample() });
      return;
    }
    if (message.type === 'rest') {
      const rest: RestState = { handlers: bot.client.rest.handlers.size, handlerSweeps };
      await send({ type: 'rest', rest });
      return;
    }
    if (message.type === 'idle') {
      await bot.idle();
      await send({ type: 'idle' });
      return;
    }
    await bot.idle();
    await bot.stop();
    await database.close();
    await send({ type: 'stopped' });
    process.exit(0);
  })();
});
await send({ type: 'ready' });
