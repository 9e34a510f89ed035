import { vi } from 'vitest';

/**
 * What a command writes to stdout and stderr, captured instead of printed (for a test
 * that calls a CLI command's `run` in process). `vi.restoreAllMocks()` gives them back.
 */
export function captureOutput(): { out: () => string; err: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => out.push(String(s)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => err.push(String(s)) > 0);
  return { out: () => out.join(''), err: () => err.join('') };
}
