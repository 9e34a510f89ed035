/**
 * Node's options for every bot process, whoever starts it: `npm start` (package.json),
 * the `guts` command (bin/guts.js's first line), the Docker image (its ENTRYPOINT), the
 * sharding manager's children (`execArgv`), and the benches that run the bot as those do.
 * test/unit/node-options.test.ts holds each launcher to this list.
 *
 * `--v8-pool-size=1`: one V8 platform worker thread instead of four. Those threads
 * compile hot functions with TurboFan and mark and sweep concurrently with the GC; each
 * takes a glibc malloc arena of its own, and what the start-up's compiles freed in
 * them stays resident. An idle bot read 93.5-103.2 MB, 4.7-13.8 MB of it in those
 * arenas, the more the busier the machine at start-up; with one worker, 86 MB
 * (docs/PERFORMANCE.md, Memory). The bot's own thread still does no compiling:
 * optimising compiles stay concurrent, on the one worker. A process cannot set this for
 * itself once started: the platform is made before any JavaScript runs.
 */
export const BOT_NODE_OPTIONS: readonly string[] = ['--v8-pool-size=1'];
