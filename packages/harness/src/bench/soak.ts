import { cpus, totalmem } from 'node:os';
import { REST_HANDLER_SWEEP_MS } from 'guts/src/discord/discord-client.ts';
import { runSoak, type SoakMode } from '../load/soak.ts';
import { growthFromMinuteOf, soakReport } from '../load/soak-report.ts';
import type { Bench } from './types.ts';

/** `--name value` from a bench's flags, as a number (0 where `zero` allows it). */
function numberFlag(flags: string[], name: string, fallback: number, zero = false): number {
  const at = flags.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(flags[at + 1]);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zero)) {
    throw new Error(`--${name} takes a positive number${zero ? ' or 0' : ''}`);
  }
  return value;
}

/** `--cards emojis|pictures`: how the run's cards show (emojis by default). */
function cardsFlag(flags: string[]): 'emojis' | 'pictures' {
  const at = flags.indexOf('--cards');
  if (at < 0) return 'emojis';
  const value = flags[at + 1];
  if (value !== 'emojis' && value !== 'pictures') throw new Error('--cards takes emojis or pictures');
  return value;
}

/**
 * `guts-harness bench soak --minutes 30 --tables 10`: the bot plays for that long against the
 * local Discord, tables opening and ending games all along ('openAndEnd'), then again for
 * `--long-minutes` (as long by default; 0 skips it) with each table playing one game
 * without end, every press on the table message ('longGame'); each run reports what the
 * bot holds every 30 s (`--sample-seconds`): resident memory, each thread's heap after a
 * collection, REST queues and route hashes, caches, the database's bytes; with the growth
 * per 1,000 deals past the 15 minutes a token lives (target: 2 MB of resident memory,
 * heaps flat) and the ledger's audit at the end. `--token-minutes` shortens how long the
 * bot uses a token, so a shorter run gets past that horizon (`--growth-from-minute`
 * says from when growth is read: by default minute 17, or half a run shorter than 20
 * minutes). The result is the open-and-end run's report, with the long game's under
 * `longGame` and both slopes side by side under `rssMbPer1000DealsByMode`. `--cards pictures`
 * plays both runs without the card emojis (the bot draws every hand); `--minutes 0` skips
 * the open-and-end run; `--long-press-after-seconds` holds the long games' presses back,
 * so a run reads past minute 17 before a game reaches its 1,024th deal. Not part of a
 * plain `guts-harness bench` run of everything: only when named.
 */
export const benches: Bench[] = [
  {
    name: 'soak',
    onlyWhenNamed: true,
    flags: Object.fromEntries(
      [
        'minutes',
        'long-minutes',
        'cards',
        'long-press-after-seconds',
        'tables',
        'rest-sweep-seconds',
        'token-minutes',
        'growth-from-minute',
        'deals-per-game',
        'sample-seconds',
      ].map((name) => [name, { type: 'string' }] as const),
    ),
    async run(flags) {
      const minutes = numberFlag(flags, 'minutes', 30, true);
      const longMinutes = numberFlag(flags, 'long-minutes', minutes, true);
      if (!minutes && !longMinutes) throw new Error('--minutes and --long-minutes are both 0: nothing to run');
      const cards = cardsFlag(flags);
      const longPressAfterMs = numberFlag(flags, 'long-press-after-seconds', 0, true) * 1000;
      const tables = numberFlag(flags, 'tables', 10);
      const sweepMs = numberFlag(flags, 'rest-sweep-seconds', REST_HANDLER_SWEEP_MS / 1000) * 1000;
      const tokenMinutes = numberFlag(flags, 'token-minutes', 0, true);
      const fromMinuteFlag = numberFlag(flags, 'growth-from-minute', 0, true);
      const soak = async (mode: SoakMode, runMinutes: number) => {
        const run = await runSoak({
          mode,
          minutes: runMinutes,
          tables,
          playersPerTable: 3,
          dealsPerGame: numberFlag(flags, 'deals-per-game', 20),
          sampleEveryMs: numberFlag(flags, 'sample-seconds', 30) * 1000,
          pressWithinMs: 1_500,
          pauseMs: 1_000,
          restHandlerSweepMs: sweepMs,
          cards,
          longPressAfterMs,
          afterSweepWaitMs: sweepMs + 5_000,
          ...(tokenMinutes ? { tokenFreshMs: tokenMinutes * 60_000 } : {}),
        });
        return { mode, ...soakReport(run, runMinutes, fromMinuteFlag || growthFromMinuteOf(runMinutes)) };
      };
      const openAndEnd = minutes ? await soak('openAndEnd', minutes) : null;
      const longGame = longMinutes ? await soak('longGame', longMinutes) : null;
      const cpu = cpus();
      return {
        ...(openAndEnd ?? { name: 'soak', mode: null }),
        longGame,
        cards,
        longPressAfterSeconds: longPressAfterMs / 1000,
        rssMbPer1000DealsByMode: {
          openAndEnd: openAndEnd?.growth.rssMbPer1000Deals ?? null,
          longGame: longGame?.growth.rssMbPer1000Deals ?? null,
        },
        tokenMinutes: tokenMinutes || null,
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
