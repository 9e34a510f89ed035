// Compiles the TypeScript sources to plain JavaScript once, so the running bot carries
// no TypeScript compiler: each thread of a bot run through tsx loads the compiler and
// keeps its transforms (about 40 MB a thread). The build is named by a hash of the
// sources, so a changed file means a new build, never a stale one, and processes
// started together (shards, a test's bots) share it. esbuild compiles ~400 files in
// well under a second; it comes with tsx, a dependency. The workspace packages
// (packages/*: the local Discord, the harness) are compiled into the same build when
// they are there; the production image has none.
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
/** Folders of TypeScript that run; `assets`, `bin` and the catalogues (`locales`) are linked, not compiled. */
const SOURCES = ['src', 'commands', 'migrations'];
const LINKED = ['assets', 'bin', 'locales'];
/** Each workspace package (a folder of packages/) brings its `src`, and its `bin` is linked. */
const PACKAGES = 'packages';
/** Builds kept beside the newest: a bot still running an older one may start a thread from it. */
const KEEP = 3;

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** The workspace packages present, as folders relative to the root. */
function packageDirs() {
  if (!existsSync(join(root, PACKAGES))) return [];
  return readdirSync(join(root, PACKAGES), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(root, PACKAGES, e.name, 'package.json')))
    .map((e) => join(PACKAGES, e.name));
}

function sourceFiles() {
  const folders = [...SOURCES, ...packageDirs().map((p) => join(p, 'src'))];
  const manifests = packageDirs().map((p) => join(root, p, 'package.json'));
  return [...folders.flatMap((d) => filesUnder(join(root, d))), ...manifests].sort();
}

/** Folders linked into the build: the root's and each package's `bin`. */
function linkedDirs() {
  const bins = packageDirs()
    .map((p) => join(p, 'bin'))
    .filter((d) => existsSync(join(root, d)));
  return [...LINKED, ...bins];
}

/** The build's name: the sources' paths and contents, the lockfile and this script. */
function buildName(files) {
  const hash = createHash('sha1');
  for (const file of [...files, join(root, 'package-lock.json'), fileURLToPath(import.meta.url)]) {
    if (!existsSync(file)) continue;
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** An import of a workspace package by name (`guts/src/…`, `@guts/local-discord`). */
const WORKSPACE_IMPORT = /^(guts|@guts\/[^/]+)(\/|$)/;

/**
 * Every import stays an import (packages from node_modules, sources as their compiled
 * `.js`). An import of a workspace package by name becomes a relative one into this
 * build: by name, Node would find the package's TypeScript through node_modules.
 */
const keepImports = {
  name: 'keep-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'resolving') return undefined;
      if (WORKSPACE_IMPORT.test(args.path)) {
        // The bot is the root package: `guts/x` is the root's `x`, linked into node_modules or not.
        const self = args.path.startsWith('guts/');
        const found = await build.resolve(self ? `./${args.path.slice('guts/'.length)}` : args.path, {
          kind: args.kind,
          resolveDir: self ? root : args.resolveDir,
          pluginData: 'resolving',
        });
        if (found.errors.length > 0) return { errors: found.errors };
        let path = relative(args.resolveDir, found.path).replace(/\.ts$/, '.js');
        if (!path.startsWith('.')) path = `./${path}`;
        return { path, external: true };
      }
      return { path: args.path.replace(/\.ts$/, '.js'), external: true };
    });
  },
};

async function compile(files, into) {
  const { build } = await import('esbuild');
  const isTypes = (f) => f.endsWith('.d.ts');
  const code = files.filter((f) => f.endsWith('.ts') && !isTypes(f));
  await build({
    entryPoints: code,
    outdir: into,
    outbase: root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // No source maps: the output keeps the sources' names and layout, and a process
    // that loads maps holds them all.
    logLevel: 'error',
    plugins: [keepImports],
  });
  for (const file of files.filter((f) => !f.endsWith('.ts') && !f.endsWith('package.json'))) {
    // The playground's page and the threads' boot file are read as they are.
    const to = join(into, relative(root, file));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(file, to);
  }
  for (const dir of linkedDirs()) {
    mkdirSync(dirname(join(into, dir)), { recursive: true });
    symlinkSync(join(root, dir), join(into, dir), 'dir');
  }
}

/**
 * The Activity's page (src/activity/page-build.ts, run compiled) into the build's own
 * `dist/activity/`, where the compiled server looks: built with the code, named by the
 * same hash, so the page served is never older than the bot serving it. A Docker image
 * gets it from the same `node bin/build.js`; its run stage cannot write. The page's
 * TypeScript is bundled from the repository, where it is source, not compiled output.
 */
async function buildPage(into) {
  const pageBuild = join(into, 'src/activity/page-build.js');
  if (!existsSync(pageBuild)) return;
  const { buildActivityPage } = await import(pathToFileURL(pageBuild).href);
  await buildActivityPage(join(into, 'dist/activity'), join(root, 'src/activity/page'));
}

function prune(dist, keep) {
  const builds = readdirSync(dist, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[0-9a-f]{12}$/.test(e.name) && e.name !== keep)
    .map((e) => ({ name: e.name, at: statSync(join(dist, e.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of builds.slice(KEEP - 1)) rmSync(join(dist, old.name), { recursive: true, force: true });
}

/**
 * The compiled tree for the sources as they are now (built if missing): a folder that
 * mirrors the repository, `src/cli/main.js` and so on. Safe when several processes ask
 * at once: each builds aside and the first rename wins (aside in a folder of its own: the
 * threads of one process, and two calls on one thread, may ask at once too).
 */
export async function compiled() {
  const files = sourceFiles();
  const dist = join(root, 'dist');
  const into = join(dist, buildName(files));
  if (existsSync(join(into, '.complete'))) return pathToFileURL(`${into}/`);
  mkdirSync(dist, { recursive: true });
  const aside = `${into}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await compile(files, aside);
  await buildPage(aside);
  writeFileSync(join(aside, '.complete'), '');
  try {
    renameSync(aside, into);
  } catch (err) {
    // Another process finished the same build first: use theirs.
    rmSync(aside, { recursive: true, force: true });
    if (!existsSync(join(into, '.complete'))) throw err;
  }
  prune(dist, buildName(files));
  return pathToFileURL(`${into}/`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = await compiled();
  process.stdout.write(`${fileURLToPath(at)}\n`);
}
