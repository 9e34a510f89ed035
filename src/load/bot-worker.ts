import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { startLoadBot } from './load-bot.ts';

/**
 * The bot in a thread of its own, for load runs: the local Discord and its simulated
 * players live on the main thread, as Discord and its users live elsewhere, so the
 * bot's event loop carries only the bot's work.
 */
export interface BotWorkerData {
  module: string;
  token: string;
  apiUrl: string;
  dbUrl: string;
  pauseMs: number;
  seed: number;
  logLevel: string;
}

const data = workerData as BotWorkerData;
const { bot, database } = await startLoadBot(data);
const busySince = performance.eventLoopUtilization();
parentPort?.postMessage('ready');
parentPort?.on('message', async (message) => {
  if (message !== 'stop') return;
  // How busy the bot's thread was under the load: near 1, every event waits for others.
  const loop = performance.eventLoopUtilization(busySince).utilization;
  await bot.idle();
  await bot.stop();
  await database.close();
  parentPort?.postMessage({ type: 'stopped', loop });
});
