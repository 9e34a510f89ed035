import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type AdjustableClock, type CommandInvocation, LocalDiscord, noRateLimits, titleOf } from '@guts/local-discord';
import { REST } from 'discord.js';
import type { APIEmbed, APIMessage } from 'discord-api-types/v10';
import pino from 'pino';
import { Rng } from '../../src/cards/rng.ts';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../src/db/index.ts';
import { createOrLoadTable } from '../../src/db/table-store.ts';
import { type Bot, type BotActivityOptions, createBot } from '../../src/discord/bot.ts';
import { uploadCardEmojis } from '../../src/discord/card-emojis.ts';
import { commandBodies } from '../../src/discord/command-registry.ts';
import { awaiting, type GameState } from '../../src/engine/index.ts';
import { auditLedger } from '../../src/ledger/index.ts';
import type { Logger } from '../../src/log.ts';
import type { DbRetryOptions } from '../../src/table/db-waits.ts';
import type { Clock } from '../../src/table/scheduler.ts';
import { directStepWriter, openStepWriter, type StepWriter } from '../../src/table/step-writer.ts';

/**
 * The commands every world registers, built once for the test process: building them
 * (each in every language, through discord.js's validating builders) took a tenth of a
 * second of a core a world, and the suite starts over a hundred.
 */
let worldCommandBodies: ReturnType<typeof commandBodies> | undefined;

/**
 * A game night for end-to-end tests: the local Discord on 127.0.0.1, the real bot
 * (discord.js client, table service, SQLite ledger in a temp file) connected to it,
 * one server with one channel, and players who type commands and press buttons.
 */
export interface WorldOptions {
  players?: string[];
  /** Serve the Activity (port 0: a free one) with the page built into `assetsDir`. */
  activity?: { assetsDir: string; limits?: BotActivityOptions['limits'] };
  /** Pause before the next deal starts by itself. */
  pauseMs?: number;
  /** Discord's real rate limits (the default), or none (a test that must not wait on them). */
  rateLimits?: 'discord' | 'none';
  /**
   * Run the bot as a real child process (`node bin/guts.js start`, configured only by
   * its environment) instead of inside the test, so a crash can be a SIGKILL.
   */
  process?: boolean;
  /** Seeds each new game's shuffle (game n gets seed + n), so a test deals the same cards every run. */
  seed?: number;
  /**
   * Deal provably fair games (docs/FAIRNESS.md), as a real bot does. Their cards come from
   * seeds and press ids that differ every run, so `seed` no longer fixes them: off by default.
   */
  fairDeals?: boolean;
  /** The bot's logger (default: silent, or E2E_LOG's level): a test that reads what the bot logs passes its own. */
  log?: Logger;
  /** How long the bot gathers a table's changes into one message edit (production: 250 ms). */
  editDelayMs?: number;
  /** One clock for the local Discord and the bot, so a test can jump past a token's 15 minutes. */
  clock?: AdjustableClock;
  /** More environment for the bot's process (`process: true`), e.g. METRICS_PORT. */
  env?: Record<string, string>;
  /** Keep the bot process's log (pino's JSON lines on its stdout, `process: true`) for `logged`. */
  keepLog?: boolean;
  /** How often the bot's REST client drops idle per-route queues (production: a minute). */
  restHandlerSweepMs?: number;
  /** How long the bot's REST client keeps an unused route hash, and how often it sweeps them (production: 16 and 5 minutes). */
  restHashLifetimeMs?: number;
  restHashSweepMs?: number;
  /** The server's language (a Discord locale; en-US unsaid). */
  serverLocale?: string;
  /** Each player's client language, by name (en-US unsaid). */
  playerLocales?: Record<string, string>;
  /**
   * Where the game is played: the server channel (default); a group DM the first player
   * made with the others, the app user-installed by every player; or a server that never
   * invited the bot, where the players installed the app (`externalApps: false`: its
   * @everyone may not use external apps). Commands are then registered globally.
   */
  place?: 'server' | 'group-dm' | 'user-install-server';
  externalApps?: boolean;
  /** Who is in the group DM (`place: 'group-dm'`; default every player): the others play only in the server. */
  groupDmMembers?: string[];
  /** The card emojis uploaded before the bot starts, as `guts deploy-commands` does (else the bot sends pictures). */
  cardEmojis?: boolean;
  /** The database (a temp SQLite file unless given, e.g. a PostgreSQL server's URL). */
  databaseUrl?: string;
  /** Steps written on the bot's own connection (`database`), not a writer thread: a test can then fault that connection. */
  directWriter?: boolean;
  /** How the bot's steps wait for a database that fails transiently (production waits longer between tries). */
  dbRetry?: Partial<DbRetryOptions>;
  /** Each step's commit held this long first (a busy database): a press is then acknowledged before its answer. */
  commitDelayMs?: number;
  /** Serve the Activity (on a free port of 127.0.0.1), handing checked sockets to this hub. */
  activityHub?: BotActivityOptions['hub'];
}

type Ref = { id: string };

export class World {
  readonly discord: LocalDiscord;
  readonly users: Record<string, Ref> = {};
  guild!: Ref;
  channel!: Ref;
  /** Whose ledger the table plays on: the server's id, or a group DM's channel id. */
  scope!: Ref;
  /** The channel of the server that invited the bot (#poker in "game night"), wherever the game is played. */
  serverChannel!: Ref;
  bot!: Bot;
  database!: OpenDatabase;
  /** The bot's step writer (a thread of its own, as in production); a crash abandons it. */
  private writer: StepWriter | null = null;
  restBase = '';
  private readonly dir = mkdtempSync(join(tmpdir(), 'guts-e2e-'));
  readonly dbUrl: string;
  private games = 0;
  private child: ChildProcess | null = null;
  /** The bot's clock, when the world has one (`clock`): `advanceClock` moves it. */
  private botClock: BotClock | null = null;
  /** What the bot process logged (`keepLog`), a line each. */
  private readonly logLines: string[] = [];
  private commandsDeployed = false;

  private constructor(private readonly options: WorldOptions) {
    this.dbUrl = options.databaseUrl ?? `file:${join(this.dir, 'guts.db')}`;
    this.discord = new LocalDiscord({
      ...(options.rateLimits === 'none' ? { rateLimits: noRateLimits } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
  }

  static async start(options: WorldOptions = {}): Promise<World> {
    const world = new World(options);
    ({ restBase: world.restBase } = await world.discord.start());
    const owner = world.discord.createUser({ name: 'owner' });
    world.users.owner = owner;
    world.guild = world.discord.createGuild({
      name: 'game night',
      owner,
      ...(options.serverLocale ? { locale: options.serverLocale } : {}),
    });
    world.channel = world.discord.createChannel(world.guild, { name: 'poker' });
    world.serverChannel = world.channel;
    for (const name of options.players ?? ['ann', 'bob', 'cat']) {
      const locale = options.playerLocales?.[name];
      world.users[name] = world.discord.createUser({ name, ...(locale ? { locale } : {}) });
    }
    world.scope = world.guild;
    const place = options.place ?? 'server';
    const players = (options.players ?? ['ann', 'bob', 'cat']).map((name) => world.user(name));
    for (const player of place === 'server' ? [] : players) world.discord.installApp(player);
    if (place === 'group-dm') {
      const members = options.groupDmMembers?.map((name) => world.user(name)) ?? players;
      const [first = owner, ...others] = members;
      world.channel = world.discord.createGroupDm(first, others, { name: 'friends' });
      world.scope = world.channel;
    } else if (place === 'user-install-server') {
      world.guild = world.discord.createGuild({ name: 'no bots', owner, bot: false });
      for (const player of players) world.discord.addMember(world.guild, player);
      if (options.externalApps === false)
        world.discord.setServerPermissions(world.guild, { deny: ['UseExternalApps'] });
      world.channel = world.discord.createChannel(world.guild, { name: 'cards' });
      world.scope = world.guild;
    }
    world.database = openDatabase(world.dbUrl);
    await migrateToLatest(world.database.db);
    if (options.cardEmojis) {
      const rest = new REST({ api: world.restBase }).setToken(world.discord.bot.token);
      await uploadCardEmojis(rest, world.discord.bot.user.id);
    }
    await world.startBot();
    if (!options.process) {
      worldCommandBodies ??= commandBodies();
      const body = await worldCommandBodies;
      // A user install brings only global commands.
      if (place === 'server') await world.bot.client.application?.commands.set(body, world.guild.id);
      else await world.bot.client.application?.commands.set(body);
    }
    return world;
  }

  /**
   * Starts (or, after `crashBot`, restarts) the bot against the same database;
   * `endOpenTables`: as the playground starts it (open games end, see BotOptions).
   */
  async startBot(how: { endOpenTables?: boolean } = {}): Promise<void> {
    if (this.options.process) return this.spawnBot();
    this.writer = this.options.directWriter ? directStepWriter(this.database.db) : openStepWriter(this.database);
    const delay = this.options.commitDelayMs;
    if (delay) {
      const writer = this.writer;
      const commitStep = writer.commitStep.bind(writer);
      writer.commitStep = async (step) => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        return commitStep(step);
      };
    }
    this.botClock = this.options.clock ? new BotClock(this.options.clock) : null;
    this.bot = await createBot({
      token: this.discord.bot.token,
      apiUrl: this.restBase,
      db: this.database.db,
      writer: this.writer,
      log: this.options.log ?? pino({ level: process.env.E2E_LOG ?? 'silent' }),
      nextDealPauseMs: this.options.pauseMs ?? 200,
      editDelayMs: this.options.editDelayMs ?? 10,
      // Pictures are checked here: one late on a loaded machine must not go out without them.
      helperJobTimeoutMs: 20_000,
      ...(this.options.restHandlerSweepMs ? { restHandlerSweepMs: this.options.restHandlerSweepMs } : {}),
      ...(this.options.restHashLifetimeMs ? { restHashLifetimeMs: this.options.restHashLifetimeMs } : {}),
      ...(this.options.restHashSweepMs ? { restHashSweepMs: this.options.restHashSweepMs } : {}),
      newRngState: () => Rng.fromSeed((this.options.seed ?? 1) + this.games++).state(),
      ...(this.options.fairDeals ? {} : { newServerSeed: null }),
      ...(this.botClock ? { clock: this.botClock } : {}),
      ...(this.options.dbRetry ? { dbRetry: this.options.dbRetry } : {}),
      ...(how.endOpenTables ? { endOpenTables: true } : {}),
      ...(this.options.activityHub || this.options.activity
        ? {
            activity: {
              port: 0,
              host: '127.0.0.1',
              clientSecret: this.discord.clientSecret,
              ...(this.options.activityHub ? { hub: this.options.activityHub } : {}),
              ...this.options.activity,
            },
          }
        : {}),
    });
    // A bot someone has just used: its helper threads boot while it logs in, and the test
    // goes on once they are up (run from TypeScript, a thread can take seconds to boot on
    // a busy machine; compiled, a tenth of a second).
    const woken = this.bot.wake();
    await this.bot.start();
    await woken;
  }

  private async spawnBot(): Promise<void> {
    const env = {
      ...process.env,
      DISCORD_TOKEN: this.discord.bot.token,
      DISCORD_API_URL: this.restBase,
      DATABASE_URL: this.dbUrl,
      GUILD_ID: this.guild.id,
      LOG_LEVEL: process.env.E2E_LOG ?? 'warn',
      ...this.options.env,
    };
    if (!this.commandsDeployed) {
      // Registration is its own script, as in production (never on every start).
      // Asynchronously: this process serves the local Discord the script talks to.
      const deploy = spawn(process.execPath, ['bin/guts.js', 'deploy-commands'], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      deploy.stderr.on('data', (chunk) => (stderr += chunk));
      const status = await new Promise((resolve) => deploy.once('exit', resolve));
      if (status !== 0) throw new Error(`deploy-commands failed: ${stderr}`);
      this.commandsDeployed = true;
    }
    const stdout = this.options.keepLog ? 'pipe' : 'ignore';
    const child = spawn(process.execPath, ['bin/guts.js', 'start'], { env, stdio: ['ignore', stdout, 'inherit'] });
    this.child = child;
    if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => this.logLines.push(line));
    const end = Date.now() + 30_000;
    while (!this.discord.botConnected) {
      if (child.exitCode !== null) throw new Error(`the bot exited with ${child.exitCode}`);
      if (Date.now() > end) throw new Error('the bot did not connect');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Whether the world has a clock (`clock`) that `advanceClock` moves. */
  get hasClock(): boolean {
    return this.botClock !== null;
  }

  /**
   * Moves the world's clock (`clock`) on by `ms`, for the local Discord and the bot alike,
   * and fires the bot's timers that are then due (a countdown, say) at once.
   */
  advanceClock(ms: number): void {
    if (!this.botClock)
      throw new Error('the world has no clock to advance (WorldOptions.clock, a bot in this process)');
    this.botClock.advance(ms);
  }

  /** The first line the bot process logged (`keepLog`) with message `msg`, once it has logged it. */
  async logged(msg: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      for (const line of this.logLines) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.msg === msg) return entry;
      }
      if (Date.now() > end) throw new Error(`the bot did not log "${msg}" within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Kills the bot process at once, as a power cut would: no shutdown code runs. */
  async killBot(): Promise<void> {
    const child = this.child;
    if (!child) throw new Error('the bot is not a child process');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  /** Asks the bot process to stop (`docker stop`, Ctrl-C): how it exited and how long it took. */
  async signalBot(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
    const child = this.child;
    if (!child) throw new Error('the bot is not a child process');
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    const timeout = new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), 20_000).unref());
    const result = await Promise.race([exited, timeout]);
    if (result === 'alive') {
      child.kill('SIGKILL');
      await exited;
      this.child = null;
      return { code: null, ms: Date.now() - started };
    }
    this.child = null;
    return { code: result, ms: Date.now() - started };
  }

  /** The bot goes away without a goodbye: timers stop, the socket drops, nothing more is written. */
  async crashBot(): Promise<void> {
    if (this.child) return this.killBot();
    // A crash may cut a step or a post short: said, not thrown, as the bot would not say it.
    await this.bot.tables.close().catch((err: unknown) => console.warn('crashBot: tables.close failed', err));
    await this.bot.publisher.idle().catch((err: unknown) => console.warn('crashBot: publisher.idle failed', err));
    await this.writer?.close();
    await this.bot.client.destroy();
  }

  /**
   * Runs `play` in another channel (the server's #poker, say): commands, presses, messages
   * and the table there, on `scope`'s ledger; then back where the world plays.
   */
  async playingIn<T>(channel: Ref, scope: Ref, play: () => Promise<T>): Promise<T> {
    const home = { channel: this.channel, scope: this.scope };
    this.channel = channel;
    this.scope = scope;
    try {
      return await play();
    } finally {
      ({ channel: this.channel, scope: this.scope } = home);
    }
  }

  /**
   * Moves the world to a new channel of its server, a table of its own: for the tests of a
   * file that share one world (`worlds.start`), each starting where nothing was played.
   */
  freshChannel(name = 'poker'): Ref {
    if (this.scope.id !== this.guild.id) throw new Error('freshChannel: the world plays in a server channel only');
    this.channel = this.discord.createChannel(this.guild, { name });
    this.serverChannel = this.channel;
    return this.channel;
  }

  user(name: string): Ref {
    const u = this.users[name];
    if (!u) throw new Error(`no user ${name}`);
    return u;
  }

  command(as: string, name: string, invocation: CommandInvocation) {
    return this.discord.runCommand(this.user(as), this.channel, name, invocation);
  }

  /**
   * Runs a command and returns what the user sees (the reply). Waits as long as `waitFor`:
   * on a loaded machine a command that opens a table can take seconds to answer in full
   * (Discord's own 3-second limit on the acknowledgement is checked by the local Discord).
   */
  async reply(as: string, name: string, invocation: CommandInvocation): Promise<APIMessage> {
    return this.command(as, name, invocation).response(15_000);
  }

  press(as: string, message: APIMessage, label: string) {
    return this.discord.pressButton(this.user(as), message, label);
  }

  messages(as?: string): APIMessage[] {
    return this.discord.channelMessages(this.channel, as ? { as: this.user(as) } : {});
  }

  /** The newest public message whose first embed's title matches. */
  latest(title: RegExp): APIMessage | undefined {
    return this.messages()
      .filter((m) => title.test(titleOf(m)))
      .at(-1);
  }

  waitFor(predicate: (m: APIMessage) => boolean, as?: string, timeoutMs = 15_000): Promise<APIMessage> {
    return this.discord.waitForMessage(this.channel, predicate, { ...(as ? { as: this.user(as) } : {}), timeoutMs });
  }

  waitForTitle(title: RegExp, timeoutMs = 15_000): Promise<APIMessage> {
    return this.waitFor((m) => title.test(titleOf(m)), undefined, timeoutMs);
  }

  /** The first public embed titled so, in whichever message carries it (the standings ride the last result). */
  async waitForEmbed(title: RegExp, timeoutMs = 15_000): Promise<APIEmbed> {
    const has = (m: APIMessage) => m.embeds.some((e) => title.test(e.title ?? ''));
    const message = await this.waitFor(has, undefined, timeoutMs);
    return message.embeds.find((e) => title.test(e.title ?? '')) as APIEmbed;
  }

  async tableRecord() {
    return createOrLoadTable(this.database.db, this.scope.id, this.channel.id);
  }

  async state(): Promise<GameState> {
    return (await this.tableRecord()).state as GameState;
  }

  nameOf(id: string): string {
    const entry = Object.entries(this.users).find(([, u]) => u.id === id);
    if (!entry) throw new Error(`unknown user id ${id}`);
    return entry[0];
  }

  /** Waits until the committed game state satisfies `predicate`. */
  async until(predicate: (s: GameState) => boolean, timeoutMs = 15_000): Promise<GameState> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const s = await this.state();
      if (s && predicate(s)) return s;
      if (Date.now() > end) throw new Error(`timed out; state is ${JSON.stringify(s && awaiting(s))}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** How many times the database says deal `dealNo` of this channel's table settled (DealEnded events): exactly once, always. */
  async settlements(dealNo: number): Promise<number> {
    const rows = await this.database.db
      .selectFrom('game_steps')
      .innerJoin('game_tables', 'game_tables.id', 'game_steps.table_id')
      .where('game_tables.channel_id', '=', this.channel.id)
      .select(['game_steps.events', 'game_steps.deal_no'])
      .execute();
    return rows
      .filter((r) => r.deal_no === dealNo)
      .flatMap((r) => JSON.parse(r.events) as { type: string }[])
      .filter((e) => e.type === 'DealEnded').length;
  }

  async audit() {
    return auditLedger(this.database.db);
  }

  async close(): Promise<void> {
    if (this.child) await this.killBot();
    else await this.bot?.stop().catch((err: unknown) => console.warn('World.close: bot.stop failed', err));
    await this.database.close();
    await this.discord.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The bot's clock (now and timers), reading the shared adjustable one. Timers run in real
 * time, and `advance` moves the clock and fires at once every timer it has made due: a
 * countdown runs out when the test says so, not when a busy machine gets there.
 */
class BotClock implements Clock {
  private readonly timers = new Map<NodeJS.Timeout, { at: number; fn: () => void }>();

  constructor(private readonly shared: AdjustableClock) {}

  now(): number {
    return this.shared.now();
  }

  setTimeout(fn: () => void, ms: number): NodeJS.Timeout {
    const handle = setTimeout(() => {
      this.timers.delete(handle);
      fn();
    }, ms);
    this.timers.set(handle, { at: this.now() + ms, fn });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    clearTimeout(handle as NodeJS.Timeout);
    this.timers.delete(handle as NodeJS.Timeout);
  }

  advance(ms: number): void {
    this.shared.advance(ms);
    const due = [...this.timers].filter(([, t]) => t.at <= this.now()).sort((a, b) => a[1].at - b[1].at);
    for (const [handle, { fn }] of due) {
      // One fired before it may have cleared another.
      if (!this.timers.has(handle)) continue;
      this.clearTimeout(handle);
      fn();
    }
  }
}
