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
    async run() {
      const load: Omit<ShardLoadOptions, 'processes'> = {
        tables: 120,
        playersPerTable: 5,
        dealsPerTable: 4,
        startWithinMs: 2_000,
        pressWithinMs: 250,
      };
      const one = await runShardLoad({ ...load, processes: 1 });
      const two = await runShardLoad({ ...load, processes: 2 });
      const summary = (r: typeof one) => ({
        perSecond: Math.round(r.perSecond * 10) / 10,
        deals: r.dealsSettled,
        seconds: r.seconds,
        settledTwice: r.settledTwice,
        auditOk: r.auditOk,
        botCpuMsPerDeal: Math.round(r.botCpuMsPerDeal * 10) / 10,
      });
      return {
        name: 'shardScaling',
        ratio: Math.round((two.perSecond / Math.max(1e-9, one.perSecond)) * 100) / 100,
        oneProcess: summary(one),
        twoProcesses: summary(two),
        cpus: availableParallelism(),
        target: { ratio: 1.6 },
      };
    },
  },
];
