import { measureIdleBot } from '../load/idle-bot.ts';
import type { Bench } from './types.ts';

/**
 * `memory`: resident memory of the bot as `guts start` runs it (the compiled build, its
 * own process; not npm, not the local Discord), idle after start-up in one server, then
 * in 1,000 and 2,000 more servers of 20 channels and 10 roles each. Growth per 1,000
 * servers is the least-squares slope over the three. Targets: 120 MB idle, 8 MB per
 * 1,000 servers.
 *
 * Each reading is taken once the bot has been left alone for SETTLE_MS: start-up in 2,000
 * servers parses their 2,000 GUILD_CREATEs in a burst, and V8 keeps the heap pages that
 * burst grew until its memory reducer sees the process quiet and collects (some 8 to 30
 * seconds on). Read at 10 s, 2,000 servers were 136 MB against 99 idle; at 40 s, 102
 * against 97: the burst, not the servers.
 */
const SETTLE_MS = 40_000;
const CHANNELS = 20;
const ROLES = 10;
const SERVERS = [0, 1_000, 2_000];

function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

export const benches: Bench[] = [
  {
    name: 'memory',
    async run() {
      const runs = [];
      for (const servers of SERVERS) {
        runs.push(
          await measureIdleBot({
            servers,
            channelsPerServer: CHANNELS,
            rolesPerServer: ROLES,
            settleMs: SETTLE_MS,
            readings: 5,
          }),
        );
      }
      const round = (x: number) => Math.round(x * 10) / 10;
      const idle = runs[0] as (typeof runs)[number];
      return {
        name: 'memory',
        idleMb: round(idle.residentMb),
        idleThreads: idle.threads,
        perThousandServersMb: round(slope(runs.map((r) => ({ x: r.servers / 1000, y: r.residentMb })))),
        runs: runs.map((r) => ({
          servers: r.servers,
          residentMb: round(r.residentMb),
          threads: r.threads,
          readySeconds: round(r.readyMs / 1000),
        })),
        serverShape: { channels: CHANNELS, roles: ROLES },
        target: { idleMb: 120, perThousandServersMb: 8 },
      };
    },
  },
];
