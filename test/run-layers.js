#!/usr/bin/env node
// `npm test`: the unit layer and the e2e and browser layers as two vitest runs side by side,
// then one report of both (vitest's blob reporter and --mergeReports).
//
// Why two runs: in one run vitest runs its groups one after the other, and projects in one
// group share one `maxWorkers`. Run first, the unit files (about a minute, busy on both cores)
// held the e2e files back; in one group with them, they either took places the e2e files need
// or shared processes with them (a unit test then depends on what an e2e file left behind).
// Beside the e2e files they fill what those leave idle while waiting on sockets, timers,
// child processes and Chromium (about a third of both cores in the e2e layer's first minutes).
//
// Arguments: `--reporter…` and `--outputFile…` shape the final report (default: vitest's
// `default`); everything else (file filters, `-t`, `--bail`…) goes to both runs, and
// `--passWithNoTests` to the report too. With `--project`, one plain `vitest run` takes them
// all: the layers asked for are the run.
//
// Both runs read and write vitest's one cache of files' durations, the last to end winning:
// the e2e run's, which keeps the unit files' durations as they were when it started. Nothing
// here orders files by them alone (test/support/sequencer.ts names the longest).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const vitest = join(dirname(vitestPackage), 'vitest.mjs');
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const reportArgs = args.includes('--passWithNoTests') ? ['--passWithNoTests'] : [];
const runArgs = [];
for (let at = 0; at < args.length; at += 1) {
  const arg = args[at];
  if (!/^--(reporter|outputFile)([.=]|$)/.test(arg)) runArgs.push(arg);
  // `--reporter json` as well as `--reporter=json`.
  else reportArgs.push(...(arg.includes('=') || at + 1 === args.length ? [arg] : [arg, args[++at]]));
}

// A signal to this script (Ctrl-C, CI's timeout) goes on to the runs, which stop their
// workers, bots and Chromium; then no report, and the signal's exit code.
const running = new Set();
let stoppedBy = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stoppedBy ??= signal;
    for (const child of running) child.kill(signal);
  });
}

/** Runs vitest with `argv`: its exit code (1 when a signal killed it) and, if piped, its output (stderr with stdout). */
function run(argv, stdio) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, ...argv], { cwd: root, stdio });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      console.error(`vitest did not start: ${error.message}`);
      resolve({ code: 1, output });
    });
    // 'close', not 'exit': a piped output may still be read after the process has exited.
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

const stopIfSignalled = () => {
  if (stoppedBy) process.exit(128 + constants.signals[stoppedBy]);
};

if (runArgs.some((arg) => arg === '--project' || arg.startsWith('--project='))) {
  process.exitCode = (await run(['run', ...args], 'inherit')).code;
  stopIfSignalled();
  process.exit();
}

const blobs = mkdtempSync(join(tmpdir(), 'guts-test-blobs-'));
process.on('exit', () => rmSync(blobs, { recursive: true, force: true }));
const blobOf = (name) => join(blobs, `${name}.json`);
const layerRun = (name, projects, liveReporter) => [
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--passWithNoTests',
  '--reporter=blob',
  `--outputFile.blob=${blobOf(name)}`,
  ...(liveReporter ? [`--reporter=${liveReporter}`] : []),
  ...runArgs,
];

const startedAt = Date.now();
console.log('unit files in the background (reported at the end); e2e and browser files:');
const [unit, e2e] = await Promise.all([
  // Quiet while it runs: its output is said once the other run is done, not among its lines.
  run(layerRun('unit', ['unit']), ['ignore', 'pipe', 'pipe']),
  run(layerRun('e2e', ['e2e', 'browser'], './test/support/file-progress.ts'), 'inherit'),
]);
// Less the unit blob's path: the blobs are this script's business, and gone by the end.
const unitOutput = Buffer.concat(unit.output)
  .toString()
  .split('\n')
  .filter((line) => !line.startsWith('blob report written'))
  .join('\n')
  .trim();
if (unitOutput) console.log(`\nthe unit run said:\n${unitOutput}`);
stopIfSignalled();

let failed = false;
for (const [blob, name, layer] of [
  ['unit', 'unit', unit],
  ['e2e', 'e2e and browser', e2e],
]) {
  if (layer.code !== 0) {
    console.error(`the ${name} run exited with ${layer.code}`);
    failed = true;
  }
  // A run that crashed may have written nothing: the report would then leave its tests out.
  if (!existsSync(blobOf(blob))) {
    console.error(`the ${name} run wrote no report: its tests are not in the counts below`);
    failed = true;
  }
}

console.log('\nevery layer:');
const merged = await run(
  [
    'run',
    '--mergeReports',
    blobs,
    ...(reportArgs.some((arg) => arg.startsWith('--reporter')) ? [] : ['--reporter=default']),
    ...reportArgs,
  ],
  'inherit',
);
stopIfSignalled();
// The merged report's "Duration" is the two runs' durations summed; this is the time it took.
console.log(`npm test took ${Math.round((Date.now() - startedAt) / 1000)} s, the two runs side by side`);
process.exitCode = failed ? 1 : merged.code;
