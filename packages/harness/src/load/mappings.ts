import { readFileSync } from 'node:fs';

/**
 * A process's resident memory by kind (Linux: /proc/PID/smaps_rollup) and how many of
 * its mappings are one V8 heap page (256 KB): when resident memory grows while every
 * thread's heap in use stays flat, these say whether it is heap pages (committed, not in
 * use) or memory outside any heap (malloc, native libraries).
 */
export interface ProcessMappings {
  /** Anonymous resident memory (heaps, malloc, thread stacks), bytes. */
  anonymousBytes: number;
  /** Resident memory backed by files (code, libraries, fonts), bytes. */
  fileBytes: number;
  /** Mappings exactly one V8 heap page (256 KB) long. */
  heapPageMappings: number;
  /** Every mapping: a growing count with flat pages points at malloc's arenas or native code. */
  mappings: number;
}

const V8_PAGE_BYTES = 256 * 1024;

export function processMappings(pid: number): ProcessMappings | null {
  let rollup: string;
  let maps: string;
  try {
    rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    maps = readFileSync(`/proc/${pid}/maps`, 'utf8');
  } catch {
    return null;
  }
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
  let heapPageMappings = 0;
  let mappings = 0;
  for (const line of maps.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+)/.exec(line);
    if (!range) continue;
    mappings++;
    if (Number.parseInt(range[2] as string, 16) - Number.parseInt(range[1] as string, 16) === V8_PAGE_BYTES) {
      heapPageMappings++;
    }
  }
  const anonymousBytes = kb('Anonymous');
  return { anonymousBytes, fileBytes: kb('Rss') - anonymousBytes, heapPageMappings, mappings };
}
