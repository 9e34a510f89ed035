import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs (no browser download: no internet here). */
export const CHROMIUM = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * CI installs Chromium and must run the browser layer (a missing browser fails there);
 * on a developer's machine without it, the browser files say so and are left out.
 */
export const browserMissingLocally = !existsSync(CHROMIUM) && process.env.CI !== 'true';
if (browserMissingLocally) console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

/** One headless Chromium for a test file; a missing browser is an error naming the package to install. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** Collects what the page calls an error (a console error, an uncaught exception) into `errors`, each tagged. */
export function collectPageErrors(page: Page, errors: string[], tag = ''): void {
  const prefix = tag ? `${tag}: ` : '';
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${prefix}${message.text()} ${JSON.stringify(message.location())}`);
  });
  page.on('pageerror', (err) => errors.push(`${prefix}${String(err)}`));
}
