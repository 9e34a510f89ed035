import { availableParallelism } from 'node:os';
import { runShardLoad, type ShardLoadOptions } from '../load/shard-load.ts';
import type { Bench } from './types.ts';

/**
 * `shardScaling`: the `e2e-deals` load (tables of five pressing as fast as the bot lets
 * them, four deals each) through the local Discord, against the bot as one process and
 * as two shard processes on this machine (one server per shard, the tables split
 * between them, one SQLite file). Reports each throughput and their ratio; the goal is
 * 1.6x on two cores. The local Discord and its players run in this process and take
 * their share of the cores too.
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
        ratio: Math.round((two.perSecond / Math.max(1e-9, one.perSecond)) * 100) / 100,
        oneProcess: summary(one),
        twoProcesses: summary(two),
        ceilingRatio: Math.round((twoProcessCeiling / Math.max(1e-9, one.perSecond)) * 100) / 100,
        cpus,
        target: { ratio: 1.6 },
      };
    },
  },
];
