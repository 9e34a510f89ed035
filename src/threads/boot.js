// Entry point of every worker thread: the module named in workerData. Compiled code
// (bin/build.js) loads as it is; TypeScript sources (tests, tsx runs) need the loader
// registered in this thread, since workers do not inherit the main thread's.
import { workerData } from 'node:worker_threads';

/** What bin/build.js compiles, relative to the repository. */
const COMPILED_SOURCES = /^(src|commands|migrations|packages\/[^/]+\/src)\//;

/**
 * The compiled twin of a source module (bin/build.js builds it from the sources as they
 * are now, named by their hash, so it is never stale), or null for a module it does not
 * compile. The test suite asks for it (GUTS_COMPILED_THREADS=1): a thread that boots the
 * compiler spends a second of a core before its first job, and the suite starts hundreds.
 */
async function compiledTwin(source) {
  const root = new URL('../../', import.meta.url).href;
  const path = source.startsWith(root) ? source.slice(root.length) : null;
  if (path === null || !COMPILED_SOURCES.test(path)) return null;
  const { compiled } = await import(new URL('bin/build.js', root).href);
  return new URL(path.replace(/\.ts$/, '.js'), await compiled()).href;
}

let module = workerData.module;
if (module.endsWith('.ts') && process.env.GUTS_COMPILED_THREADS === '1')
  module = (await compiledTwin(module)) ?? module;
if (module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(module);
