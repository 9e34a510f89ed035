import { readFileSync } from 'node:fs';

/**
 * CPU time, for load runs that want to show where a machine's cores went: a process's
 * (all its threads, by pid, from /proc), the calling thread's, and the whole machine's
 * busy time. Linux only (10 ms resolution); elsewhere every reading is null.
 */
const TICK_MS = 10; // USER_HZ is 100 on every Linux that Node supports

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** User + system CPU time (ms) in a /proc `stat` file, or null. */
function statCpuMs(path: string): number | null {
  const stat = read(path);
  if (!stat) return null;
  // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * TICK_MS : null;
}

/** User + system CPU time of a process so far (ms), or null. */
export function processCpuMs(pid: number): number | null {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** User + system CPU time of a process's main thread so far (ms), or null: where a bot process runs the bot itself. */
export function mainThreadCpuMs(pid: number): number | null {
  return statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

/**
 * User + system CPU time the calling OS thread has used (ms), or null. Unlike event
 * loop utilisation, a thread that is runnable but waiting for a core does not count:
 * on a busy machine this is the thread's own work.
 */
export function threadCpuMs(): number | null {
  return statCpuMs('/proc/thread-self/stat');
}

/** CPU time every core of the machine spent busy so far (ms: all but idle and iowait), or null. */
export function machineBusyMs(): number | null {
  const line = read('/proc/stat')?.split('\n')[0];
  if (!line?.startsWith('cpu ')) return null;
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number) as number[];
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * TICK_MS;
}
