import { readdirSync, readFileSync } from 'node:fs';

/**
 * Resident memory of a process and the processes it started (a sharding manager's
 * shards), from /proc: Linux only; elsewhere null.
 */
function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function field(status: string, name: string): number {
  const match = status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'));
  return match ? Number(match[1]) : 0;
}

/** The pids of `pid` and every process under it. */
export function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // Fields after the command's closing parenthesis: state, then the parent's pid.
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : Number.NaN;
    if (Number.isFinite(ppid)) parentOf.set(Number(entry), ppid);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

export interface ProcessMemory {
  /** Resident set (MB) of the process and its children. */
  residentMb: number;
  /** OS threads of the process and its children. */
  threads: number;
  processes: number;
}

/** What `pid` and its children hold now, or null off Linux (or when it has exited). */
export function processMemory(pid: number): ProcessMemory | null {
  let kb = 0;
  let threads = 0;
  let processes = 0;
  for (const p of processTree(pid)) {
    const status = read(`/proc/${p}/status`);
    if (!status) continue;
    kb += field(status, 'VmRSS');
    threads += field(status, 'Threads');
    processes++;
  }
  return processes === 0 ? null : { residentMb: kb / 1024, threads, processes };
}
