import { onActivityStage } from './activity-stage.ts';

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
  return onActivityStage(
    // The stand-in client is served from the Activity's own origin: it may frame the page.
    { name: 'first-render', activity: { limits: { frameAncestors: ["'self'"] } } },
    async ({ discord, host, seats, hostPage, browser }) => {
      const times: number[] = [];
      for (let i = 0; i < openings; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
        try {
          const page = await context.newPage();
          await page.exposeFunction('nextCode', () => discord.authorizeActivity(host));
          await page.addInitScript(MARK_DRAWN);
          await page.goto(hostPage);
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
    },
  );
}
