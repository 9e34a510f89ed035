import { spawn } from 'node:child_process';

/**
 * A test's helper process (`node --import tsx SCRIPT ...ARGS`) that prints "ready" once
 * set up and starts its work when told to (`go`), so several can be started at once.
 * `done` gives its exit code and what it printed after "ready".
 */
export function startChild(script: string, args: string[]) {
  const p = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  p.stdout.on('data', (c) => {
    out += c;
    if (out.startsWith('ready\n')) markReady();
  });
  p.stderr.on('data', (c) => (err += c));
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    p.once('close', (code) => resolve({ code, out: out.slice('ready\n'.length), err })),
  );
  return { ready, done, go: () => p.stdin.end('go\n') };
}
