import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '@guts/harness/chromium.ts';
import { activityHostPage } from '@guts/local-discord';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildActivityPage } from '../../src/activity/page-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Activity's page, built once for the run, with the stand-in client's page beside it (`host.html`). */
    activityAssets: string;
    /** The run's one Chromium (`chromium.launchServer`): each file connects to it (`launchChromium`). */
    chromiumEndpoint?: string;
  }
}

/**
 * The browser layer's global setup: one esbuild build of the Activity's page and one
 * Chromium for the whole run, instead of one of each per file (a second and a half and
 * two seconds a file here). Files connect to the browser and open their own contexts
 * (a page each, as before), so nothing one file does is seen by another; the files
 * only read the built page.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Without Chromium, the files say so and are left out (test/support/chromium.ts); the page is still built.
  const assets = mkdtempSync(join(tmpdir(), 'guts-activity-'));
  const [server] = await Promise.all([
    existsSync(CHROMIUM)
      ? chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
      : null,
    buildActivityPage(assets),
  ]);
  copyFileSync(activityHostPage, join(assets, 'host.html'));
  project.provide('activityAssets', assets);
  if (server) project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server?.close();
    rmSync(assets, { recursive: true, force: true });
  };
}
