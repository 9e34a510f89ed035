// One shard of the bot as a process of its own, for the `shardScaling` bench
// (shard-load.ts): what a child of the sharding manager runs, with the load runs'
// settings (a short pause between deals, no REST limit of its own: the local Discord
// has none). Usage: node --import tsx shard-process.ts (configured by GUTS_SHARD_LOAD, JSON).
// Prints "ready" once serving; on SIGTERM waits for its work, stops, prints its stats.
// With LOAD_CPU_PROF or LOAD_HEAP_PROF set, writes profiles of its main thread from ready
// to SIGTERM (profile.ts).
import { performance } from 'node:perf_hooks';
import { startLoadBot } from './load-bot.ts';
import { profileThisThread } from './profile.ts';

export interface ShardProcessConfig {
  token: string;
  apiUrl: string;
  dbUrl: string;
  shard: number;
  shardCount: number;
  pauseMs: number;
  seed: number;
  logLevel: string;
}

const config = JSON.parse(process.env.GUTS_SHARD_LOAD ?? '{}') as ShardProcessConfig;
const { bot, database } = await startLoadBot({ ...config, shard: { id: config.shard, count: config.shardCount } });
const stopProfile = await profileThisThread();
const busySince = performance.eventLoopUtilization();
const cpuSince = process.cpuUsage();
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  const loop = performance.eventLoopUtilization(busySince).utilization;
  const cpu = process.cpuUsage(cpuSince);
  void (async () => {
    await stopProfile();
    await bot.idle();
    await bot.stop();
    await database.close();
    process.stdout.write(`${JSON.stringify({ loop, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
    process.exit(0);
  })();
});
