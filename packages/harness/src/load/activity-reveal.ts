import { onActivityStage } from './activity-stage.ts';

export interface RevealResult {
  /** Every long task (over 50 ms) the page's frame ran from its last press to the reveal drawn and settled, in ms. */
  longTasks: number[];
  /** From the page's Stay to the hands laid on the felt, ms. */
  revealMs: number;
  cpuSlowdown: number;
  /** What the bot sent the page, in order: the deal's snapshot and updates, then the reveal (activity-patch replays them). */
  frames: string[];
}

/**
 * Writes down, in the Activity's frame only, every long task Chromium reports
 * (PerformanceObserver, `longtask`), from the moment `window.__watchLong` is set.
 */
const WATCH_LONG_TASKS = `(() => {
  if (window === window.top) return;
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    if (!window.__watchLong) return;
    for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
  }).observe({ type: 'longtask', buffered: false });
})();`;

/**
 * What a trace of the reveal holds: DevTools' timeline (tasks, layouts, paints; a forced
 * layout with its script's stack), with REVEAL_PROF the scripts' profile, with REVEAL_BLINK
 * Blink's own events (inside a layout: text shaped, fonts made; heavy, it slows the page).
 */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
  ...(process.env.REVEAL_PROF ? ['disabled-by-default-v8.cpu_profiler'] : []),
  'blink.user_timing',
  ...(process.env.REVEAL_BLINK
    ? ['blink', 'disabled-by-default-blink.debug.layout', 'fonts', 'disabled-by-default-blink.debug']
    : []),
  'loading',
];

/**
 * A reveal on a phone (390×844) with Chromium's CPU slowed `cpuSlowdown` times (DevTools'
 * Emulation.setCPUThrottlingRate): a table of five in three-card guts, four stay from the
 * chat's buttons, the fifth from the page; the page draws the showdown (every hand face up
 * on the felt, the result beside it) while its long tasks are written down.
 */
export async function activityReveal(cpuSlowdown: number): Promise<RevealResult> {
  return onActivityStage(
    // The showdown stays on the felt until the next deal: a minute here, not the load's 200 ms.
    // The stand-in client is served from the Activity's own origin: it may frame the page.
    { name: 'reveal', pauseMs: 60_000, activity: { limits: { frameAncestors: ["'self'"] } } },
    async ({ discord, host, others, table, hostPage, browser }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.exposeFunction('nextCode', () => discord.authorizeActivity(host));
      await page.addInitScript(WATCH_LONG_TASKS);
      const frames: string[] = [];
      page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
      await page.goto(hostPage);
      const frame = page.frameLocator('#activity');
      const stay = frame.getByRole('button', { name: 'Stay', exact: true });
      await stay.waitFor({ timeout: 30_000 });
      for (const p of others) await discord.pressButton(p, table, 'Stay').acknowledged(60_000);
      // Playwright's click evaluates its own script in the frame the first time (a task of ~40 ms at 4×):
      // a trial click does that before the watch begins, so the watch sees the page's tasks alone.
      await stay.click({ trial: true });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      const body = frame.locator('body');
      // The observer is shown to see a long task first (a busy 120 ms), so a run that saw none means none.
      await body.evaluate(() => {
        const g = globalThis as { __watchLong?: boolean; __longTasks?: number[] };
        g.__watchLong = true;
        setTimeout(() => {
          const end = performance.now() + 120;
          while (performance.now() < end);
        }, 0);
      });
      await page.waitForTimeout(500);
      const probe = await body.evaluate(() => (globalThis as { __longTasks?: number[] }).__longTasks?.splice(0) ?? []);
      if (probe.length === 0) throw new Error('the long task observer saw no long task in the frame');
      // REVEAL_TRACE=FILE writes Chromium's trace of the reveal (its tasks, layouts, paints; REVEAL_PROF=1 adds the
      // scripts' sampled profile, which slows them).
      const tracePath = process.env.REVEAL_TRACE;
      if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
      const pressedAt = Date.now();
      await stay.click();
      await frame.locator('.reveal').first().waitFor({ timeout: 60_000 });
      const revealMs = Date.now() - pressedAt;
      // The flip and the deal's motion play out; a long task they cause is counted too.
      await page.waitForTimeout(1500);
      const longTasks = await body.evaluate(() => (globalThis as { __longTasks?: number[] }).__longTasks ?? []);
      if (tracePath) await browser.stopTracing();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      return { longTasks, revealMs, cpuSlowdown, frames };
    },
  );
}
