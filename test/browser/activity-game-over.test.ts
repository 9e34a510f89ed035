import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaiting } from '../../src/engine/index.ts';
import { ACTIVITY_SIZES, ActivityBrowser } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };

/**
 * Game over on the page (issue 55, bug 4; issue 56's recap and badges): the final
 * standings with the night's recap, each seat's newest achievement, Play again for the
 * host alone (pressed on the page, it opens the next lobby as the chat's does), Leave
 * for everyone (it closes the Activity through the SDK), and the people watching the
 * table who hold no seat.
 */
describe.skipIf(browserMissingLocally)('game over in the Activity', () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  const pages: Record<string, Page> = {};

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000, rateLimits: 'none' });
    world = at.world;
    const { instanceId } = world.discord.launchActivity(world.user('ann'), world.channel);
    pages.ann = await at.open('ann', instanceId);
    pages.bob = await at.open('bob', instanceId, { viewport: ACTIVITY_SIZES.phone });
    pages.cat = await at.open('cat', instanceId, { viewport: ACTIVITY_SIZES.pictureInPicture });
  });

  afterAll(async () => {
    await at?.close();
  });

  const activity = (name: string): FrameLocator => at.activity(pages[name] as Page);
  const id = (name: string) => world.user(name).id;

  it('shows who watches without a seat', async () => {
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card', ante: 5 } });
    await activity('bob').getByRole('button', { name: 'Join' }).click(WAIT);
    await activity('ann')
      .locator(`[data-seat="${id('bob')}"]`)
      .waitFor(WAIT);
    const watching = activity('ann').getByRole('list', { name: 'Watching' });
    await expect.poll(() => watching.locator('.name').allInnerTexts(), WAIT).toEqual(['cat']);
  });

  it('ends with the standings, the recap, badges, Play again for the host and Leave', async () => {
    await activity('ann').getByRole('button', { name: 'Deal', exact: true }).click(WAIT);
    await world.until((s) => awaiting(s).kind === 'declare');
    // Her hand named with its odds, as her private message says them (the bot's odds, not the page's).
    await expect
      .poll(() => activity('ann').locator('.your-hand').textContent(), WAIT)
      .toMatch(/^.+ · Odds: beats one random hand \d+%$/);
    await activity('ann').getByRole('button', { name: 'Stay', exact: true }).click(WAIT);
    await activity('bob').getByRole('button', { name: /^Drop/ }).click(WAIT);
    await world.waitFor((m) => m.embeds.some((e) => /^Game over after 1 deal/.test(e.title ?? '')));

    for (const name of ['ann', 'bob']) {
      const over = activity(name).getByRole('region', { name: 'Game over after 1 deal' });
      await over.waitFor(WAIT);
      // The chat's recap, in the page's words: Ann took the only pot.
      await expect
        .poll(() => over.getByRole('list', { name: 'The night' }).textContent(), WAIT)
        .toMatch(/Biggest pot: ann/);
      // Each person's newest badge on their seat: Ann's first win (First blood).
      await expect
        .poll(
          () =>
            activity(name)
              .locator(`[data-seat="${id('ann')}"] .badge`)
              .getAttribute('aria-label'),
          WAIT,
        )
        .toBe('Newest achievement: First blood');
      await activity(name).getByRole('button', { name: 'Leave', exact: true }).waitFor(WAIT);
    }
    await activity('ann').getByRole('button', { name: 'Play again', exact: true }).waitFor(WAIT);
    expect(await activity('bob').getByRole('button', { name: 'Play again' }).count()).toBe(0);
    // The share control another module fills has its place in the panel.
    expect(await activity('ann').locator('.game-over .share-slot').count()).toBe(1);

    // Leave closes the Activity for its presser, through the SDK.
    await activity('bob').getByRole('button', { name: 'Leave', exact: true }).click(WAIT);
    await expect.poll(() => pages.bob?.evaluate('window.sdkTraffic.includes("CLOSE")'), WAIT).toBe(true);

    // Play again from the page: the same setup in a new lobby, as the chat's button opens it.
    await activity('ann').getByRole('button', { name: 'Play again', exact: true }).click(WAIT);
    await world.until((s) => s.phase === 'lobby');
    await activity('ann').getByRole('button', { name: 'Deal', exact: true }).waitFor(WAIT);
    expect(await activity('ann').locator('.game-over').count()).toBe(0);
    expect((await world.state()).variant).toBe('three-card');
    expect(at.errors).toEqual([]);
  });
});
