import { existsSync } from 'node:fs';
import { CHROMIUM, launchChromium } from '@guts/harness/chromium.ts';
import type { Page } from 'playwright-core';

// One launcher for the tests and the benches (the `activity-first-render` bench opens the page too).
export { CHROMIUM, launchChromium };

/**
 * CI installs Chromium and must run the browser layer (a missing browser fails there);
 * on a developer's machine without it, the browser files say so and are left out.
 */
export const browserMissingLocally = !existsSync(CHROMIUM) && process.env.CI !== 'true';
if (browserMissingLocally) console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

/** Collects what the page calls an error (a console error, an uncaught exception) into `errors`, each tagged. */
export function collectPageErrors(page: Page, errors: string[], tag = ''): void {
  const prefix = tag ? `${tag}: ` : '';
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${prefix}${message.text()} ${JSON.stringify(message.location())}`);
  });
  page.on('pageerror', (err) => errors.push(`${prefix}${String(err)}`));
}
