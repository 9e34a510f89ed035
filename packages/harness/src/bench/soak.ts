import { cpus, totalmem } from 'node:os';
import { REST_HANDLER_SWEEP_MS } from 'guts/src/discord/discord-client.ts';
import { runSoak } from '../load/soak.ts';
import { soakReport } from '../load/soak-report.ts';
import type { Bench } from './types.ts';

/** `--name value` from a bench's flags, as a number. */
function numberFlag(flags: string[], name: string, fallback: number): number {
  const at = flags.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(flags[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

/**
 * `guts-harness bench soak --minutes 30 --tables 10`: the bot plays for that long against the
 * local Discord, tables opening and ending all along, and reports what it holds every
 * 30 s (`--sample-seconds`): resident memory, each thread's heap after a collection,
 * REST queues and route hashes, caches, the database's bytes; with the growth per 1,000
 * deals past the 15 minutes a token lives (target: 2 MB of resident memory, heaps flat)
 * and the ledger's audit at the end. Not part of a plain `guts-harness bench` run of everything:
 * only when named.
 */
export const benches: Bench[] = [
  {
    name: 'soak',
    onlyWhenNamed: true,
    async run(flags) {
      const minutes = numberFlag(flags, 'minutes', 30);
      const tables = numberFlag(flags, 'tables', 10);
      const sweepMs = numberFlag(flags, 'rest-sweep-seconds', REST_HANDLER_SWEEP_MS / 1000) * 1000;
      const run = await runSoak({
        minutes,
        tables,
        playersPerTable: 3,
        dealsPerGame: numberFlag(flags, 'deals-per-game', 20),
        sampleEveryMs: numberFlag(flags, 'sample-seconds', 30) * 1000,
        pressWithinMs: 1_500,
        pauseMs: 1_000,
        restHandlerSweepMs: sweepMs,
        afterSweepWaitMs: sweepMs + 5_000,
      });
      const cpu = cpus();
      return {
        ...soakReport(run, minutes),
        tables,
        playersPerTable: 3,
        machine: {
          cpu: cpu[0]?.model ?? 'unknown',
          cores: cpu.length,
          memoryGb: Math.round(totalmem() / 1024 ** 3),
          node: process.version,
        },
      };
    },
  },
];
