import { execFileSync } from 'node:child_process';

let pinnable: boolean | undefined;

/**
 * Which cores a load run's processes may use (Linux's `taskset`, from util-linux), for
 * the `shardScaling` bench's question of what sharing a core costs: on a small machine
 * the bot, its shards and the load generator take turns on the same cores, and CPU
 * time per deal rises when a process's caches are evicted by its neighbour's. Elsewhere,
 * or without `taskset`, `canPin()` is false and the others must not be called.
 */
export function canPin(): boolean {
  // Asked once, when a run first wants to know: every bench process loads this module, few pin.
  pinnable ??= process.platform === 'linux' && tasksetAnswers();
  return pinnable;
}

function tasksetAnswers(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The command and arguments that start `command args` on the cores `cpus` ("1", "0,1"). */
export function onCores(cpus: string, command: string, args: readonly string[]): [string, string[]] {
  return ['taskset', ['-c', cpus, command, ...args]];
}

/**
 * Keeps every thread of this process on the cores `cpus` until the returned function puts
 * back the cores it had (threads started meanwhile inherit the narrower set, then widen with it).
 */
export function pinThisProcess(cpus: string): () => void {
  const pid = String(process.pid);
  const mask = /:\s*([0-9a-f,]+)\s*$/i.exec(execFileSync('taskset', ['-p', pid], { encoding: 'utf8' }))?.[1];
  if (!mask) throw new Error('taskset did not say which cores this process has');
  execFileSync('taskset', ['-a', '-p', '-c', cpus, pid], { stdio: 'ignore' });
  return () => execFileSync('taskset', ['-a', '-p', mask, pid], { stdio: 'ignore' });
}
