import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { OffloadCounts } from 'guts/src/discord/offload.ts';
import { threadCpuMs } from './cpu.ts';
import { type LoadBotSettings, startLoadBot } from './load-bot.ts';
import { profileThisThread } from './profile.ts';

/**
 * The bot in a thread of its own, for load runs: the local Discord and its simulated
 * players live on the main thread, as Discord and its users live elsewhere, so the
 * bot's event loop carries only the bot's work.
 */
export interface BotWorkerData extends Omit<LoadBotSettings, 'shard'> {
  module: string;
}

/** What the bot thread says once started: where it serves the Activity (`activity` set), else null. */
export interface BotWorkerReady {
  type: 'ready';
  activityPort: number | null;
}

/** What the bot thread reports when stopped, from 'ready' to 'stop'. */
export interface BotWorkerStopped {
  type: 'stopped';
  /** Event loop utilisation (0-1). */
  loop: number;
  /** Event loop busy, ms (wall time). */
  busyMs: number;
  /** CPU time of the bot's thread, ms (Linux), null elsewhere. */
  cpuMs: number | null;
  /** Pictures and odds asked of the helper thread, and how many timed out or failed (sent without). */
  offload: OffloadCounts;
}

const data = workerData as BotWorkerData;
const { bot, database } = await startLoadBot(data);
const busySince = performance.eventLoopUtilization();
const cpuSince = threadCpuMs();
const stopProfile = await profileThisThread();
parentPort?.postMessage({ type: 'ready', activityPort: bot.activityPort() } satisfies BotWorkerReady);
parentPort?.on('message', async (message) => {
  if (message !== 'stop') return;
  // How busy the bot's thread was under the load: near 1, every event waits for others.
  // Wall time: on a machine with fewer cores than busy threads, time the thread waited
  // for a core while it had work counts as busy too.
  const elu = performance.eventLoopUtilization(busySince);
  // The thread's own CPU time over the same span (null off Linux).
  const cpuNow = threadCpuMs();
  const cpuMs = cpuSince !== null && cpuNow !== null ? cpuNow - cpuSince : null;
  await stopProfile();
  await bot.idle();
  await bot.stop();
  await database.close();
  const stopped: BotWorkerStopped = {
    type: 'stopped',
    loop: elu.utilization,
    busyMs: elu.active,
    cpuMs,
    offload: bot.offloadCounts(),
  };
  parentPort?.postMessage(stopped);
});
