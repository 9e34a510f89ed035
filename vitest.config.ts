import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three layers, by what a test starts. Each glob is written for the bot's own tests
 * (test/) and for those of the packages beside it (packages/<name>/test/).
 *
 * - e2e: the local Discord (with discord.js against it), the bot, the playground, or
 *   child processes that run them. Seconds a file.
 * - browser: the playground's pages in chromium (playwright-core).
 * - unit: everything else: pure rules, the engine, the table, ledger and database,
 *   i18n, views, the step pipeline. `npm run test:unit` is the loop while editing.
 *
 * `npm test` runs the layers one after the other (`sequence.groupOrder`): the unit files
 * on two workers, as they are busy on a core each; then the e2e files three at a time,
 * as they mostly wait on sockets, timers and child processes (vitest's default on two
 * cores is one file at a time); then the browser.
 */
const inTests = (glob: string) => [`test/${glob}`, `packages/*/test/${glob}`];

const browser = inTests('**/browser*.test.ts');

const e2e = [
  ...inTests('e2e/**/*.test.ts'),
  // The local Discord's own tests start it, all but the two that test its parts alone.
  'test/local-discord/**/!(units|permissions).test.ts',
  'packages/local-discord/test/**/!(units|permissions).test.ts',
  ...inTests('**/discord/card-emojis.test.ts'),
  ...inTests('**/shards/rest-proxy.test.ts'),
  ...inTests('**/playground/{server,stable-ids}.test.ts'),
  // A backup taken while a game plays against the local Discord.
  ...inTests('**/cli/backup.test.ts'),
  // A soak of a few tables: the local Discord and the bot in child processes.
  ...inTests('**/bench-soak.test.ts'),
  // The command lines (`guts`, `guts-harness`, docker compose's config) run as child processes.
  ...inTests('**/cli/{start-refusals,which-database}.test.ts'),
  'packages/harness/test/{bench-cli,start}.test.ts',
  ...inTests('**/shards/compose.test.ts'),
];

export default defineConfig({
  test: {
    // Servers, child processes, threads booting from TypeScript, and property tests: room for a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Sums what each local Discord checked against Discord's spec: "spec checks: N requests, M responses, 0 violations".
    globalSetup: ['test/spec-report.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: inTests('**/*.test.ts'),
          exclude: [...configDefaults.exclude, ...e2e, ...browser],
          // Worker threads start faster than processes: 59 s here against 99 s. Files share
          // a worker's modules (13 s of imports saved): a file that mocks a module or needs a
          // fresh one calls vi.resetModules() and imports it itself (test/i18n/).
          pool: 'threads',
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          // The property tests' random games per variant (test/engine/random-games.ts):
          // 200 here keeps this layer under a minute; GUTS_PROPERTY_RUNS=1000 goes deeper.
          env: { GUTS_PROPERTY_RUNS: process.env.GUTS_PROPERTY_RUNS ?? '200' },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: e2e,
          exclude: [...configDefaults.exclude, ...browser],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: browser,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
