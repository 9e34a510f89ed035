import { spawn } from 'node:child_process';

/** How a `guts-harness` run ended: its exit status and what it printed. */
export interface HarnessRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `guts-harness ARGS` in a process of its own, awaited without blocking this one (unlike
 * spawnSync), so that tests that mostly wait on such runs can run side by side. Killed
 * after `timeoutMs`, as spawnSync's `timeout` would.
 */
export function harnessRun(args: string[], timeoutMs: number): Promise<HarnessRun> {
  const child = spawn(process.execPath, ['packages/harness/bin/harness.js', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(killer);
      resolve({ status, stdout, stderr });
    });
  });
}
