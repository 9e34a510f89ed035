import { availableParallelism } from 'node:os';
import { canPin } from '../load/affinity.ts';
import { runShardLoad, type ShardLoadOptions, type ShardLoadResult } from '../load/shard-load.ts';
import { TWO_HUNDRED_TABLES_OF_FIVE } from '../load/table-load.ts';
import type { Bench } from './types.ts';

/**
 * `shardScaling`: the 200-table `e2e-deals` load (tables of five pressing as fast as
 * the bot lets them, four deals each) through the local Discord, against the bot as one
 * process and as two shard processes on this machine (one server per shard, the tables
 * split between them, one SQLite file; `inTurn` gives one process two servers).
 *
 * - `oneProcess.botCpuMsPerDeal` is the bot's whole process (every thread: its own,
 *   the step writer, the odds and picture threads, V8's collector and compiler), per
 *   settled deal, once every process is warm (shard-load.ts): target at most 12.
 *   `oneProcess.botThreadMsPerDeal` is the bot's own thread of it (the process's main
 *   thread, where `guts start` runs the bot): target at most 6. (`e2e-deals.botMsPerDeal`
 *   is the same thread over a single playing of the load: start-up, compiling and
 *   opening the tables included.)
 * - `ratio` is the two processes' CPU per deal over the one's. On this machine it is not
 *   what sharding costs alone: two shard processes and the load (the local Discord and
 *   its players) are three busy processes on two cores, and a process that shares a core
 *   pays for it in CPU time (`coreSharing`); each is also half as busy as the one
 *   (`equalLoad`). Target at most 1.1 with a core for each process
 *   (`target.withACorePerProcess`).
 * - `inTurn.ratio` is what the shards themselves spend: the same load, its two servers'
 *   tables played one server after the other, by two shard processes (one plays, the
 *   other waits, connected) and by one process (both servers). The playing process then
 *   has the cores one process has and as many tables at a time, so what is left is
 *   sharding's own cost: a second process kept up, its idle time, any work done twice.
 *   What only two shards playing at once can cost (both writing the one SQLite file)
 *   it cannot see; `equalLoad` plays them at once. Target at most 1.1: "shards cost
 *   nothing extra" as this two-core machine can show it.
 *
 * The setups alternate, ROUNDS times each, and each figure is the median of its
 * rounds: on a shared machine a busy moment then spoils one round, not the ratio.
 * `throughputRatio` is deals per second, two over one: scaling needs more cores than
 * this two-core machine (shared with the local Discord and its players) has.
 *
 * `equalLoad` is sharding as it is used, a shard added as the servers grow: one process
 * carrying half the load (100 tables) against the two shard processes above, carrying
 * half each, every process warmed on as many deals (ROUNDS times, alternating with the
 * others). `equalLoad.ratio`, the two's CPU per deal over the one's, is what a shard
 * costs beyond the same work in one process; the two still share two cores with the
 * load, so its 1.1 too wants a core for each process. `ratio` splits one load
 * over two processes, so each is half as busy, and a process spends more per deal the
 * less busy it is (more wake-ups for the same work): one process alone at half the load
 * pays that too.
 *
 * `coreSharing` says what sharing a core costs by itself: one process, kept on a core
 * of its own (the local Discord and its players on the other), then on the local
 * Discord's core, CORE_SHARING_ROUNDS times each (Linux with taskset; else null). Two
 * shard processes and the load cannot each have a core of two: when a process shares
 * one, its neighbour evicts its caches and each deal takes more CPU time. That is the
 * machine, not sharding; but a process alone on a shared core is also busier, and a
 * busier process spends less per deal, so the two cannot be divided out of `ratio`.
 */
const ROUNDS = 5;
const CORE_SHARING_ROUNDS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round = (x: number) => Math.round(x * 10) / 10;
/** One figure over another, to two decimals. */
const ratioOf = (x: number, over: number) => Math.round((x / Math.max(1e-9, over)) * 100) / 100;
/** The median round's CPU per deal of the bot processes (ms). */
const cpuPerDeal = (rounds: ShardLoadResult[]) => median(rounds.map((r) => r.botCpuMsPerDeal));
/** What every round must show whatever its CPU: no deal settled twice, no answer refused, the ledger's audit clean. */
const checksOf = (rounds: ShardLoadResult[]) => ({
  settledTwice: Math.max(...rounds.map((x) => x.settledTwice)),
  refused: rounds.reduce((n, x) => n + x.refused.length, 0),
  auditOk: rounds.every((x) => x.auditOk),
});
/** That, and each round's, with the REST requests the bots made per deal (median): work done twice would show. */
const cpuSummary = (rounds: ShardLoadResult[]) => ({
  botCpuMsPerDeal: round(cpuPerDeal(rounds)),
  byRound: rounds.map((r) => round(r.botCpuMsPerDeal)),
  requestsPerDeal: round(median(rounds.map((r) => r.requestsPerDeal))),
});

/** The round whose CPU per deal is the median, summed up. */
function summary(rounds: ShardLoadResult[]) {
  const r = [...rounds].sort((a, b) => a.botCpuMsPerDeal - b.botCpuMsPerDeal)[Math.floor(rounds.length / 2)];
  if (!r) throw new Error('no round ran');
  return {
    perSecond: round(median(rounds.map((x) => x.perSecond))),
    deals: r.dealsSettled,
    seconds: r.seconds,
    ...checksOf(rounds),
    // What the refusals said (a few, distinct): a load that lost its way says where.
    refusedSaying: [...new Set(rounds.flatMap((x) => x.refused))].slice(0, 3),
    botCpuMsPerDeal: round(r.botCpuMsPerDeal),
    botCpuMsPerDealByRound: rounds.map((x) => round(x.botCpuMsPerDeal)),
    // The bot's own thread (each process's main thread) of that: the median round's, and each round's.
    botThreadMsPerDeal: r.botThreadMsPerDeal === null ? null : round(r.botThreadMsPerDeal),
    botThreadMsPerDealByRound: rounds.map((x) => (x.botThreadMsPerDeal === null ? null : round(x.botThreadMsPerDeal))),
    generatorCpuMsPerDeal: round(r.generatorCpuMsPerDeal),
    requestsPerDeal: round(r.requestsPerDeal),
    // Core-seconds over the median round: each bot process, the local Discord with its players, other programs.
    coreSeconds: {
      botProcesses: r.cpu.botProcesses.map((ms) => round(ms / 1000)),
      loadGenerator: round(r.cpu.loadGenerator / 1000),
      others: r.cpu.others === null ? null : round(r.cpu.others / 1000),
      wallSeconds: round(r.seconds),
    },
  };
}

export const benches: Bench[] = [
  {
    name: 'shardScaling',
    async run(_args, { specCheck }) {
      const load: Omit<ShardLoadOptions, 'processes'> = {
        specCheck,
        ...TWO_HUNDRED_TABLES_OF_FIVE,
      };
      const one: ShardLoadResult[] = [];
      const two: ShardLoadResult[] = [];
      const half: ShardLoadResult[] = [];
      const oneInTurn: ShardLoadResult[] = [];
      const twoInTurn: ShardLoadResult[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        one.push(await runShardLoad({ ...load, processes: 1 }));
        two.push(await runShardLoad({ ...load, processes: 2 }));
        half.push(await runShardLoad({ ...load, processes: 1, tables: load.tables / 2, warmUpTables: load.tables }));
        oneInTurn.push(await runShardLoad({ ...load, processes: 1, inTurn: true }));
        twoInTurn.push(await runShardLoad({ ...load, processes: 2, inTurn: true }));
      }
      const oneCpu = cpuPerDeal(one);
      const twoCpu = cpuPerDeal(two);
      const onePerSecond = median(one.map((r) => r.perSecond));
      const twoPerSecond = median(two.map((r) => r.perSecond));
      const twoGenerator = median(two.map((r) => r.generatorCpuMsPerDeal));
      const cpus = availableParallelism();
      // Two processes carrying 100 tables each are the `two` rounds: the same runs, not new ones.
      const equalLoad = {
        oneProcess: { tables: load.tables / 2, ...cpuSummary(half) },
        twoProcesses: { tables: load.tables, botCpuMsPerDeal: round(twoCpu) },
        ratio: ratioOf(twoCpu, cpuPerDeal(half)),
        ...checksOf(half),
      };
      const inTurn = {
        oneProcess: cpuSummary(oneInTurn),
        twoProcesses: cpuSummary(twoInTurn),
        ratio: ratioOf(cpuPerDeal(twoInTurn), cpuPerDeal(oneInTurn)),
        ...checksOf([...oneInTurn, ...twoInTurn]),
      };
      let coreSharing = null;
      if (canPin() && cpus >= 2) {
        const own: ShardLoadResult[] = [];
        const shared: ShardLoadResult[] = [];
        for (let i = 0; i < CORE_SHARING_ROUNDS; i++) {
          own.push(await runShardLoad({ ...load, processes: 1, cores: { bots: '1', generator: '0' } }));
          shared.push(await runShardLoad({ ...load, processes: 1, cores: { bots: '0', generator: '0' } }));
        }
        coreSharing = {
          ownCore: cpuSummary(own),
          sharedCore: cpuSummary(shared),
          ratio: ratioOf(cpuPerDeal(shared), cpuPerDeal(own)),
          rounds: CORE_SHARING_ROUNDS,
        };
      }
      // What the CPU per deal allows two processes on this machine at best (not a measurement):
      // every core busy with the bots' and the generator's work per deal, over one process's measured rate.
      const twoProcessCeiling = Math.min(2 * onePerSecond, (cpus * 1000) / Math.max(1e-9, twoCpu + twoGenerator));
      return {
        name: 'shardScaling',
        ratio: ratioOf(twoCpu, oneCpu),
        throughputRatio: ratioOf(twoPerSecond, onePerSecond),
        oneProcess: summary(one),
        twoProcesses: summary(two),
        ceilingRatio: ratioOf(twoProcessCeiling, onePerSecond),
        inTurn,
        equalLoad,
        coreSharing,
        rounds: ROUNDS,
        cpus,
        target: {
          inTurnRatio: 1.1,
          botCpuMsPerDeal: 12,
          botThreadMsPerDeal: 6,
          withACorePerProcess: { ratio: 1.1, equalLoadRatio: 1.1 },
        },
      };
    },
  },
];
