import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalDiscord, noRateLimits } from '@guts/local-discord';
import { REST, Routes } from 'discord.js';
import { Rng } from 'guts/src/cards/rng.ts';
import { migrateToLatest, openDatabase } from 'guts/src/db/index.ts';
import { uploadCardEmojis } from 'guts/src/discord/card-emojis.ts';
import { commandBodies } from 'guts/src/discord/command-registry.ts';
import { auditLedger } from 'guts/src/ledger/index.ts';
import { LOADER_ARGS, moduleUrl } from 'guts/src/modules.ts';
import { BOT_NODE_OPTIONS } from 'guts/src/node-options.ts';
import { repositoryRoot } from '../bot-files.ts';
import { onCores, pinThisProcess } from './affinity.ts';
import { machineBusyMs, mainThreadCpuMs, processCpuMs } from './cpu.ts';
import { LoadPlayers } from './players.ts';
import { settledDeals } from './settled.ts';
import type { ShardProcessConfig } from './shard-process.ts';

/**
 * The `e2e-deals` load (tables of five playing deals of three-card guts as fast as the
 * bot lets them) against the bot run as `processes` shard processes on this machine,
 * one per shard, all on one SQLite file: the `shardScaling` bench compares one process
 * with two. The tables are spread evenly over one server per shard (two servers on one
 * process when played `inTurn`).
 */
export interface ShardLoadOptions {
  processes: number;
  tables: number;
  playersPerTable: number;
  dealsPerTable: number;
  startWithinMs: number;
  pressWithinMs: number;
  seed?: number;
  /** Check the REST traffic against Discord's spec (LocalDiscordOptions.specCheck). Default on; benches turn it off. */
  specCheck?: boolean;
  /**
   * The cores (taskset's lists: "0", "1", "0,1") the bot processes and this process (the
   * local Discord and its players) are kept on: how the bench shows what sharing a core
   * costs (affinity.ts; Linux with taskset only). Default: wherever the system runs them.
   */
  cores?: { bots: string; generator: string };
  /** Tables of the warm-up playings (default `tables`): a process warms on as many deals whatever its measured load. */
  warmUpTables?: number;
  /**
   * Play the measured load one server at a time (at least two servers, whatever the
   * processes): with two processes, one shard plays while the other waits, so each has
   * the cores one process has, and the CPU per deal is what the shards themselves spend
   * (see `shardScaling`'s `inTurn`). Default: every table at once.
   */
  inTurn?: boolean;
}

/** The server (of `servers`, numbered from 0) table `t` is in: the tables are dealt out in turn. */
export const serverOf = (t: number, servers: number): number => t % servers;

/** The tables in `inTurn`'s order: each server's together, server 0's first. */
export function turnsOf<T>(tables: T[], servers: number): T[][] {
  return Array.from({ length: servers }, (_, s) => tables.filter((_, t) => serverOf(t, servers) === s));
}

export interface ShardLoadResult {
  processes: number;
  dealsSettled: number;
  settledTwice: number;
  seconds: number;
  perSecond: number;
  auditOk: boolean;
  /** Answers that were refusals or errors rather than what the player asked for. */
  refused: string[];
  /** Players who pressed on the table message, their cards not offering Stay within 5 s (`LoadPlayers.cardsLate`). */
  cardsLate: number;
  /** How the measured load's Stay presses were made and acknowledged (`LoadPlayers.stays`). */
  stays: LoadPlayers['stays'];
  /** Each bot process's CPU time per settled deal, summed (ms). */
  botCpuMsPerDeal: number;
  /**
   * Of that, the bot's own thread (each process's main thread, where the bot runs; the
   * rest is its step writer, its helper threads and V8's): null off Linux.
   */
  botThreadMsPerDeal: number | null;
  /** Where the machine's CPU went from the first command to the last result (ms). */
  cpu: {
    /** Each bot process (all its threads). */
    botProcesses: number[];
    /** This process: the local Discord and the simulated players. */
    loadGenerator: number;
    /** Everything else the machine ran meanwhile (other programs): null off Linux. */
    others: number | null;
  };
  /** The load generator's CPU time per settled deal (ms). */
  generatorCpuMsPerDeal: number;
  /** REST requests the bot made per settled deal, in all and by route. */
  requestsPerDeal: number;
  byRoute: Record<string, number>;
}

/**
 * The load is measured once every process is warm: each compiles its hot paths (V8's
 * helper threads do most of it) and fills its caches (odds, emoji lines, language lines)
 * on its first deals. A bot runs for days; the run compares steady states. So each
 * process first plays WARM_UP_PLAYINGS times the load's deals: two processes play the
 * warm-up twice as often as one, since each gets half of every playing. (With one
 * playing each, two processes were still compiling in the measured run: at 80 tables
 * V8's helper threads took 4.3 ms a deal against one process's 1.9.) Then the run
 * waits until no warm-up game is left running, so none of their deals ends in the
 * measured time.
 */
const WARM_UP_PLAYINGS = 2;
/** The warm-up games' countdown: a deal the host's stop came too late for ends soon (seconds, the shortest allowed). */
const WARM_UP_TIMER = 10;
const root = repositoryRoot();
const script = fileURLToPath(moduleUrl('./shard-process', import.meta.url));

interface ShardProcess {
  /** CPU time so far (ms, all threads), from /proc; null off Linux. */
  cpuMs(): number | null;
  /** CPU time of its main thread so far (ms), from /proc; null off Linux. */
  mainThreadMs(): number | null;
  stop(): Promise<{ cpuMs: number }>;
}

function startShard(config: ShardProcessConfig, cores: string | undefined): Promise<ShardProcess> {
  const [command, args] = cores
    ? onCores(cores, process.execPath, [...BOT_NODE_OPTIONS, ...LOADER_ARGS, script])
    : [process.execPath, [...BOT_NODE_OPTIONS, ...LOADER_ARGS, script]];
  // taskset hands over to node in the same process, so the pid is the bot's.
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: { ...process.env, GUTS_SHARD_LOAD: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const parts = out.split('\n');
    out = parts.pop() ?? '';
    lines.push(...parts);
    for (const w of waiters.splice(0)) w();
  });
  const nextLine = (index: number) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (lines.length > index) resolve(lines[index] as string);
        else if (child.exitCode !== null) reject(new Error(`shard ${config.shard} exited with ${child.exitCode}`));
        else waiters.push(check);
      };
      child.once('exit', () => check());
      check();
    });
  return nextLine(0).then(() => ({
    cpuMs: () => (child.pid === undefined ? null : processCpuMs(child.pid)),
    mainThreadMs: () => (child.pid === undefined ? null : mainThreadCpuMs(child.pid)),
    async stop() {
      child.kill('SIGTERM');
      return JSON.parse(await nextLine(1)) as { cpuMs: number };
    },
  }));
}

/** Resolves once no table of the database has a game running (a minute at most). */
async function noGameRunning(dbUrl: string): Promise<void> {
  const read = openDatabase(dbUrl);
  try {
    for (const until = Date.now() + 60_000; Date.now() < until; ) {
      const running = await read.db
        .selectFrom('game_tables')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('running', '=', 1)
        .executeTakeFirstOrThrow();
      if (Number(running.n) === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('warm-up games still running after a minute');
  } finally {
    await read.close();
  }
}

export async function runShardLoad(options: ShardLoadOptions): Promise<ShardLoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-shard-load-'));
  const dbUrl = `file:${join(dir, 'load.db')}`;
  const count = options.processes;
  const discord = new LocalDiscord({ rateLimits: noRateLimits, shards: count, specCheck: options.specCheck ?? true });
  const { restBase } = await discord.start();
  const rng = Rng.fromSeed(options.seed ?? 7);
  const shards: ShardProcess[] = [];
  let unpin = () => {};
  try {
    if (options.cores) unpin = pinThisProcess(options.cores.generator);
    const inTurn = options.inTurn ?? false;
    // In turn, one process still gets two servers: it plays the same halves, one after the other.
    const servers = inTurn ? Math.max(2, count) : count;
    const guilds = Array.from({ length: servers }, (_, s) =>
      discord.createGuild({ name: `load ${s}`, shard: [s % count, count] }),
    );
    const tablesNamed = (tableCount: number, name: string) =>
      Array.from({ length: tableCount }, (_, t) => {
        const guild = guilds[serverOf(t, servers)] as (typeof guilds)[number];
        return {
          channel: discord.createChannel(guild, { name: `${name}-${t}` }),
          players: Array.from({ length: options.playersPerTable }, (_, p) =>
            discord.createUser({ name: `${name}${t}-${p}`, guilds: [guild] }),
          ),
        };
      });
    const tables = tablesNamed(options.tables, 'table');
    const warmUpTables = tablesNamed(options.warmUpTables ?? options.tables, 'warm-up');
    const database = openDatabase(dbUrl);
    await migrateToLatest(database.db); // once, before the shards share the file
    await database.close();
    const body = await commandBodies();
    const rest = new REST({ api: restBase }).setToken(discord.bot.token);
    await rest.put(Routes.applicationCommands(discord.bot.user.id), { body });
    // As `guts deploy-commands` leaves an application: its card emojis there before the bots start.
    await uploadCardEmojis(rest, discord.bot.user.id);
    for (let shard = 0; shard < count; shard++) {
      shards.push(
        await startShard(
          {
            token: discord.bot.token,
            apiUrl: restBase,
            dbUrl,
            shard,
            shardCount: count,
            pauseMs: 200,
            seed: options.seed ?? 7,
            logLevel: process.env.LOAD_LOG ?? 'silent',
          },
          options.cores?.bots,
        ),
      );
    }
    const players = new LoadPlayers(discord, rng);
    const settledSoFar = async () => {
      const read = openDatabase(dbUrl);
      try {
        return (await settledDeals(read.db)).dealsSettled;
      } finally {
        await read.close();
      }
    };
    for (let playing = 0; playing < WARM_UP_PLAYINGS * count; playing++) {
      await players.play(warmUpTables, { ...options, timer: WARM_UP_TIMER });
    }
    await noGameRunning(dbUrl);
    const warmUpDeals = await settledSoFar();
    const lateInWarmUp = players.cardsLate;
    const staysInWarmUp = { ...players.stays };
    const started = Date.now();
    const cpuAt = () => ({
      bots: shards.map((s) => s.cpuMs()),
      botThreads: shards.map((s) => s.mainThreadMs()),
      generator: process.cpuUsage(),
      machine: machineBusyMs(),
    });
    const before = cpuAt();
    discord.resetRequestCounts();
    try {
      for (const turn of inTurn ? turnsOf(tables, servers) : [tables]) {
        await players.play(turn, { ...options, timer: 30 });
      }
    } finally {
      players.close();
    }
    const seconds = (Date.now() - started) / 1000;
    const after = cpuAt();
    const generatorMs =
      (after.generator.user - before.generator.user + after.generator.system - before.generator.system) / 1000;
    const botMs = after.bots.map((ms, i) => (ms === null ? null : ms - (before.bots[i] ?? 0)));
    const botThreadMs = after.botThreads.map((ms, i) => {
      const from = before.botThreads[i];
      return ms === null || from === null || from === undefined ? null : ms - from;
    });
    const requests = discord.requestCounts();
    const stats = await Promise.all(shards.splice(0).map((s) => s.stop()));
    const check = openDatabase(dbUrl);
    try {
      const all = await settledDeals(check.db);
      const { settledTwice } = all;
      const dealsSettled = all.dealsSettled - warmUpDeals;
      return {
        processes: count,
        dealsSettled,
        settledTwice,
        seconds,
        perSecond: dealsSettled / seconds,
        auditOk: (await auditLedger(check.db)).ok,
        refused: players.refused,
        cardsLate: players.cardsLate - lateInWarmUp,
        stays: {
          onTable: players.stays.onTable - staysInWarmUp.onTable,
          onCardsAnswered: players.stays.onCardsAnswered - staysInWarmUp.onCardsAnswered,
          onCardsAckedFirst: players.stays.onCardsAckedFirst - staysInWarmUp.onCardsAckedFirst,
        },
        botCpuMsPerDeal:
          (botMs.every((ms) => ms !== null)
            ? (botMs as number[]).reduce((sum, ms) => sum + ms, 0)
            : stats.reduce((sum, s) => sum + s.cpuMs, 0)) / Math.max(1, dealsSettled),
        botThreadMsPerDeal: botThreadMs.every((ms) => ms !== null)
          ? (botThreadMs as number[]).reduce((sum, ms) => sum + ms, 0) / Math.max(1, dealsSettled)
          : null,
        cpu: {
          botProcesses: botMs.map((ms, i) => Math.round(ms ?? (stats[i] as { cpuMs: number }).cpuMs)),
          loadGenerator: Math.round(generatorMs),
          others:
            before.machine === null || after.machine === null || botMs.some((ms) => ms === null)
              ? null
              : Math.max(
                  0,
                  Math.round(
                    after.machine - before.machine - generatorMs - (botMs as number[]).reduce((a, b) => a + b, 0),
                  ),
                ),
        },
        generatorCpuMsPerDeal: generatorMs / Math.max(1, dealsSettled),
        requestsPerDeal: (requests.global + requests.exempt) / Math.max(1, dealsSettled),
        byRoute: Object.fromEntries(
          Object.entries(requests.byRoute).map(([k, v]) => [
            k,
            Math.round((v.count / Math.max(1, dealsSettled)) * 10) / 10,
          ]),
        ),
      };
    } finally {
      await check.close();
    }
  } finally {
    await Promise.all(
      shards.map((s) =>
        s.stop().catch((err: unknown) => process.stderr.write(`shard did not stop cleanly: ${String(err)}\n`)),
      ),
    );
    await discord.stop();
    unpin();
    rmSync(dir, { recursive: true, force: true });
  }
}
