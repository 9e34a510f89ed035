import { existsSync } from 'node:fs';
import { CHROMIUM, launchChromium as launchOwnChromium } from '@guts/harness/chromium.ts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export { CHROMIUM };

/**
 * CI installs Chromium and must run the browser layer (a missing browser fails there);
 * on a developer's machine without it, the browser files say so and are left out.
 */
export const browserMissingLocally = !existsSync(CHROMIUM) && process.env.CI !== 'true';
if (browserMissingLocally) console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

/**
 * A connection to the run's one Chromium (`test/support/browser-setup.ts`), or a Chromium
 * of the file's own when no setup started one (the same launcher as the benches). Closing
 * it closes the pages and contexts this file opened, never another file's.
 */
export async function launchChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchOwnChromium();
}

/** Collects what the page calls an error (a console error, an uncaught exception) into `errors`, each tagged. */
export function collectPageErrors(page: Page, errors: string[], tag = ''): void {
  const prefix = tag ? `${tag}: ` : '';
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${prefix}${message.text()} ${JSON.stringify(message.location())}`);
  });
  page.on('pageerror', (err) => errors.push(`${prefix}${String(err)}`));
}
