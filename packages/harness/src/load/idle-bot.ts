import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiscord, noRateLimits } from '@guts/local-discord';
import { BOT_NODE_OPTIONS } from 'guts/src/node-options.ts';
import { botFile } from '../bot-files.ts';
import { freePort } from '../free-port.ts';
import { type ProcessMemory, processMemory } from './process-memory.ts';

/**
 * The bot as an operator runs it (`guts start`: the compiled build, its own process)
 * against the local Discord, in servers the local Discord mints, left idle: what it
 * holds at rest, for the `memory` bench.
 */
export interface IdleBotOptions {
  /** Servers besides the one with the bot's table channel. */
  servers: number;
  channelsPerServer: number;
  rolesPerServer: number;
  /** How long to leave the bot alone after it is ready, before the first reading. */
  settleMs: number;
  /** Readings, a second apart; the result is their median. */
  readings: number;
  /** Serve the Activity too (ACTIVITY_PORT and DISCORD_CLIENT_SECRET set), nobody opening it. */
  activity?: boolean;
}

export interface IdleBotResult extends ProcessMemory {
  /** Servers the bot was in (the table's included). */
  servers: number;
  /** From spawning the process to /healthz answering 200. */
  readyMs: number;
}

const guts = botFile('bin/guts.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function measureIdleBot(options: IdleBotOptions): Promise<IdleBotResult> {
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  const { restBase } = await discord.start();
  const dir = mkdtempSync(join(tmpdir(), 'guts-idle-bot-'));
  let child: ChildProcess | null = null;
  try {
    discord.createChannel(discord.createGuild({ name: 'home' }), { name: 'poker' });
    for (let s = 0; s < options.servers; s++) {
      const guild = discord.createGuild({ name: `server ${s}` });
      for (let c = 0; c < options.channelsPerServer; c++) discord.createChannel(guild, { name: `channel-${c}` });
      for (let r = 0; r < options.rolesPerServer; r++) discord.createRole(guild, { name: `role ${r}` });
    }
    const port = await freePort();
    const started = Date.now();
    // One process as an operator starts it (with the bot's Node options): none of the sharding (nor Activity) settings of this shell.
    const { SHARD_COUNT, SHARDS, SHARDING_MANAGER, NODE_OPTIONS, ACTIVITY_PORT, ...env } = process.env;
    child = spawn(process.execPath, [...BOT_NODE_OPTIONS, guts, 'start'], {
      env: {
        ...env,
        DISCORD_TOKEN: discord.bot.token,
        DISCORD_API_URL: restBase,
        DATABASE_URL: `file:${join(dir, 'guts.db')}`,
        METRICS_PORT: String(port),
        LOG_LEVEL: 'warn',
        ...(options.activity
          ? { ACTIVITY_PORT: String(await freePort()), DISCORD_CLIENT_SECRET: discord.clientSecret }
          : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()));
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new Error(`the bot exited with ${child.exitCode} before it was ready`);
      if (Date.now() - started > 180_000) throw new Error('the bot was not ready within 3 minutes');
      await sleep(200);
    }
    const readyMs = Date.now() - started;
    await sleep(options.settleMs);
    const readings: ProcessMemory[] = [];
    for (let i = 0; i < options.readings; i++) {
      const reading = child.pid === undefined ? null : processMemory(child.pid);
      if (!reading) throw new Error('cannot read the bot process memory (Linux /proc only)');
      readings.push(reading);
      await sleep(1_000);
    }
    child.kill('SIGTERM');
    await exited;
    child = null;
    return {
      servers: options.servers + 1,
      readyMs,
      residentMb: median(readings.map((r) => r.residentMb)),
      threads: median(readings.map((r) => r.threads)),
      processes: median(readings.map((r) => r.processes)),
    };
  } finally {
    child?.kill('SIGKILL');
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
