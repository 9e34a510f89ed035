import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/sequencer.ts';

/**
 * Three layers, by folder: a test's layer is in its path, `test/<layer>/…` for the bot and
 * `packages/<name>/test/<layer>/…` for the packages beside it, so a new file lands in its
 * layer by where it is put (`test/unit/architecture.test.ts` fails on a test outside one).
 *
 * - unit: pure rules, the engine, the table, ledger and database, i18n, views, the step
 *   pipeline; no local Discord, no bot, no browser. `npm run test:unit` is the loop while editing.
 * - e2e: the local Discord (with discord.js against it), the bot, the playground, or
 *   child processes that run them (the `guts`/`guts-harness` CLIs, docker compose). Seconds a file.
 * - browser: pages in chromium (playwright-core).
 *
 * `npm test` (test/run-layers.js) runs the unit files, on two workers, beside the e2e and
 * browser files, as two vitest runs, and reports them as one: the e2e and browser files
 * mostly wait on sockets, timers, child processes and Chromium's frames, and the unit files
 * fill the cores they leave idle. The e2e and browser files run together, three at a time
 * (one `sequence.groupOrder`: one group, one `maxWorkers`). `vitest run` alone runs the unit
 * group first, then the other. In each group the longest files start first
 * (test/support/sequencer.ts).
 */

/**
 * How many e2e and browser files run at once: three; four timed pages and shard processes
 * out with the machine at a load of 16. GUTS_TEST_FILES_AT_ONCE sets it (a quiet machine may take four).
 */
const filesAtOnce = Number(process.env.GUTS_TEST_FILES_AT_ONCE ?? 3);

const inLayer = (layer: 'unit' | 'e2e' | 'browser') => [
  `test/${layer}/**/*.test.ts`,
  `packages/*/test/${layer}/**/*.test.ts`,
];

export default defineConfig({
  test: {
    // Servers, child processes, threads booting from TypeScript, and property tests: room for a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for what the bot or a page does next: 1 s (vitest's default) is
    // short on a loaded machine, and a condition that holds returns at once anyway.
    expect: { poll: { timeout: 15_000 } },
    // Sums what each local Discord checked against Discord's spec: "spec checks: N requests, M responses, 0 violations".
    globalSetup: ['test/spec-report.ts'],
    sequence: { sequencer: LongestFirst },
    // The bot's helper threads run their modules' compiled twins (src/threads/boot.js): a
    // thread booting the TypeScript compiler spent a second of a core, hundreds of times a run.
    env: { GUTS_COMPILED_THREADS: process.env.GUTS_COMPILED_THREADS ?? '1' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: inLayer('unit'),
          // Worker threads start faster than processes: 59 s here against 99 s. Files share
          // a worker's modules (13 s of imports saved): a file that mocks a module or needs a
          // fresh one calls vi.resetModules() and imports it itself (test/unit/i18n/).
          pool: 'threads',
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          // The property tests' random games per variant (test/engine/random-games.ts):
          // 200 here keeps this layer under a minute alone; GUTS_PROPERTY_RUNS=1000 goes deeper.
          env: { GUTS_PROPERTY_RUNS: process.env.GUTS_PROPERTY_RUNS ?? '200' },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: inLayer('e2e'),
          maxWorkers: filesAtOnce,
          // A worker's files share its modules, as the unit files do: each file imported the bot,
          // discord.js and the local Discord afresh, two seconds of a core a file (10 files here:
          // 72 s of CPU isolated, 50 s shared). Nothing here mocks a module; a file that sets an
          // environment variable the bot reads puts it back (step-faults.test.ts).
          isolate: false,
          // A world's start (the local Discord, a bot process, its threads booting) took over a
          // minute with both cores busy beside other suites; a hook that hangs still fails.
          hookTimeout: 180_000,
          // Beside the browser files: one group, so one maxWorkers for both.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: inLayer('browser'),
          // One build of the Activity's page and one Chromium for the run: each file connects to
          // it and opens pages of its own (test/support/browser-setup.ts). Modules shared, as e2e.
          globalSetup: ['test/support/browser-setup.ts'],
          isolate: false,
          // Started beside the e2e files: a world and pages on a busy machine, as e2e.
          hookTimeout: 180_000,
          // With the e2e files (the same group): a browser file mostly waits on its world's
          // sockets and timers and on Chromium's frames.
          maxWorkers: filesAtOnce,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
