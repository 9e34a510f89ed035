#!/usr/bin/env node
// `npm test`: the unit layer and the e2e and browser layers as two vitest runs side by side,
// then one report of both (vitest's blob reporter and --merge-reports).
//
// Why two runs: in one run vitest runs its groups one after the other, and projects in one
// group share one `maxWorkers`. Run first, the unit files (about a minute, busy on both cores)
// held the e2e files back; in one group with them, they either took places the e2e files need
// or shared processes with them (a unit test then depends on what an e2e file left behind).
// Beside the e2e files they fill what those leave idle while waiting on sockets, timers,
// child processes and Chromium (about a third of both cores in the e2e layer's first minutes).
//
// Arguments: `--reporter…` and `--outputFile…` shape the final report (default: vitest's
// `default`); everything else (file filters, `-t`, `--bail`…) goes to both runs. With
// `--project`, one plain `vitest run` takes them all: the layers asked for are the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const vitest = join(dirname(vitestPackage), 'vitest.mjs');
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const reportArgs = [];
const runArgs = [];
for (let at = 0; at < args.length; at += 1) {
  const arg = args[at];
  if (!/^--(reporter|outputFile)([.=]|$)/.test(arg)) runArgs.push(arg);
  // `--reporter json` as well as `--reporter=json`.
  else reportArgs.push(...(arg.includes('=') || at + 1 === args.length ? [arg] : [arg, args[++at]]));
}

/** Runs vitest with `argv`: its exit code (1 when a signal killed it) and, if piped, its output. */
function run(argv, stdio) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, ...argv], { cwd: root, stdio });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      console.error(`vitest did not start: ${error.message}`);
      resolve({ code: 1, output });
    });
    // 'close', not 'exit': a piped output may still be read after the process has exited.
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const layerRun = (name, projects, liveReporter) => [
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--passWithNoTests',
  '--reporter=blob',
  `--outputFile.blob=${join(blobs, `${name}.json`)}`,
  ...(liveReporter ? [`--reporter=${liveReporter}`] : []),
  ...runArgs,
];

if (runArgs.some((arg) => arg === '--project' || arg.startsWith('--project='))) {
  process.exitCode = (await run(['run', ...args], 'inherit')).code;
  process.exit();
}

const blobs = mkdtempSync(join(tmpdir(), 'guts-test-blobs-'));
const startedAt = Date.now();
console.log('unit files in the background (reported at the end); e2e and browser files:');
const [unit, e2e] = await Promise.all([
  // Quiet while it runs: its output is said once the other run is done, not among its lines.
  run(layerRun('unit', ['unit']), ['ignore', 'pipe', 'pipe']),
  run(layerRun('e2e', ['e2e', 'browser'], './test/support/file-progress.ts'), 'inherit'),
]);
// Less the blob's path: the blob is this script's business, and gone by the end.
const unitOutput = Buffer.concat(unit.output)
  .toString()
  .split('\n')
  .filter((line) => !line.startsWith('blob report written'))
  .join('\n')
  .trim();
if (unitOutput) console.log(`\nthe unit run said:\n${unitOutput}`);

console.log('\nevery layer:');
const merged = await run(
  ['run', '--mergeReports', blobs, ...(reportArgs.length > 0 ? reportArgs : ['--reporter=default'])],
  'inherit',
);
rmSync(blobs, { recursive: true, force: true });
for (const [name, layer] of [
  ['unit', unit],
  ['e2e and browser', e2e],
]) {
  if (layer.code !== 0) console.error(`the ${name} run exited with ${layer.code}`);
}
// The merged report's "Duration" is the two runs' durations summed; this is the time it took.
console.log(`npm test took ${Math.round((Date.now() - startedAt) / 1000)} s, the two runs side by side`);
process.exitCode = unit.code || e2e.code || merged.code;
