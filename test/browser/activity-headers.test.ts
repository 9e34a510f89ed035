import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_FRAME_ANCESTORS } from '../../src/activity/page-headers.ts';
import { ActivityBrowser } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };

/**
 * The page's security headers, in Chromium: a Content-Security-Policy that frames it only
 * in Discord's client (and here the stand-in client, served from the Activity's own origin,
 * as the test's setting allows), no MIME sniffing, no referrer; the page still signs in
 * and shows its table inside the stand-in client with them, breaking none of its own rules.
 */
describe.skipIf(browserMissingLocally)('the Activity page’s security headers', () => {
  let at: ActivityBrowser;

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann'] });
  });
  afterAll(async () => {
    await at?.close();
  });

  it('are sent with the page and its assets', async () => {
    const response = await fetch(`${at.origin()}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const ancestors = /frame-ancestors ([^;]+)/.exec(policy)?.[1]?.split(' ');
    expect(ancestors).toEqual([...DISCORD_FRAME_ANCESTORS, "'self'"]);
    expect(policy).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('leave the page working inside the stand-in client, breaking none of its rules', async () => {
    await at.world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    const instance = at.world.discord.launchActivity(at.world.user('ann'), at.world.channel);
    const page = await at.open('ann', instance.instanceId);
    await at.activity(page).locator('#table[aria-busy="false"]').waitFor(WAIT);
    await at.activity(page).getByRole('button', { name: 'Deal' }).waitFor(WAIT);
    // A CSP violation is a console error in the frame.
    expect(at.errors).toEqual([]);
    await page.close();
  });

  it('keep any other site from framing the page', async () => {
    const page = await at.browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refused.push(message.text());
    });
    await page.setContent(`<iframe src="${at.origin()}/"></iframe>`);
    await expect.poll(() => refused.length, WAIT).toBeGreaterThan(0);
    await page.close();
  });
});
