import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type LatencyStats, LocalDiscord, noRateLimits, type RequestCounts } from '@guts/local-discord';
import { REST, Routes } from 'discord.js';
import { Rng } from 'guts/src/cards/rng.ts';
import { openDatabase } from 'guts/src/db/index.ts';
import { uploadCardEmojis } from 'guts/src/discord/card-emojis.ts';
import { commandBodies } from 'guts/src/discord/command-registry.ts';
import { auditLedger } from 'guts/src/ledger/index.ts';
import { moduleUrl } from 'guts/src/modules.ts';
import { botFile } from '../bot-files.ts';
import { ActivityPlayer, ANSWER_DEADLINE_MS, LOAD_ACTIVITY_LIMITS } from './activity-players.ts';
import type { BotWorkerData, BotWorkerReady, BotWorkerStopped } from './bot-worker.ts';
import { LoadPlayers, type LoadTable } from './players.ts';
import { settledDeals } from './settled.ts';

/**
 * Many tables at once through the real bot and the local Discord: every table opens,
 * seats its players and plays deals of three-card guts in which everyone presses
 * at a random moment. The bot runs in its own thread (see bot-worker.ts). Shared by
 * the load test (correctness under load) and the `ack-latency` / `e2e-deals`
 * benchmarks (how fast).
 */
export interface TableLoadOptions {
  tables: number;
  playersPerTable: number;
  dealsPerTable: number;
  /** Hosts type /guts start at a random moment within this many ms. */
  startWithinMs: number;
  /** Presses land at a random moment within this many ms of the table message. */
  pressWithinMs: number;
  /** The declaration countdown, seconds (10-300). */
  timer: number;
  seed?: number;
  /** Check the REST traffic against Discord's spec (LocalDiscordOptions.specCheck). Default on; benches turn it off. */
  specCheck?: boolean;
  /**
   * The bot serves the Activity (ACTIVITY_PORT), and at each table one player (not the
   * host) plays from it: signed in, their page's WebSocket open before the game, they press
   * Stay from the page; the others on buttons.
   */
  activityPlayer?: boolean;
  /** The bot serves the Activity, and nobody opens it (what serving it costs alone). */
  activityServed?: boolean;
}

/** Presses from the Activity's page, from sending to the answer over the WebSocket. */
export interface PagePressStats {
  presses: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answered after ANSWER_DEADLINE_MS (never is a failed run). */
  missed: number;
}

export interface TableLoadResult {
  acks: LatencyStats;
  /** Deals settled (DealEnded events committed), and how many deals settled more than once. */
  dealsSettled: number;
  settledTwice: number;
  /** From the first command to the last result, seconds. */
  seconds: number;
  /** CPU time of the whole process (bot, its helper threads, the local Discord and the players) per deal settled. */
  cpuMsPerDeal: number;
  /** Share of the run the bot's thread was busy (event loop utilisation, 0-1: wall time, so waiting for a core counts). */
  botLoopUtilisation: number;
  /** The bot thread's event loop busy time per deal settled, ms (wall time, like botLoopUtilisation). */
  botElapsedMsPerDeal: number;
  /**
   * The bot thread's own CPU time per deal settled, ms (Linux: /proc/thread-self/stat;
   * elsewhere the loop's busy time, as botElapsedMsPerDeal). Not its helper threads
   * (step writer, pictures and odds) nor V8's background GC threads.
   */
  botCpuMsPerDeal: number;
  /** Pictures and odds the bot asked its helper thread for, and how many went out without (timed out or failed). */
  offload: BotWorkerStopped['offload'];
  auditOk: boolean;
  /** Answers that were refusals or errors rather than what the player asked for. */
  refused: string[];
  /**
   * REST requests from the first Deal press to the last result, split by Discord's
   * global limit (table 0's deals only make sense of it: run one table to measure).
   */
  dealRequests: { global: number; exempt: number; byRoute: Record<string, number>; uploadBytes: number };
  /** With `activityPlayer`: the presses from the page; else null. */
  pagePresses: PagePressStats | null;
  /** With `activityPlayer`: the same presses to their answer (the step committed); else null. */
  pageAnswers: PagePressStats | null;
}

function pagePressStats(ms: number[]): PagePressStats {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return {
    presses: sorted.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1) ?? 0,
    missed: sorted.filter((m) => m > ANSWER_DEADLINE_MS).length,
  };
}

function botThread(
  data: Omit<BotWorkerData, 'module'>,
): Promise<{ activityPort: number | null; stop(): Promise<BotWorkerStopped> }> {
  const worker = new Worker(botFile('src/threads/boot.js'), {
    workerData: { ...data, module: moduleUrl('./bot-worker', import.meta.url).href },
  });
  const next = (what: string) =>
    new Promise<unknown>((resolve, reject) => {
      const onMessage = (m: unknown) => {
        if (m === what || (m as { type?: string } | null)?.type === what) {
          worker.off('message', onMessage);
          resolve(m);
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  return next('ready').then((ready) => ({
    activityPort: (ready as BotWorkerReady).activityPort,
    async stop() {
      const stopped = next('stopped') as Promise<BotWorkerStopped>;
      worker.postMessage('stop');
      const stats = await stopped;
      await worker.terminate();
      return stats;
    },
  }));
}

function countsBetween(from: RequestCounts | null, to: RequestCounts | null): TableLoadResult['dealRequests'] {
  const byRoute: Record<string, number> = {};
  for (const [route, { count }] of Object.entries(to?.byRoute ?? {})) {
    const delta = count - (from?.byRoute[route]?.count ?? 0);
    if (delta > 0) byRoute[route] = delta;
  }
  return {
    global: (to?.global ?? 0) - (from?.global ?? 0),
    exempt: (to?.exempt ?? 0) - (from?.exempt ?? 0),
    byRoute,
    uploadBytes: (to?.uploadBytes ?? 0) - (from?.uploadBytes ?? 0),
  };
}

/**
 * The load, which the latency benches share: 200 tables of five, four deals each,
 * games opening within 2 s and every press within 250 ms of a deal.
 */
export const TWO_HUNDRED_TABLES_OF_FIVE = {
  tables: 200,
  playersPerTable: 5,
  dealsPerTable: 4,
  startWithinMs: 2_000,
  pressWithinMs: 250,
} as const;

export async function runTableLoad(options: TableLoadOptions): Promise<TableLoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-load-'));
  const dbUrl = `file:${join(dir, 'load.db')}`;
  const discord = new LocalDiscord({ rateLimits: noRateLimits, specCheck: options.specCheck ?? true });
  const { restBase } = await discord.start();
  const rng = Rng.fromSeed(options.seed ?? 7);
  try {
    const guild = discord.createGuild({ name: 'load' });
    const tables: LoadTable[] = Array.from({ length: options.tables }, (_, t) => ({
      channel: discord.createChannel(guild, { name: `table-${t}` }),
      players: Array.from({ length: options.playersPerTable }, (_, p) => discord.createUser({ name: `p${t}-${p}` })),
    }));
    const rest = new REST({ api: restBase }).setToken(discord.bot.token);
    // As `guts deploy-commands` leaves an application: its card emojis there before the bot starts.
    await uploadCardEmojis(rest, discord.bot.user.id);
    const bot = await botThread({
      token: discord.bot.token,
      apiUrl: restBase,
      dbUrl,
      pauseMs: 200,
      seed: options.seed ?? 7,
      logLevel: process.env.LOAD_LOG ?? 'silent',
      ...(options.activityPlayer || options.activityServed
        ? { activity: { clientSecret: discord.clientSecret, limits: LOAD_ACTIVITY_LIMITS } }
        : {}),
    });
    const body = await commandBodies();
    await rest.put(Routes.applicationGuildCommands(discord.bot.user.id, guild.id), { body });
    if (options.activityPlayer) {
      const base = `http://127.0.0.1:${bot.activityPort}`;
      await Promise.all(
        tables.map(async (table) => {
          const user = table.players[1];
          if (user) table.activity = await ActivityPlayer.connect(discord, base, user, table.channel);
        }),
      );
    }
    discord.resetLatency();
    const players = new LoadPlayers(discord, rng);
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    let countsAtDeal: RequestCounts | null = null;
    let countsAtEnd: RequestCounts | null = null;
    await players
      .play(tables, options, {
        beforeDeal: () => {
          countsAtDeal ??= discord.requestCounts();
        },
        afterLastResult: () => {
          countsAtEnd = discord.requestCounts();
        },
      })
      .finally(async () => {
        players.close();
        await Promise.all(tables.map((table) => table.activity?.close()));
      });
    const seconds = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const acks = discord.latency();
    const stopped = await bot.stop();
    const database = openDatabase(dbUrl);
    try {
      const { dealsSettled, settledTwice } = await settledDeals(database.db);
      const audit = await auditLedger(database.db);
      return {
        acks,
        dealsSettled,
        cpuMsPerDeal: (cpu.user + cpu.system) / 1000 / Math.max(1, dealsSettled),
        botLoopUtilisation: stopped.loop,
        botElapsedMsPerDeal: stopped.busyMs / Math.max(1, dealsSettled),
        botCpuMsPerDeal: (stopped.cpuMs ?? stopped.busyMs) / Math.max(1, dealsSettled),
        offload: stopped.offload,
        settledTwice,
        seconds,
        auditOk: audit.ok,
        refused: players.refused,
        dealRequests: countsBetween(countsAtDeal, countsAtEnd),
        pagePresses: options.activityPlayer ? pagePressStats(players.pagePresses) : null,
        pageAnswers: options.activityPlayer ? pagePressStats(players.pageAnswers) : null,
      };
    } finally {
      await database.close();
    }
  } finally {
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
