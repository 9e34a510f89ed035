import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActivityPage } from '../../src/activity/page-build.ts';
import { World } from '../e2e/world.ts';

/** Debian's Chromium, which `.ci/run` installs. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
const WAIT = { timeout: 20_000 };
const browserMissingLocally = !existsSync(CHROMIUM) && process.env.CI !== 'true';

/**
 * The Activity in Chromium, end to end: the bot serves it against the local Discord;
 * a host page under the Activity's own origin stands in for Discord's client, framing
 * the page and answering the real SDK (READY, AUTHORIZE with a code the local Discord
 * made, AUTHENTICATE). The page signs in through the server, opens its socket, and plays.
 */
describe.skipIf(browserMissingLocally)('the Activity in Chromium', () => {
  const assets = mkdtempSync(join(tmpdir(), 'guts-activity-'));
  let world: World;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    await buildActivityPage(assets);
    // The stand-in for Discord's client is served from the Activity's own origin (the SDK answers no other).
    copyFileSync(join(import.meta.dirname, 'activity-host.html'), join(assets, 'host.html'));
    world = await World.start({ activity: { assetsDir: assets }, players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await world?.close();
    rmSync(assets, { recursive: true, force: true });
  });

  /** `name` opens the Activity in the channel's instance, at a size Discord shows it. */
  async function open(name: string, instanceId: string, viewport = { width: 1280, height: 720 }): Promise<Page> {
    const user = world.user(name);
    world.discord.joinActivity(user, { instanceId });
    const page = await browser.newPage({ viewport });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${name}: ${m.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`${name}: ${String(err)}`));
    await page.exposeFunction('nextCode', () => world.discord.authorizeActivity(user));
    const port = world.bot.activityPort();
    const q = new URLSearchParams({
      instance_id: instanceId,
      guild_id: world.guild.id,
      channel_id: world.channel.id,
      client_id: world.discord.bot.user.id,
      user_id: user.id,
      username: name,
    });
    await page.goto(`http://127.0.0.1:${port}/assets/host.html?${q}`);
    return page;
  }

  const activity = (page: Page) => page.frameLocator('#activity');

  it('signs in, shows the table as each sees it, and plays a deal from the page with a player on chat buttons', async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10 },
    });
    await world.press('cat', lobby, 'Join').response();
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const ann = await open('ann', instance.instanceId);
    const bob = await open('bob', instance.instanceId, { width: 390, height: 844 });
    // Bob watches, then sits down from the page.
    await activity(bob)
      .getByText(/You are watching/)
      .waitFor(WAIT);
    await activity(bob).getByRole('button', { name: 'Join' }).click();
    await activity(ann).locator('.seat[data-seat]', { hasText: 'bob' }).waitFor(WAIT);
    await activity(ann).getByRole('button', { name: 'Deal' }).click();
    await activity(ann).getByRole('button', { name: 'Stay' }).waitFor(WAIT);
    // Ann's own cards are named as people read them; nobody else's are shown to her.
    const annCards = await activity(ann)
      .locator('.you .card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    expect(annCards).toHaveLength(3);
    expect(annCards.every((label) => /^(10|[2-9JQKA])[♣♦♥♠]$/.test(label ?? ''))).toBe(true);
    const othersShown = await activity(ann).locator('.seat:not(.you) .card:not(.down)').count();
    expect(othersShown).toBe(0);
    // Cat plays on the chat's buttons: the same deal.
    const table = await world.waitForTitle(/: deal 1$/);
    await world.press('cat', table, 'Drop').acknowledged();
    await activity(ann).getByRole('button', { name: 'Stay' }).click();
    await activity(bob).getByRole('button', { name: 'Stay' }).click();
    await activity(bob).getByRole('region', { name: 'Hands' }).waitFor(WAIT);
    // The chat shows the same result.
    await world.waitForTitle(/deal 1 result/);
    const state = await world.state();
    expect(state.dealNo).toBe(1);
    expect(errors).toEqual([]);
  });
});
