import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activityHostPage, LocalDiscord, noRateLimits, titleOf } from '@guts/local-discord';
import { buildActivityPage } from 'guts/src/activity/page-build.ts';
import type { Browser } from 'playwright-core';
import { activityPageSources } from '../bot-files.ts';
import { launchChromium } from '../chromium.ts';
import { type BotProcess, measuredBot, prepareRun, startBot } from './soak.ts';

export interface FirstRenderResult {
  /** Each opening, ms from navigating the stand-in client's page to the table drawn in its frame; the first is cold. */
  openings: number[];
  seats: number;
}

/**
 * Marks, in every frame, the moment the table is first drawn: when a seat appears
 * (`.seat[data-seat]`, render.ts), on the clock every frame of the page shares
 * (`performance.timeOrigin + now()`). The stand-in client's own time origin is when its
 * navigation began.
 */
const MARK_DRAWN = `(() => {
  const seen = () => document.querySelector('.seat[data-seat]');
  const mark = () => { window.__drawnAt = performance.timeOrigin + performance.now(); };
  new MutationObserver((_, observer) => {
    if (seen()) { mark(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
})();`;

/**
 * First render of a live table in the Activity (Chromium, local): the bot in a process
 * of its own (soak-bot.ts) serves the page built as `bin/build.js` builds it; a table of
 * five is mid-deal; the local Discord's stand-in client page, served from the Activity's
 * origin, frames the page and answers the real SDK. Each opening is a fresh browser
 * context (nothing cached), `openings` in a row, each timed by the page's own clocks.
 */
export async function activityFirstRender(openings: number): Promise<FirstRenderResult> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-first-render-'));
  const assets = join(dir, 'assets');
  const dbUrl = `file:${join(dir, 'render.db')}`;
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  const { restBase } = await discord.start();
  let bot: BotProcess | null = null;
  let browser: Browser | null = null;
  try {
    await buildActivityPage(assets, activityPageSources());
    copyFileSync(activityHostPage, join(assets, 'host.html'));
    await prepareRun(discord, restBase, dbUrl);
    const guild = discord.createGuild({ name: 'first-render' });
    const channel = discord.createChannel(guild, { name: 'poker' });
    const seats = 5;
    const players = Array.from({ length: seats }, (_, p) => discord.createUser({ name: `p${p}` }));
    const [host, ...others] = players as [(typeof players)[number], ...typeof players];
    bot = await startBot({
      ...measuredBot(discord, restBase, dbUrl),
      // The stand-in client is served from the Activity's own origin: it may frame the page.
      activity: { clientSecret: discord.clientSecret, assetsDir: assets, limits: { frameAncestors: ["'self'"] } },
    });
    const origin = `http://127.0.0.1:${(await bot.ask('sample')).activityPort}`;
    // A live table: five seated, the first deal under way (nobody presses: a 300 s countdown).
    const lobby = await discord
      .runCommand(host, channel, 'guts', { subcommand: 'start', options: { variant: 'three-card', timer: 300 } })
      .response(60_000);
    for (const p of others) await discord.pressButton(p, lobby, 'Join').response(60_000);
    await discord.pressButton(host, lobby, 'Deal').acknowledged(60_000);
    await discord.waitForMessage(channel, (m) => /: deal 1$/.test(titleOf(m)), { timeoutMs: 60_000 });
    const { instanceId } = discord.launchActivity(host, channel);
    browser = await launchChromium();
    const times: number[] = [];
    for (let i = 0; i < openings; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      try {
        const page = await context.newPage();
        await page.exposeFunction('nextCode', () => discord.authorizeActivity(host));
        await page.addInitScript(MARK_DRAWN);
        const query = new URLSearchParams({
          instance_id: instanceId,
          guild_id: guild.id,
          channel_id: channel.id,
          client_id: discord.bot.user.id,
          user_id: host.id,
          username: 'p0',
        });
        await page.goto(`${origin}/assets/host.html?${query}`);
        const frame = page.frameLocator('#activity');
        await frame.locator('.seat[data-seat]').first().waitFor({ timeout: 30_000 });
        const drawnAt = await frame
          .locator('body')
          .evaluate(() => (globalThis as { __drawnAt?: number }).__drawnAt ?? 0);
        const navigatedAt = await page.evaluate(() => performance.timeOrigin);
        times.push(Math.round(drawnAt - navigatedAt));
      } finally {
        await context.close();
      }
    }
    return { openings: times, seats };
  } finally {
    await browser?.close();
    // The run's figures are on stdout; a bot that would not stop is said beside them.
    await bot?.stop().catch((err: unknown) => process.stderr.write(`bot did not stop cleanly: ${String(err)}\n`));
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
