import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLanguages, formatNumber, t } from '../../src/i18n/index.ts';
import { ACTIVITY_SIZES, ActivityBrowser } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

/**
 * The Activity's page itself: usable at the three sizes Discord shows it (nothing cut
 * off, and in picture-in-picture the cards, the pot, the countdown and Stay/Drop in
 * sight), a game with card picks played from the page through to its showdown and its
 * proof, and seats whose Discord speaks German or Japanese reading their own words and numbers.
 */

const WAIT = { timeout: 20_000 };

/**
 * What of the page lies outside the frame's width, and whether the page scrolls sideways
 * (run in the page: this file's types have no DOM, as the playground's tests do).
 */
const OVERFLOW = `(() => {
  const width = document.documentElement.clientWidth;
  const outside = [...document.body.querySelectorAll('*')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && (r.left < -0.5 || r.right > width + 0.5);
    })
    .map((e) => e.outerHTML.slice(0, 120));
  const scrolls = document.documentElement.scrollWidth > width || document.body.scrollWidth > width;
  return { outside, scrolls };
})()`;

const overflow = (frame: FrameLocator) => frame.locator('body').evaluate(OVERFLOW);

/** Whether every element `selector` finds is wholly inside the frame's viewport (none found: false). */
const inView = (frame: FrameLocator, selector: string): Promise<boolean> =>
  frame.locator('body').evaluate(`(() => {
      const all = [...document.querySelectorAll(${JSON.stringify(selector)})];
      const { clientWidth: w, clientHeight: h } = document.documentElement;
      return all.length > 0 && all.every((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= w && r.bottom <= h;
      });
    })()`) as Promise<boolean>;

describe.skipIf(browserMissingLocally)('the Activity page', () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];

  beforeAll(async () => {
    at = await ActivityBrowser.start({
      players: ['ann', 'bob', 'cat'],
      playerLocales: { bob: 'de', cat: 'ja' },
      pauseMs: 60_000,
      fairDeals: true,
    });
    world = at.world;
    await ensureLanguages('de', 'ja');
  });

  afterAll(async () => {
    await at?.close();
  });

  const activity = (page: Page) => at.activity(page);

  /**
   * Launches the Activity as `host` and opens it for each of the others at their size,
   * everyone in the instance first (the bot takes an instance's users as Discord said them
   * a few seconds ago: one who joins after another's ticket may wait that long).
   */
  async function openAll(host: string, others: Record<string, { width: number; height: number }>) {
    const instance = world.discord.launchActivity(world.user(host), world.channel);
    const { instanceId } = instance;
    for (const name of Object.keys(others)) world.discord.joinActivity(world.user(name), { instanceId });
    const pages: Record<string, Page> = { [host]: await at.open(host, instanceId) };
    for (const [name, viewport] of Object.entries(others)) {
      pages[name] = await at.open(name, instanceId, { viewport, skipJoin: true });
    }
    return pages;
  }

  it('fits 1280×720, 480×270 and 390×844, and speaks German and Japanese with their own numbers', async () => {
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card', ante: 1500 } });
    const pages = await openAll('ann', { bob: ACTIVITY_SIZES.pictureInPicture, cat: ACTIVITY_SIZES.phone });
    const ann = pages.ann as Page;
    const bob = pages.bob as Page;
    const cat = pages.cat as Page;
    // A watcher in picture-in-picture is told so, in sight, beside the Join that seats them.
    await activity(bob).locator('.watching').waitFor(WAIT);
    expect(await inView(activity(bob), '.watching')).toBe(true);
    // Each watcher reads the Join button in their own language, and sits down with it.
    for (const [page, locale] of [
      [bob, 'de'],
      [cat, 'ja'],
    ] as const) {
      await activity(page)
        .getByRole('button', { name: t(locale, 'button.join'), exact: true })
        .click(WAIT);
    }
    await activity(ann).locator('.seat[data-seat]').nth(2).waitFor(WAIT);
    await activity(ann).getByRole('button', { name: 'Deal', exact: true }).click(WAIT);
    for (const [page, locale] of [
      [ann, 'en-US'],
      [bob, 'de'],
      [cat, 'ja'],
    ] as const) {
      const frame = activity(page);
      await frame.getByRole('button', { name: t(locale, 'button.stay'), exact: true }).waitFor(WAIT);
      // The pot (three antes of 1,500) as the chat writes it in that language: "Pot 4.500", "ポット 4,500".
      const pot = t(locale, 'table.pot', { amount: formatNumber(locale, 4500) });
      expect(await frame.locator('.pot').textContent()).toBe(pot);
      expect(await frame.locator('html').getAttribute('lang')).toBe(locale);
      expect(await frame.getByRole('region', { name: t(locale, 'activity.yourCards') }).count()).toBe(1);
    }
    // German keeps its own words for the seat list and the countdown too.
    await activity(bob)
      .getByRole('progressbar', { name: t('de', 'activity.timeLeft') })
      .waitFor(WAIT);
    expect(
      await activity(cat)
        .getByRole('list', { name: t('ja', 'activity.seats') })
        .count(),
    ).toBe(1);

    // Every size: nothing outside the frame's width, and no sideways scroll.
    for (const size of Object.values(ACTIVITY_SIZES)) {
      await ann.setViewportSize(size);
      const body = activity(ann).locator('body');
      await expect.poll(() => body.evaluate('document.documentElement.clientWidth'), WAIT).toBe(size.width);
      expect(await overflow(activity(ann))).toEqual({ outside: [], scrolls: false });
    }
    // Picture-in-picture: the cards, the pot, the countdown and Stay/Drop in sight without scrolling.
    const pip = activity(bob);
    for (const selector of ['.you .card', '.pot', '.countdown', '.actions button'])
      expect(await inView(pip, selector), selector).toBe(true);
    expect(await pip.getByRole('button', { name: t('de', 'button.drop'), exact: true }).isVisible()).toBe(true);
    for (const page of [bob, cat]) expect(await overflow(activity(page))).toEqual({ outside: [], scrolls: false });
    // Every card is named as people read it; the others' are face down to each seat.
    const labels = await activity(cat)
      .locator('.you .card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    expect(labels.every((label) => /^(10|[2-9JQKA])[♣♦♥♠]$/.test(label ?? ''))).toBe(true);
    expect(await activity(cat).locator('.seat:not(.you) .card:not(.down)').count()).toBe(0);

    for (const [page, locale] of [
      [ann, 'en-US'],
      [bob, 'de'],
      [cat, 'ja'],
    ] as const)
      await activity(page)
        .getByRole('button', { name: t(locale, 'button.stay'), exact: true })
        .click();
    await activity(cat)
      .getByRole('region', { name: t('ja', 'result.hands') })
      .waitFor(WAIT);
    await ann.setViewportSize(ACTIVITY_SIZES.focused);
    expect(at.errors).toEqual([]);
    for (const page of [ann, bob, cat]) await page.close();
    // Everyone closes the Activity, so the next game's is launched after its lobby: an
    // instance older than the lobby adds nothing to its client seed (docs/FAIRNESS.md).
    const running = world.discord.activityInstanceIn(world.channel);
    for (const name of ['ann', 'bob', 'cat']) if (running) world.discord.leaveActivity(world.user(name), running);
    await world.reply('ann', 'guts', { subcommand: 'stop' });
  });
  it('plays a pass and a discard from the page through to the showdown, its payments and its proof', async () => {
    await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10, options: 'pass=left discard=2' },
    });
    const pages = await openAll('ann', { bob: ACTIVITY_SIZES.phone });
    const ann = activity(pages.ann as Page);
    const bob = activity(pages.bob as Page);
    const labels = (frame: FrameLocator) =>
      frame.locator('.you .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    await bob.getByRole('button', { name: t('de', 'button.join'), exact: true }).click(WAIT);
    await ann.locator('.seat[data-seat]').nth(1).waitFor(WAIT);
    // The lobby shows the game's commitment before any card is dealt.
    const commitment = await ann.locator('.prompt .commit code').textContent();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    await ann.getByRole('button', { name: 'Deal', exact: true }).click(WAIT);

    // The pass: one card, picked on the page; the press waits for the pick, and a second pick moves it.
    const pass = ann.getByRole('button', { name: 'Pass the picked card', exact: true });
    await pass.waitFor(WAIT);
    expect(await pass.isDisabled()).toBe(true);
    const picks = ann.locator('.you button.pick');
    await picks.nth(1).click();
    await picks.nth(0).click();
    expect(await picks.evaluateAll((all) => all.map((b) => b.getAttribute('aria-pressed')))).toEqual([
      'true',
      'false',
      'false',
    ]);
    const passed = await picks.nth(0).getAttribute('aria-label');
    await pass.click();
    // Passed: the prompt no longer asks for a pick while Bob picks his.
    await expect.poll(() => ann.locator('.prompt').innerText(), WAIT).toBe('Card passed.');
    const bobPick = bob.locator('.you button.pick').first();
    await bobPick.click(WAIT);
    const arrived = await bobPick.getAttribute('aria-label');
    await bob.getByRole('button', { name: t('de', 'activity.pass'), exact: true }).click();
    // Each says which card went to whom and which arrived: their own two cards only.
    await expect
      .poll(async () => (await ann.locator('.prompt .passed').innerText()).trim(), WAIT)
      .toBe(`You passed ${passed} to bob; ${arrived} came from bob.`);

    // The discard: up to two cards, so two picks hold the third back; Bob keeps his.
    const swap = ann.getByRole('button', { name: 'Swap the picked cards', exact: true });
    await swap.waitFor(WAIT);
    // Bob's page draws the pass's frame on its own socket: polled, not read once.
    await expect.poll(() => labels(bob), WAIT).toContain(passed);
    expect(await labels(ann)).not.toContain(passed);
    await picks.nth(1).click();
    await picks.nth(2).click();
    expect(await ann.locator('.you button.pick:disabled').count()).toBe(1);
    const thrown = await picks.nth(2).getAttribute('aria-label');
    await swap.click();
    await bob.getByRole('button', { name: t('de', 'button.keep'), exact: true }).click(WAIT);

    // Both stay: the showdown shows the hands, every payment and the deal's proof.
    await ann.getByRole('button', { name: 'Stay', exact: true }).click(WAIT);
    expect(await labels(ann)).not.toContain(thrown);
    await bob.getByRole('button', { name: t('de', 'button.stay'), exact: true }).click(WAIT);
    const hands = ann.getByRole('region', { name: 'Hands' });
    await hands.waitFor(WAIT);
    expect(await hands.locator('.hand').count()).toBe(2);
    const paid = await ann.getByRole('list', { name: 'Payments' }).locator('li').allTextContents();
    // In words, names plain: "bob takes 9,020 from the pot", "ann pays 9,020 to the pot (matches the pot)".
    expect(paid.length).toBeGreaterThan(0);
    for (const line of paid)
      expect(line).toMatch(/^(ann|bob) (takes [\d,]+ from the pot|pays [\d,]+ to the pot \(.+\))$/);
    await ann.getByText('Verify', { exact: true }).click();
    const proof = ann.locator('.fair');
    expect(await proof.locator('dd code').first().textContent()).toBe(commitment);
    await proof.getByText(t('en-US', 'verify.howTo')).waitFor(WAIT);
    await bob.getByRole('region', { name: t('de', 'result.hands') }).waitFor(WAIT);
    // On the phone too, the whole proof (64-digit seeds) wraps inside the frame.
    await bob.getByText(t('de', 'button.verify'), { exact: true }).click();
    await bob.getByText(t('de', 'verify.howTo')).waitFor(WAIT);
    expect(await overflow(bob)).toEqual({ outside: [], scrolls: false });
    expect(at.errors).toEqual([]);
  });
});
