import { availableParallelism } from 'node:os';
import { runTableLoad, TWO_HUNDRED_TABLES_OF_FIVE } from '../load/table-load.ts';
import type { Bench } from './types.ts';

/**
 * The bot under load through the local Discord: 200 tables, 5 players each, four
 * deals per table, everyone pressing within a quarter second (as fast as the bot
 * lets them). Reports acknowledgement latency (gateway dispatch to callback
 * received; target p99 < 100 ms, none missing the 3-second deadline) and deals
 * settled per second across tables (target 200; the seconds include opening the
 * tables).
 *
 * The bot's cost per deal, three ways (the bot runs in a thread of its own; pictures
 * and odds, and SQLite commits, are on its helper threads and count in none of them):
 * - `botMsPerDeal` (target 5): the bot thread's own CPU time per settled deal, read
 *   from /proc/thread-self/stat (Linux; elsewhere the same as botElapsedMsPerDeal).
 *   The local Discord and its simulated players share the machine, so this is the
 *   honest figure of what the bot costs.
 * - `botElapsedMsPerDeal`: the bot thread's event loop busy time per settled deal, wall
 *   time: where there are fewer cores than busy threads, a bot thread that has work but
 *   waits for a core counts as busy, so this is at least botMsPerDeal.
 * - `botLoopUtilisation`: that busy time as a share of the run (near 1, events queue).
 * `cpuMsPerDeal` is the whole process: bot, helpers, local Discord and players.
 */
export const benches: Bench[] = [
  {
    name: 'ack-latency',
    results: ['e2e-deals'],
    async run(_args, { specCheck }) {
      const r = await runTableLoad({
        specCheck,
        ...TWO_HUNDRED_TABLES_OF_FIVE,
        timer: 30,
      });
      return [
        {
          name: 'ack-latency',
          p50Ms: Math.round(r.acks.p50Ms * 10) / 10,
          p99Ms: Math.round(r.acks.p99Ms * 10) / 10,
          missed: r.acks.missed,
          interactions: r.acks.dispatched,
          target: { p99Ms: 100, missed: 0 },
        },
        {
          name: 'e2e-deals',
          perSecond: Math.round(r.dealsSettled / r.seconds),
          deals: r.dealsSettled,
          settledTwice: r.settledTwice,
          seconds: r.seconds,
          cpuMsPerDeal: Math.round(r.cpuMsPerDeal * 10) / 10,
          botLoopUtilisation: Math.round(r.botLoopUtilisation * 100) / 100,
          botMsPerDeal: Math.round(r.botCpuMsPerDeal * 10) / 10,
          botElapsedMsPerDeal: Math.round(r.botElapsedMsPerDeal * 10) / 10,
          // Pictures and odds are niceties with a 2 s timeout: how many went out without.
          pictures: r.offload.pictures,
          odds: r.offload.odds,
          cpus: availableParallelism(),
          target: { perSecond: 200, botMsPerDeal: 5 },
        },
      ];
    },
  },
  {
    name: 'discord-calls',
    results: ['discord-calls'],
    async run(_args, { specCheck }) {
      // One five-player table of three-card guts, deal after deal: every REST call the
      // bot makes from the host's Deal to the last result, as the local Discord counts them.
      const deals = 10;
      const r = await runTableLoad({
        specCheck,
        tables: 1,
        playersPerTable: 5,
        dealsPerTable: deals,
        startWithinMs: 0,
        pressWithinMs: 250,
        timer: 30,
      });
      const perDeal = (n: number) => Math.round((n / deals) * 10) / 10;
      return [
        {
          name: 'discord-calls',
          deals,
          globalPerDeal: perDeal(r.dealRequests.global),
          exemptPerDeal: perDeal(r.dealRequests.exempt),
          byRoute: Object.fromEntries(Object.entries(r.dealRequests.byRoute).map(([k, n]) => [k, perDeal(n)])),
          // Every file the deal uploaded (cards, boards, showdowns), five players.
          uploadKbPerDeal: perDeal(r.dealRequests.uploadBytes / 1024),
          target: { globalPerDeal: 2, uploadKbPerDeal: 30 },
        },
      ];
    },
  },
];
