import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalDiscord, type MessageEvent, noRateLimits } from '@guts/local-discord';
import { REST, Routes } from 'discord.js';
import { Rng } from 'guts/src/cards/rng.ts';
import { migrateToLatest, openDatabase } from 'guts/src/db/index.ts';
import { uploadCardEmojis } from 'guts/src/discord/card-emojis.ts';
import { commandBodies } from 'guts/src/discord/command-registry.ts';
import { auditLedger } from 'guts/src/ledger/index.ts';
import { LOADER_ARGS, moduleUrl } from 'guts/src/modules.ts';
import { repositoryRoot } from '../bot-files.ts';
import type { LoadBotSettings } from './load-bot.ts';
import { LongGamePlayers } from './long-game.ts';
import { processTreeRssBytes } from './memory.ts';
import { LoadPlayers, type LoadTable } from './players.ts';
import { settledDeals } from './settled.ts';
import type { BotSample, RestState } from './soak-bot.ts';

/**
 * How a soak's tables play: games of `dealsPerGame` deals one after another, each opened
 * with /guts start and ended with /guts stop ('openAndEnd'); or one game each for the
 * whole run, every press on the table message as soon as it shows, two players staying
 * and one dropping ('longGame', long-game.ts): what grows with a game's length shows there.
 */
export type SoakMode = 'openAndEnd' | 'longGame';

/**
 * A long run of the bot against the local Discord (the `soak` bench): `tables` tables,
 * each in a server of its own with three players, play as `mode` says for `minutes`.
 * Every `sampleEveryMs` the bot's process (a process of its own, so its memory is its
 * own) is asked what it holds; the database's files are measured here.
 */
export interface SoakOptions {
  mode?: SoakMode;
  minutes: number;
  tables: number;
  playersPerTable: number;
  dealsPerGame: number;
  sampleEveryMs: number;
  /** Presses land at a random moment within this many ms of the table message. */
  pressWithinMs: number;
  /** The bot's pause between deals, ms. */
  pauseMs: number;
  /** How often the bot drops idle REST queues (its default when absent). */
  restHandlerSweepMs?: number;
  /** After the last game, how long to wait for that sweep before the last sample. */
  afterSweepWaitMs: number;
  /** How long the bot uses an interaction's token (its default when absent): a shorter run reaches the horizon sooner. */
  tokenFreshMs?: number;
  /**
   * How the cards show: 'emojis' (uploaded first, as `guts deploy-commands` leaves an
   * application) or 'pictures' (none uploaded: the bot draws each hand, its fallback).
   */
  cards?: 'emojis' | 'pictures';
  /** Long games: how long after the table message shows the players press, ms (0: at once). */
  longPressAfterMs?: number;
  seed?: number;
}

export interface SoakSample extends BotSample {
  /** Since the first sample, ms. */
  atMs: number;
  /** The bot's process and any it started (Linux; else the bot's own reading). */
  treeRssBytes: number;
  dbBytes: number;
  walBytes: number;
}

export interface SoakRun {
  samples: SoakSample[];
  /** After the last game ended, and once more after the REST sweep had time to run. */
  atEnd: SoakSample;
  afterSweep: SoakSample;
  gamesOpened: number;
  gamesEnded: number;
  /** Games a table could not finish (it went on in a new channel): the run's own failures. */
  gamesFailed: string[];
  refused: number;
  /** Messages the bot posted or edited with a file attached: its pictures of hands and boards. */
  picturesPosted: number;
  dealsSettled: number;
  settledTwice: number;
  audit: { ok: boolean; accounts: number; entries: number; problems: number; firstProblems: unknown[] };
  /** SQLite's own account of its bytes at the end (dbstat): each table with its indexes. */
  dbBytesByTable: Record<string, number>;
  seconds: number;
}

/** A long game's countdown, seconds: an operator's table; presses come at once, so it only runs out if one is lost. */
const LONG_GAME_TIMER = 15;

/** After the long games' hosts pressed stop: each game ends once its deal under way is played. */
async function waitUntilNoOpenTables(bot: BotProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await bot.ask('sample')).openTables > 0) {
    if (Date.now() > until) throw new Error(`the long games did not end within ${timeoutMs} ms of their stop`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Until the bot's REST manager has swept its queues twice since now (the first may come
 * while the last request's queue is still settling), or `timeoutMs` has passed: a fixed
 * wait of the whole margin cost each run seconds it did not need.
 */
async function untilSwept(bot: BotProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  const from = (await bot.rest()).handlerSweeps;
  while (Date.now() < until && (await bot.rest()).handlerSweeps < from + 2) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const script = fileURLToPath(moduleUrl('./soak-bot', import.meta.url));
const root = repositoryRoot();

/** The bot as a process of its own (soak-bot.ts): asked for samples over IPC. */
export interface BotProcess {
  pid: number;
  ask(type: 'sample'): Promise<BotSample>;
  /** The REST manager's queues and sweeps, without the sample's collections. */
  rest(): Promise<RestState>;
  /** Once the bot has done what it was asked: its steps committed, its messages out. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** The settings every measured bot process shares: the local Discord's, quiet, seeded, 200 ms between deals. */
export function measuredBot(discord: LocalDiscord, restBase: string, dbUrl: string): LoadBotSettings {
  return {
    token: discord.bot.token,
    apiUrl: restBase,
    dbUrl,
    pauseMs: 200,
    seed: 7,
    logLevel: process.env.LOAD_LOG ?? 'silent',
  };
}

export function startBot(settings: LoadBotSettings): Promise<BotProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', ...LOADER_ARGS, script], {
    cwd: root,
    env: { ...process.env, GUTS_SOAK_BOT: JSON.stringify(settings) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<{ type: string; sample?: BotSample; rest?: RestState }>((resolve, reject) => {
      const onMessage = (m: { type: string; sample?: BotSample; rest?: RestState }) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`the soak's bot exited (code ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return next('ready').then(() => ({
    pid: child.pid as number,
    async ask() {
      const answer = next('sample');
      child.send({ type: 'sample' });
      return (await answer).sample as BotSample;
    },
    async rest() {
      const answer = next('rest');
      child.send({ type: 'rest' });
      return (await answer).rest as RestState;
    },
    async idle() {
      const answer = next('idle');
      child.send({ type: 'idle' });
      await answer;
    },
    async stop() {
      const stopped = next('stopped');
      child.send({ type: 'stop' });
      await stopped;
    },
  }));
}

/**
 * Before the bot starts: the database migrated, the slash commands registered and (unless
 * the run is of pictures) the card emojis uploaded to the local Discord, as
 * `guts deploy-commands` leaves an application.
 */
export async function prepareRun(
  discord: LocalDiscord,
  restBase: string,
  dbUrl: string,
  cards: 'emojis' | 'pictures' = 'emojis',
): Promise<void> {
  const database = openDatabase(dbUrl);
  await migrateToLatest(database.db);
  await database.close();
  const body = await commandBodies();
  const rest = new REST({ api: restBase }).setToken(discord.bot.token);
  await rest.put(Routes.applicationCommands(discord.bot.user.id), { body });
  if (cards === 'emojis') await uploadCardEmojis(rest, discord.bot.user.id);
}

const sizeOf = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export async function runSoak(options: SoakOptions): Promise<SoakRun> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-soak-'));
  const dbPath = join(dir, 'soak.db');
  const dbUrl = `file:${dbPath}`;
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  const { restBase } = await discord.start();
  const rng = Rng.fromSeed(options.seed ?? 7);
  let bot: BotProcess | null = null;
  try {
    await prepareRun(discord, restBase, dbUrl, options.cards);
    let picturesPosted = 0;
    const countPictures = ({ message }: MessageEvent) => {
      if (message.author?.id === discord.bot.user.id && (message.attachments?.length ?? 0) > 0) picturesPosted++;
    };
    discord.on('messageCreate', countPictures);
    discord.on('messageUpdate', countPictures);
    const slots = Array.from({ length: options.tables }, (_, t) => {
      const guild = discord.createGuild({ name: `soak ${t}` });
      return {
        guild,
        channel: discord.createChannel(guild, { name: 'guts' }),
        players: Array.from({ length: options.playersPerTable }, (_, p) =>
          discord.createUser({ name: `p${t}-${p}`, guilds: [guild] }),
        ),
      };
    });
    const running = await startBot({
      token: discord.bot.token,
      apiUrl: restBase,
      dbUrl,
      pauseMs: options.pauseMs,
      seed: options.seed ?? 7,
      logLevel: process.env.LOAD_LOG ?? 'silent',
      ...(options.restHandlerSweepMs !== undefined ? { restHandlerSweepMs: options.restHandlerSweepMs } : {}),
      ...(options.tokenFreshMs !== undefined ? { tokenFreshMs: options.tokenFreshMs } : {}),
    });
    bot = running;
    const started = Date.now();
    const measure = async (): Promise<SoakSample> => {
      const sample = await running.ask('sample');
      return {
        atMs: Date.now() - started,
        ...sample,
        treeRssBytes: processTreeRssBytes(running.pid) ?? sample.rssBytes,
        dbBytes: sizeOf(dbPath),
        walBytes: sizeOf(`${dbPath}-wal`),
      };
    };
    const samples: SoakSample[] = [await measure()];
    let sampling = Promise.resolve();
    const sampler = setInterval(() => {
      sampling = sampling.then(async () => {
        samples.push(await measure());
      });
    }, options.sampleEveryMs);

    const players = new LoadPlayers(discord, rng);
    const endAt = started + options.minutes * 60_000;
    const counts = { opened: 0, ended: 0, failed: [] as string[] };
    const play = async (slot: (typeof slots)[number]) => {
      let table: LoadTable = slot;
      while (Date.now() < endAt) {
        counts.opened++;
        try {
          await players.play([table], {
            dealsPerTable: options.dealsPerGame,
            startWithinMs: 500,
            pressWithinMs: options.pressWithinMs,
            timer: 30,
          });
          counts.ended++;
        } catch (err) {
          // The game may still be running there: the table goes on in a new channel.
          counts.failed.push((err as Error).message);
          table = { ...table, channel: discord.createChannel(slot.guild, { name: `guts-${counts.failed.length}` }) };
        }
      }
    };
    const long =
      options.mode === 'longGame' ? new LongGamePlayers(discord, LONG_GAME_TIMER, options.longPressAfterMs) : null;
    const playLong = async (players: LongGamePlayers) => {
      for (const slot of slots) {
        counts.opened++;
        await players.open(slot).catch((err: unknown) => counts.failed.push((err as Error).message));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, endAt - Date.now())));
      await players.stop();
      await waitUntilNoOpenTables(running);
      counts.ended = counts.opened - counts.failed.length;
    };
    await (long ? playLong(long) : Promise.all(slots.map(play))).finally(() => {
      clearInterval(sampler);
      players.close();
      long?.close();
      discord.off('messageCreate', countPictures);
      discord.off('messageUpdate', countPictures);
    });
    await sampling;
    // What the last games left, once their last messages are out: on a busy machine the
    // bot may still be posting them when the last game ends (and hold its table until then).
    await running.idle();
    const atEnd = await measure();
    await untilSwept(running, options.afterSweepWaitMs);
    const afterSweep = await measure();
    const seconds = (Date.now() - started) / 1000;
    await running.stop();
    bot = null;
    const check = openDatabase(dbUrl);
    try {
      const { dealsSettled, settledTwice } = await settledDeals(check.db);
      const audit = await auditLedger(check.db);
      return {
        samples,
        atEnd,
        afterSweep,
        gamesOpened: counts.opened,
        gamesEnded: counts.ended,
        gamesFailed: counts.failed,
        refused: players.refused.length + (long?.failures.length ?? 0),
        picturesPosted,
        dealsSettled,
        settledTwice,
        audit: {
          ok: audit.ok,
          accounts: audit.accounts,
          entries: audit.entries,
          problems: audit.problems.length,
          firstProblems: audit.problems.slice(0, 5),
        },
        dbBytesByTable: await bytesByTable(dbPath),
        seconds,
      };
    } finally {
      await check.close();
    }
  } finally {
    // The run's figures are on stdout; a bot that would not stop is said beside them.
    await bot?.stop().catch((err: unknown) => process.stderr.write(`bot did not stop cleanly: ${String(err)}\n`));
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each table's bytes with its indexes' (SQLite's dbstat), after a checkpoint so the WAL is in the file. */
async function bytesByTable(dbPath: string): Promise<Record<string, number>> {
  const { default: Sqlite } = await import('better-sqlite3');
  const sqlite = new Sqlite(dbPath);
  try {
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const rows = sqlite
      .prepare(
        `select coalesce(m.tbl_name, s.name) as name, sum(s.pgsize) as bytes
         from dbstat s left join sqlite_master m on m.name = s.name
         group by 1 order by 2 desc`,
      )
      .all() as { name: string; bytes: number }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.bytes]));
  } finally {
    sqlite.close();
  }
}
