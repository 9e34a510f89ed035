import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** What bin/build.js compiles: an import resolving here runs its compiled twin. */
const COMPILED_SOURCES = /^(src|commands|migrations|packages\/[^/]+\/src)\//;
/** Beside node_modules, so what the script leaves to packages resolves as from the repository. */
const OUT_DIR = join(root, 'node_modules/.cache/guts-test-scripts');

const built = new Map<string, Promise<string>>();

/**
 * A test's helper script (the entry of a child process it starts) as one plain JavaScript
 * file to run with `node FILE ARGS`: the script and the test files it imports bundled, each
 * import of the bot's sources pointed at their compiled twin (`bin/build.js`, the code
 * production runs), packages left to node_modules. A child run from TypeScript
 * (`node --import tsx SCRIPT`) spent a second and a half of a core loading the compiler and
 * compiling the sources before its first line; this one starts in a few tenths.
 */
export function compiledScript(script: string): Promise<string> {
  let file = built.get(script);
  if (!file) {
    file = bundle(script);
    built.set(script, file);
  }
  return file;
}

async function bundle(script: string): Promise<string> {
  const { compiled } = (await import(pathToFileURL(join(root, 'bin/build.js')).href)) as {
    compiled(): Promise<URL>;
  };
  const tree = fileURLToPath(await compiled());
  const toCompiled: Plugin = {
    name: 'compiled-sources',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === 'resolving') return undefined;
        const found = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'resolving',
        });
        if (found.errors.length > 0) return { errors: found.errors };
        if (found.path.includes('/node_modules/') || found.external) return { path: args.path, external: true };
        const rel = relative(root, found.path);
        if (COMPILED_SOURCES.test(rel))
          return { path: pathToFileURL(join(tree, rel.replace(/\.ts$/, '.js'))).href, external: true };
        return { path: found.path };
      });
    },
  };
  const result = await build({
    entryPoints: [script],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'error',
    plugins: [toCompiled],
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`esbuild wrote nothing for ${script}`);
  const name = `${basename(script, '.ts')}-${createHash('sha1').update(code).digest('hex').slice(0, 12)}.mjs`;
  const file = join(OUT_DIR, name);
  if (!existsSync(file)) {
    // Files running in parallel may build the same script: each writes aside, the rename is atomic.
    mkdirSync(OUT_DIR, { recursive: true });
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, code);
    renameSync(aside, file);
  }
  return file;
}
