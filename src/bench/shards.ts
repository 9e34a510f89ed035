import { availableParallelism } from 'node:os';
import { runShardLoad, type ShardLoadOptions } from '../load/shard-load.ts';
import type { Bench } from './types.ts';

/**
 * `shardScaling`: the `e2e-deals` load (tables of five pressing as fast as the bot lets
 * them, four deals each) through the local Discord, against the bot as one process and
 * as two shard processes on this machine (one server per shard, the tables split
 * between them, one SQLite file). `ratio` is what sharding costs: the two processes'
 * CPU per deal (all their threads) over the one's, target at most 1.1.
 * `throughputRatio` is deals per second, two over one: scaling needs more cores than
 * this two-core machine (shared with the local Discord and its players) has.
 */
export const benches: Bench[] = [
  {
    name: 'shardScaling',
    async run(_args, { specCheck }) {
      const load: Omit<ShardLoadOptions, 'processes'> = {
        specCheck,
        tables: 120,
        playersPerTable: 5,
        dealsPerTable: 4,
        startWithinMs: 2_000,
        pressWithinMs: 250,
      };
      const one = await runShardLoad({ ...load, processes: 1 });
      const two = await runShardLoad({ ...load, processes: 2 });
      const round = (x: number) => Math.round(x * 10) / 10;
      const summary = (r: typeof one) => ({
        perSecond: round(r.perSecond),
        deals: r.dealsSettled,
        seconds: r.seconds,
        settledTwice: r.settledTwice,
        refused: r.refused.length,
        // What the refusals said (a few, distinct): a load that lost its way says where.
        refusedSaying: [...new Set(r.refused)].slice(0, 3),
        auditOk: r.auditOk,
        botCpuMsPerDeal: round(r.botCpuMsPerDeal),
        generatorCpuMsPerDeal: round(r.generatorCpuMsPerDeal),
        requestsPerDeal: round(r.requestsPerDeal),
        // Core-seconds over the run: each bot process, the local Discord with its players, other programs.
        coreSeconds: {
          botProcesses: r.cpu.botProcesses.map((ms) => round(ms / 1000)),
          loadGenerator: round(r.cpu.loadGenerator / 1000),
          others: r.cpu.others === null ? null : round(r.cpu.others / 1000),
          wallSeconds: round(r.seconds),
        },
      });
      const cpus = availableParallelism();
      // What the CPU per deal allows two processes on this machine at best (not a measurement):
      // every core busy with the bots' and the generator's work per deal, over one process's measured rate.
      const twoProcessCeiling = Math.min(
        2 * one.perSecond,
        (cpus * 1000) / Math.max(1e-9, two.botCpuMsPerDeal + two.generatorCpuMsPerDeal),
      );
      return {
        name: 'shardScaling',
        ratio: Math.round((two.botCpuMsPerDeal / Math.max(1e-9, one.botCpuMsPerDeal)) * 100) / 100,
        throughputRatio: Math.round((two.perSecond / Math.max(1e-9, one.perSecond)) * 100) / 100,
        oneProcess: summary(one),
        twoProcesses: summary(two),
        ceilingRatio: Math.round((twoProcessCeiling / Math.max(1e-9, one.perSecond)) * 100) / 100,
        cpus,
        target: { ratio: 1.1, botCpuMsPerDeal: 12 },
      };
    },
  },
];
