import { fileURLToPath } from 'node:url';
import { type Shard, ShardingManager } from 'discord.js';
import type { Logger } from '../log.ts';
import { BOT_NODE_OPTIONS } from '../node-options.ts';

/**
 * The launcher of `SHARD_COUNT=N|auto` (docs/SCALING.md): discord.js's ShardingManager,
 * one child process per shard (`node bin/guts.js start` with `SHARDING_MANAGER`,
 * `SHARDS` and `SHARD_COUNT` in its environment), a shard that dies started again,
 * SIGTERM/SIGINT passed on to every child and all of them gone within 10 s.
 */

const guts = fileURLToPath(new URL('../../bin/guts.js', import.meta.url));

/** How long children get to stop after SIGTERM before they are killed (their own limit is shorter). */
export const STOP_CHILDREN_MS = 9_500;

export interface ManagerOptions {
  token: string;
  /** REST base including `/api` (DISCORD_API_URL): where `auto` asks Discord for its recommendation. */
  apiUrl: string | null;
  count: number | 'auto';
  /** This machine's shards; all of them when null. */
  shards: number[] | null;
  log: Logger;
  /** Between two children's first starts (Discord lets a bot identify once every 5 s). */
  spawnDelayMs?: number;
}

export class ShardCountError extends Error {
  override name = 'ShardCountError';
}

/** Discord's recommended shard count for the bot (`GET /gateway/bot`), through DISCORD_API_URL when set. */
export async function recommendedShardCount(token: string, apiUrl: string | null): Promise<number> {
  const base = (apiUrl ?? 'https://discord.com/api').replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/v10/gateway/bot`, { headers: { Authorization: `Bot ${token}` } });
  } catch (err) {
    throw new ShardCountError(`could not ask Discord for a shard count: ${(err as Error).message}`);
  }
  if (!response.ok) throw new ShardCountError(`could not ask Discord for a shard count: HTTP ${response.status}`);
  const { shards } = (await response.json()) as { shards?: unknown };
  if (typeof shards !== 'number' || !Number.isInteger(shards) || shards < 1) {
    throw new ShardCountError(`Discord recommended no usable shard count (${JSON.stringify(shards)})`);
  }
  return shards;
}

export interface RunningManager {
  manager: ShardingManager;
  /** Resolves once every child is up (or rejects if one never gets ready). */
  spawned: Promise<void>;
  /** Stops every child (SIGTERM, SIGKILL after `STOP_CHILDREN_MS`); no respawn after it. */
  stop(): Promise<void>;
}

function exited(shard: Shard): Promise<void> {
  const child = shard.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the children of the shards of this machine. */
export async function startShardingManager(options: ManagerOptions): Promise<RunningManager> {
  const total = options.count === 'auto' ? await recommendedShardCount(options.token, options.apiUrl) : options.count;
  if (options.shards?.some((id) => id >= total)) {
    throw new ShardCountError(`SHARDS ${options.shards.join(',')} does not fit SHARD_COUNT=${total}`);
  }
  const manager = new ShardingManager(guts, {
    token: options.token,
    totalShards: total,
    shardList: options.shards ?? 'auto',
    shardArgs: ['start'],
    execArgv: [...BOT_NODE_OPTIONS],
    mode: 'process',
    respawn: true,
  });
  const { log } = options;
  manager.on('shardCreate', (shard) => {
    log.info({ shard: shard.id, of: total }, 'starting shard');
    shard.on('death', (child) => {
      const code = 'exitCode' in child ? child.exitCode : null;
      const signal = 'signalCode' in child ? child.signalCode : null;
      if (manager.respawn) log.warn({ shard: shard.id, code, signal }, 'shard process died: starting it again');
      else log.info({ shard: shard.id, code, signal }, 'shard process stopped');
    });
    shard.on('ready', () => log.info({ shard: shard.id }, 'shard ready'));
  });
  let stopping = false;
  const spawned = manager
    .spawn({ amount: total, delay: options.spawnDelayMs ?? 5_500, timeout: 60_000 })
    .then(() => {});
  // A stop while children are still starting ends the spawn loop: not an error then.
  const settled = spawned.catch((err: unknown) => {
    if (!stopping) throw err;
  });
  return {
    manager,
    spawned: settled,
    async stop() {
      stopping = true;
      manager.respawn = false;
      const signalAll = () => {
        for (const shard of manager.shards.values()) {
          const child = shard.process;
          if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        }
      };
      signalAll();
      const deadline = Date.now() + STOP_CHILDREN_MS;
      // The spawn loop's own failure is the caller's (`spawned`); here only its end matters.
      const ended = settled.then(
        () => undefined,
        () => undefined,
      );
      await Promise.race([ended, new Promise((r) => setTimeout(r, STOP_CHILDREN_MS).unref())]);
      signalAll(); // a child the spawn loop started meanwhile
      const all = Promise.all([...manager.shards.values()].map(exited));
      const left = Math.max(0, deadline - Date.now());
      const timedOut = await Promise.race([
        all.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), left).unref()),
      ]);
      if (timedOut) {
        for (const shard of manager.shards.values()) {
          if (shard.process && shard.process.exitCode === null) {
            log.warn({ shard: shard.id }, 'shard process did not stop in time: killing it');
            shard.process.kill('SIGKILL');
          }
        }
        await all;
      }
    },
  };
}

/** `guts start` with SHARD_COUNT: runs the manager until SIGTERM or SIGINT. */
export async function runShardingManager(options: ManagerOptions): Promise<number> {
  let running: RunningManager;
  try {
    running = await startShardingManager(options);
  } catch (err) {
    process.stderr.write(`guts: ${(err as Error).message}\n`);
    return 1;
  }
  const { log } = options;
  let stopRequested = false;
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      if (stopRequested) return;
      stopRequested = true;
      log.info({ signal }, 'stopping every shard');
      void running.stop().finally(() => resolve());
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  const failed = running.spawned.then(
    () => null,
    (err: Error) => err,
  );
  const first = await Promise.race([stopped.then(() => 'stopped' as const), failed]);
  if (first instanceof Error) {
    // A shard that never got ready (a wrong token, Discord unreachable): one line, everything stopped.
    process.stderr.write(`guts: a shard did not start: ${first.message}\n`);
    await running.stop();
    return 1;
  }
  if (first === null && !stopRequested) log.info({ shards: running.manager.shards.size }, 'every shard is up');
  await stopped;
  return 0;
}
