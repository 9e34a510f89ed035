import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { ACTIVITY_ASSETS_DIR } from './assets-dir.ts';

const pageDir = fileURLToPath(new URL('./page/', import.meta.url));

/** How the page's script is bundled: also what a bench of the page's code builds with. */
export const PAGE_BUNDLE = {
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  write: false,
  legalComments: 'none',
} as const satisfies BuildOptions;

export interface BuiltPage {
  dir: string;
  /** The bundle's file name under `assets/` (its content's hash in it) and its size in bytes. */
  script: { name: string; bytes: number };
  style: { name: string; bytes: number };
}

const hashed = (stem: string, ext: string, bytes: Uint8Array | string) =>
  `${stem}-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.${ext}`;

/**
 * Builds the Activity's page into `dir` (the directory the HTTP server serves): the
 * TypeScript in `page/` and `@discord/embedded-app-sdk` in one minified esbuild bundle,
 * the stylesheet, both under names that carry their content's hash (cached for good),
 * and `index.html` naming them. `sources` is the page's folder of TypeScript: the
 * compiled build (bin/build.js) runs this module compiled and names the repository's.
 */
export async function buildActivityPage(dir: string = ACTIVITY_ASSETS_DIR, sources = pageDir): Promise<BuiltPage> {
  const page = sources.endsWith('/') ? sources : `${sources}/`;
  const bundle = await build({ ...PAGE_BUNDLE, entryPoints: [`${page}main.ts`] });
  const js = bundle.outputFiles[0]?.contents;
  if (!js) throw new Error('the page bundle is empty');
  // The card table's rules, then the page's (its sizes' media queries last), then Discord's social controls and
  // the host's Rules panel: one stylesheet.
  const css = (
    await Promise.all(['table.css', 'page.css', 'social.css', 'rules.css'].map((f) => readFile(`${page}${f}`, 'utf8')))
  ).join('\n');
  const script = hashed('main', 'js', js);
  const style = hashed('page', 'css', css);
  const html = (await readFile(`${page}index.html`, 'utf8'))
    .replace('{{script}}', () => `assets/${script}`)
    .replace('{{style}}', () => `assets/${style}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await Promise.all([
    writeFile(`${dir}/${script}`, js),
    writeFile(`${dir}/${style}`, css),
    writeFile(`${dir}/index.html`, html),
  ]);
  return { dir, script: { name: script, bytes: js.length }, style: { name: style, bytes: css.length } };
}
