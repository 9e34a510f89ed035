import { readdirSync, readFileSync } from 'node:fs';

/**
 * Resident memory of a process and every process it started (Linux: /proc), bytes; null
 * elsewhere. A bot's memory is its whole process tree: whatever it runs beside itself
 * counts, the shell or npm that started it does not.
 */
export function processTreeRssBytes(pid: number): number | null {
  const rssOf = (p: number) => {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readOr(`/proc/${p}/status`))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  };
  const own = rssOf(pid);
  if (own === null) return null;
  let total = own;
  for (const child of childrenOf(pid)) total += processTreeRssBytes(child) ?? 0;
  return total;
}

function childrenOf(pid: number): number[] {
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((t) => readOr(`/proc/${pid}/task/${t}/children`).split(' ').filter(Boolean).map(Number));
}

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
