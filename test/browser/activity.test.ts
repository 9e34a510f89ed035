import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_SIZES, ActivityBrowser } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };

describe.skipIf(browserMissingLocally)('the Activity in Chromium', () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
    world = at.world;
  });

  afterAll(async () => {
    await at?.close();
  });

  const open = (
    name: string,
    instanceId: string,
    viewport: { width: number; height: number } = ACTIVITY_SIZES.focused,
  ) => at.open(name, instanceId, { viewport });
  const activity = (page: Page) => at.activity(page);

  it('signs in, shows the table as each sees it, and plays a deal from the page with a player on chat buttons', async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10 },
    });
    await world.press('cat', lobby, 'Join').response();
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const ann = await open('ann', instance.instanceId);
    const bob = await open('bob', instance.instanceId, ACTIVITY_SIZES.phone);
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
    expect(at.errors).toEqual([]);
  });
});
