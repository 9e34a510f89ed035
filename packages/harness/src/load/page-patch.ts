import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { PAGE_BUNDLE } from 'guts/src/activity/page-build.ts';
import { pageHeaders } from 'guts/src/activity/page-headers.ts';
import { activityPageSources, repositoryRoot } from '../bot-files.ts';
import { launchChromium } from '../chromium.ts';

/**
 * `activity-patch`: the page's own DOM patcher (src/activity/page/patch.ts) against the
 * libraries that do the same (morphdom, idiomorph), on the frames a real deal sent the page
 * (a deal's updates and its reveal), drawn in Chromium at 390×844 with its CPU slowed, the
 * page's stylesheet and Content-Security-Policy. Each patcher is bundled in place of
 * patch.ts (`render.ts` imports it); the rounds take the patchers in turn.
 */

export const PATCHERS = ['ours', 'morphdom', 'idiomorph'] as const;
export type Patcher = (typeof PATCHERS)[number];

/** This folder's TypeScript, the repository's (a compiled build of the harness holds no `.ts` to bundle). */
const here = join(repositoryRoot(), 'packages/harness/src/load');
const adapters: Record<Patcher, string> = {
  ours: join(activityPageSources(), 'patch.ts'),
  morphdom: join(here, 'page-patch/morphdom.ts'),
  idiomorph: join(here, 'page-patch/idiomorph.ts'),
};

/** render.ts's `./patch.ts` made `patcher`'s (`timed`: each call's time pushed to `__patchMs`). */
function patcherPlugin(patcher: Patcher, timed: boolean): Plugin {
  return {
    name: 'patcher',
    setup(b) {
      b.onResolve({ filter: /^\.\/patch\.ts$/ }, (args) =>
        args.importer.endsWith(join('page', 'render.ts'))
          ? timed
            ? { path: patcher, namespace: 'timed-patcher' }
            : { path: adapters[patcher] }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'timed-patcher' }, () => ({
        resolveDir: here,
        loader: 'ts',
        contents: `import { patchChildren as patch } from ${JSON.stringify(adapters[patcher])};
export function patchChildren(parent: Node, next: readonly (Node | string)[]): void {
  const g = globalThis as unknown as { __patchMs: number[]; __focusLost: number };
  const key = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.key : undefined;
  const began = performance.now();
  patch(parent, next);
  g.__patchMs.push(performance.now() - began);
  // A control the new drawing keeps but the patch took the focus from: render.ts focuses it again (a forced layout).
  const kept = key === undefined ? null : (parent as Element).querySelector('[data-key="' + CSS.escape(key) + '"]');
  if (kept && document.activeElement !== kept) g.__focusLost++;
}`,
      }));
    },
  };
}

const bundle = async (entry: string, plugin: Plugin) => {
  const out = await build({ ...PAGE_BUNDLE, entryPoints: [entry], plugins: [plugin] });
  const js = out.outputFiles[0]?.contents;
  if (!js) throw new Error(`the bundle of ${entry} is empty`);
  return js;
};

/** The page's whole bundle (main.ts) gzipped, built with each patcher. */
export async function pageBytesByPatcher(): Promise<Record<Patcher, number>> {
  const sizes = await Promise.all(
    PATCHERS.map(
      async (p) => gzipSync(await bundle(join(activityPageSources(), 'main.ts'), patcherPlugin(p, false))).length,
    ),
  );
  return Object.fromEntries(PATCHERS.map((p, i) => [p, sizes[i] ?? 0])) as Record<Patcher, number>;
}

export interface Drawn {
  kind: 'first' | 'deal' | 'reveal';
  parseMs: number;
  drawMs: number;
  patchMs: number;
  longTasks: number[];
}

export interface PatchRun {
  patcher: Patcher;
  drawn: Drawn[];
  focusChecks: number;
  focusKept: number;
  /** Patches that took the focus from a control (render.ts gave it back). */
  focusLost: number;
}

/** Each patcher drawing `frames` `rounds` times at `cpuSlowdown`, the patchers in turn each round. */
export async function replayPatchers(frames: string[], rounds: number, cpuSlowdown: number): Promise<PatchRun[]> {
  const css = (
    await Promise.all(
      ['table.css', 'page.css', 'social.css', 'rules.css'].map((f) => readFile(join(activityPageSources(), f), 'utf8')),
    )
  ).join('\n');
  const scripts = new Map<Patcher, Uint8Array>();
  for (const p of PATCHERS) scripts.set(p, await bundle(join(here, 'page-patch/replay.ts'), patcherPlugin(p, true)));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="page.css"></head>
<body><main id="table"></main><script type="module" src="replay.js"></script></body></html>`;
  const browser = await launchChromium();
  const runs: PatchRun[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const order = PATCHERS.map((_, i) => PATCHERS[(i + r) % PATCHERS.length] as Patcher);
      for (const patcher of order) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        await page.route('http://patch.bench/**', (route) => {
          const path = new URL(route.request().url()).pathname;
          const [body, type] =
            path === '/replay.js'
              ? [Buffer.from(scripts.get(patcher) ?? ''), 'text/javascript']
              : path === '/page.css'
                ? [css, 'text/css']
                : [html, 'text/html'];
          return route.fulfill({ body, contentType: type, headers: pageHeaders([]) });
        });
        await page.goto('http://patch.bench/');
        await page.waitForFunction(() => 'replayFrames' in globalThis);
        // The page parses its card faces ahead while idle (cards.ts): done before the replay, as on a table open a while.
        await page.waitForTimeout(1_000);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        const result = await page.evaluate(
          (f) =>
            (
              globalThis as unknown as {
                replayFrames(f: string[]): Promise<Omit<PatchRun, 'patcher'>>;
              }
            ).replayFrames(f),
          frames,
        );
        runs.push({ patcher, ...result });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return runs;
}
