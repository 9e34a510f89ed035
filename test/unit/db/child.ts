import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { compiledScript } from '../../support/compiled-script.ts';

/**
 * A test's helper process (`SCRIPT ...ARGS`, run compiled: `compiledScript`) that prints
 * "ready" once set up and starts its work when told to (`go`), so several can be started
 * at once. `done` gives its exit code and what it printed after "ready".
 */
export function startChild(script: string, args: string[]) {
  const started = compiledScript(script).then(
    (file): ChildProcessWithoutNullStreams =>
      spawn(process.execPath, [file, ...args], { stdio: ['pipe', 'pipe', 'pipe'] }),
  );
  let out = '';
  let err = '';
  const ready = started.then(
    (p) =>
      new Promise<void>((resolve) => {
        p.stdout.on('data', (c) => {
          out += c;
          if (out.startsWith('ready\n')) resolve();
        });
        p.stderr.on('data', (c) => (err += c));
      }),
  );
  const done = started.then(
    (p) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
        p.once('close', (code) => resolve({ code, out: out.slice('ready\n'.length), err })),
      ),
  );
  return { ready, done, go: () => started.then((p) => p.stdin.end('go\n')) };
}
