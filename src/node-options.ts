/**
 * Node's options for every bot process, whoever starts it: `npm start` (package.json),
 * the `guts` command (bin/guts.js's first line), the Docker image (its ENTRYPOINT), the
 * sharding manager's children (`execArgv`), and the benches that run the bot as those do.
 * test/unit/node-options.test.ts holds each launcher to this list.
 *
 * `--v8-pool-size=2`: two V8 platform worker threads instead of four. Those threads
 * compile hot functions with TurboFan and mark and sweep concurrently with the GC; each
 * takes a glibc malloc arena of its own, and what the start-up's compiles freed in
 * them stays resident: an idle bot read 90.6-99.7 MB with four, 4.5-16.2 MB of it in
 * those arenas, the more the busier the machine at start-up (docs/PERFORMANCE.md,
 * Memory). One worker kept least (86 MB) but cost the bot's thread 15% more CPU a deal
 * under load and half its deals a second: the GC's helper work and the optimising
 * compiles then wait for one thread. A process cannot set this for itself once
 * started: the platform is made before any JavaScript runs.
 */
export const BOT_NODE_OPTIONS: readonly string[] = ['--v8-pool-size=2'];
