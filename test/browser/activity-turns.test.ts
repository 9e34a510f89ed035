import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLanguages, t } from '../../src/i18n/index.ts';
import { ACTIVITY_SIZES, ActivityBrowser } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

/**
 * Variants played in turn, from the page: Two more inches (each in turn takes two face-up
 * cards or drops) and five-card draw (in turn stay or drop, then the stayers draw one
 * after another). Only the seat whose turn it is gets the buttons; the other sees whose
 * turn it is. Ann's page is in English at 1280×720, Bob's in German on a phone.
 */

const WAIT = { timeout: 20_000 };

describe.skipIf(browserMissingLocally)('the Activity page, in turn', () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  const pages: Record<string, Page> = {};
  const locales: Record<string, string> = { ann: 'en-US', bob: 'de' };

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob'], playerLocales: { bob: 'de' }, pauseMs: 60_000 });
    world = at.world;
    await ensureLanguages('de');
    const { instanceId } = world.discord.launchActivity(world.user('ann'), world.channel);
    world.discord.joinActivity(world.user('bob'), { instanceId });
    pages.ann = await at.open('ann', instanceId);
    pages.bob = await at.open('bob', instanceId, { viewport: ACTIVITY_SIZES.phone, skipJoin: true });
  });

  afterAll(async () => {
    await at?.close();
  });

  const activity = (name: string): FrameLocator => at.activity(pages[name] as Page);
  const other = (name: string) => (name === 'ann' ? 'bob' : 'ann');
  /** The button `name` reads, in their language. */
  const button = (name: string, key: Parameters<typeof t>[1], vars?: Record<string, unknown>) =>
    activity(name).getByRole('button', { name: t(locales[name] as string, key, vars), exact: true });
  const myCards = (name: string) =>
    activity(name)
      .locator('.you .card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

  /** Whose turn `name`'s page marks (the one seat drawn as acting), or null. */
  async function turnOn(name: string): Promise<string | null> {
    const marked = activity(name).locator('.seat.turn');
    if ((await marked.count()) !== 1) return null;
    const id = await marked.getAttribute('data-seat');
    return id === world.user('ann').id ? 'ann' : 'bob';
  }

  /** Waits until both pages mark the same seat's turn, and says whose. */
  async function whoseTurn(): Promise<string> {
    let turn: string | null = null;
    await expect
      .poll(async () => {
        turn = await turnOn('ann');
        return turn !== null && turn === (await turnOn('bob'));
      }, WAIT)
      .toBe(true);
    return turn as unknown as string;
  }

  /** Waits until both pages mark `who`'s turn: what each shows is then that frame's. */
  async function turnOf(who: string): Promise<void> {
    await expect.poll(async () => [await turnOn('ann'), await turnOn('bob')], WAIT).toEqual([who, who]);
  }

  /** A new game of `variant` with Bob seated from his page, dealt from Ann's. */
  async function dealt(variant: string): Promise<void> {
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant, ante: 10 } });
    // Deal is on Ann's page only in the new lobby: the last game's table also had two seats.
    await button('ann', 'button.deal').waitFor(WAIT);
    await button('bob', 'button.join').click(WAIT);
    await activity('ann').locator('.seat[data-seat]').nth(1).waitFor(WAIT);
    await button('ann', 'button.deal').click(WAIT);
  }

  /** Both pages show the showdown; the ledger squares, and the deal was settled once. */
  async function showdownShown(): Promise<void> {
    for (const name of ['ann', 'bob'])
      await activity(name)
        .getByRole('region', { name: t(locales[name] as string, 'result.hands') })
        .waitFor(WAIT);
    expect(await activity('ann').getByRole('region', { name: 'Hands' }).locator('.hand').count()).toBe(2);
    const state = await world.state();
    expect(await world.settlements(state.dealNo)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  }

  it('plays Two more inches: each in turn takes two face-up cards, the other waiting', async () => {
    await dealt('two-more-inches');
    const first = await whoseTurn();
    const second = other(first);
    const take = (name: string) => button(name, 'button.takeMany', { count: 2 });
    // Only the seat whose turn it is may take; the other has no Take and no Drop.
    await take(first).waitFor(WAIT);
    expect(await take(second).count()).toBe(0);
    expect(await button(second, 'button.drop').count()).toBe(0);
    const dealtCards = (await myCards(first)).length;
    await take(first).click();
    await expect.poll(async () => (await myCards(first)).length, WAIT).toBe(dealtCards + 2);
    // The turn passes: now the other page has the buttons, and the first none.
    await take(second).waitFor(WAIT);
    await turnOf(second);
    expect(await take(first).count()).toBe(0);
    await take(second).click();
    await showdownShown();
    await world.reply('ann', 'guts', { subcommand: 'stop' });
  });

  it('plays five-card draw: in turn each stays and draws at once, the other waiting', async () => {
    await dealt('five-card-draw');
    const first = await whoseTurn();
    const second = other(first);
    const swap = (name: string) => button(name, 'activity.swap');
    // The first in turn stays; the one waiting has no Stay meanwhile.
    expect(await button(second, 'button.stay').count()).toBe(0);
    await button(first, 'button.stay').click(WAIT);
    // Saying in, they draw at once (up to three): two cards picked and swapped. Both pages
    // mark the drawer as acting, and the other as waiting for their turn (not done).
    await swap(first).waitFor(WAIT);
    expect(await button(second, 'button.stay').count()).toBe(0);
    await turnOf(first);
    for (const name of ['ann', 'bob']) {
      const seat = activity(name).locator(`.seat[data-seat="${world.user(second).id}"]`);
      await expect.poll(() => seat.textContent(), WAIT).toContain(t(locales[name] as string, 'seat.waiting'));
    }
    // The one waiting is told who is swapping, in their words, with the time left.
    const drawerName = (await activity(second).locator('.seat.turn .name').textContent()) as string;
    const [told = ''] = t(locales[second] as string, 'activity.drawing', { name: drawerName, when: '|' }).split('|');
    const ask = activity(second).locator('.prompt .ask');
    await expect.poll(async () => ((await ask.textContent()) ?? '').slice(0, told.length), WAIT).toBe(told);
    expect(((await ask.textContent()) ?? '').length).toBeGreaterThan(told.length);
    const picks = activity(first).locator('.you button.pick');
    await picks.nth(0).click();
    await picks.nth(3).click();
    const thrown = [await picks.nth(0).getAttribute('aria-label'), await picks.nth(3).getAttribute('aria-label')];
    await swap(first).click();
    await expect.poll(async () => (await myCards(first)).filter((c) => thrown.includes(c)), WAIT).toEqual([]);
    expect((await myCards(first)).length).toBe(5);
    // Then the other's turn: stay, and keep the five they hold.
    await button(second, 'button.stay').click(WAIT);
    await turnOf(second);
    await button(second, 'button.keep').click(WAIT);
    await showdownShown();
    await world.reply('ann', 'guts', { subcommand: 'stop' });
  });

  it('sent Discord only requests its spec allows, and no page logged an error', () => {
    const counts = world.discord.specCounts();
    expect(counts.requests).toBeGreaterThan(0);
    expect(counts.violations).toBe(0);
    expect(at.errors).toEqual([]);
  });
});
