import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REST, Routes } from 'discord.js';
import { Rng } from '../cards/rng.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { uploadCardEmojis } from '../discord/card-emojis.ts';
import { commandBodies } from '../discord/command-registry.ts';
import { auditLedger } from '../ledger/index.ts';
import { LocalDiscord, noRateLimits } from '../local-discord/index.ts';
import { LOADER_ARGS, moduleUrl } from '../modules.ts';
import { machineBusyMs, processCpuMs } from './cpu.ts';
import { LoadPlayers } from './players.ts';
import { settledDeals } from './settled.ts';
import type { ShardProcessConfig } from './shard-process.ts';

/**
 * The `e2e-deals` load (tables of five playing deals of three-card guts as fast as the
 * bot lets them) against the bot run as `processes` shard processes on this machine,
 * one per shard, all on one SQLite file: the `shardScaling` bench compares one process
 * with two. The tables are spread evenly over one server per shard.
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
  /** Each bot process's CPU time per settled deal, summed (ms). */
  botCpuMsPerDeal: number;
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
 * The load is played twice, and the second time measured: each process compiles its hot
 * paths and fills its caches (odds, emoji lines, language lines) on its first deals, and
 * two processes, each playing half the deals, pay that twice in a short run. A bot runs
 * for days; the run compares steady states. (Ten warm-up tables left the two processes
 * still compiling in the measured run.)
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const script = fileURLToPath(moduleUrl('./shard-process', import.meta.url));

interface ShardProcess {
  /** CPU time so far (ms, all threads), from /proc; null off Linux. */
  cpuMs(): number | null;
  stop(): Promise<{ cpuMs: number }>;
}

function startShard(config: ShardProcessConfig): Promise<ShardProcess> {
  const child: ChildProcess = spawn(process.execPath, [...LOADER_ARGS, script], {
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
    async stop() {
      child.kill('SIGTERM');
      return JSON.parse(await nextLine(1)) as { cpuMs: number };
    },
  }));
}

export async function runShardLoad(options: ShardLoadOptions): Promise<ShardLoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-shard-load-'));
  const dbUrl = `file:${join(dir, 'load.db')}`;
  const count = options.processes;
  const discord = new LocalDiscord({ rateLimits: noRateLimits, shards: count, specCheck: options.specCheck ?? true });
  const { restBase } = await discord.start();
  const rng = Rng.fromSeed(options.seed ?? 7);
  const shards: ShardProcess[] = [];
  try {
    const guilds = Array.from({ length: count }, (_, s) =>
      discord.createGuild({ name: `load ${s}`, shard: [s, count] }),
    );
    const tablesNamed = (count: number, name: string) =>
      Array.from({ length: count }, (_, t) => {
        const guild = guilds[t % guilds.length] as (typeof guilds)[number];
        return {
          channel: discord.createChannel(guild, { name: `${name}-${t}` }),
          players: Array.from({ length: options.playersPerTable }, (_, p) =>
            discord.createUser({ name: `${name}${t}-${p}`, guilds: [guild] }),
          ),
        };
      });
    const tables = tablesNamed(options.tables, 'table');
    const warmUpTables = tablesNamed(options.tables, 'warm-up');
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
        await startShard({
          token: discord.bot.token,
          apiUrl: restBase,
          dbUrl,
          shard,
          shardCount: count,
          pauseMs: 200,
          seed: options.seed ?? 7,
          logLevel: process.env.LOAD_LOG ?? 'silent',
        }),
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
    await players.play(warmUpTables, { ...options, timer: 30 });
    const warmUpDeals = await settledSoFar();
    const started = Date.now();
    const cpuAt = () => ({
      bots: shards.map((s) => s.cpuMs()),
      generator: process.cpuUsage(),
      machine: machineBusyMs(),
    });
    const before = cpuAt();
    discord.resetRequestCounts();
    await players.play(tables, { ...options, timer: 30 }).finally(() => players.close());
    const seconds = (Date.now() - started) / 1000;
    const after = cpuAt();
    const generatorMs =
      (after.generator.user - before.generator.user + after.generator.system - before.generator.system) / 1000;
    const botMs = after.bots.map((ms, i) => (ms === null ? null : ms - (before.bots[i] ?? 0)));
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
        botCpuMsPerDeal:
          (botMs.every((ms) => ms !== null)
            ? (botMs as number[]).reduce((sum, ms) => sum + ms, 0)
            : stats.reduce((sum, s) => sum + s.cpuMs, 0)) / Math.max(1, dealsSettled),
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
    await Promise.all(shards.map((s) => s.stop().catch(() => {})));
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
