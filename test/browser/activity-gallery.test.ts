import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { titleOf } from '@guts/local-discord';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaiting } from '../../src/engine/index.ts';
import { ACTIVITY_SIZES, ActivityBrowser } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };
/** Where `npm run gallery` writes the pictures (docs/activity); unset, the phases are checked only. */
const GALLERY = process.env.GUTS_GALLERY;
/** The gallery's pictures at this share of the frame's size (by its width): small enough to keep in the repository. */
const galleryScale = (width: number) => (width >= 1000 ? 0.33 : 0.45);

/** A screenshot made smaller for the gallery. */
async function shrunk(png: Buffer): Promise<Buffer> {
  const image = await loadImage(png);
  const scale = galleryScale(image.width);
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.encode('png');
}

/**
 * The card table at each of Discord's three sizes in each phase of an evening (lobby,
 * deal, choosing, reveal, game over, the host's Rules, Play again): nothing outside the frame, no two seats
 * over each other, every control a named button, every card named. With GUTS_GALLERY set
 * (`npm run gallery`) each view is also written there as a picture, for the README.
 */
describe.skipIf(browserMissingLocally)('the card table in every phase and size', () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  let page: Page;
  const shots: string[] = [];

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob', 'cat', 'dan'], pauseMs: 60_000, rateLimits: 'none' });
    world = at.world;
    const { instanceId } = world.discord.launchActivity(world.user('ann'), world.channel);
    page = await at.open('ann', instanceId);
    if (GALLERY) mkdirSync(GALLERY, { recursive: true });
  });

  afterAll(async () => {
    await at?.close();
  });

  const activity = (): FrameLocator => at.activity(page);

  /** What a view breaks: elements outside the frame, seats over each other, unnamed buttons or cards. */
  const FAULTS = `(() => {
    const { clientWidth: w, clientHeight: h } = document.documentElement;
    const box = (e) => e.getBoundingClientRect();
    const shown = (e) => { const r = box(e); return r.width > 0 && r.height > 0; };
    const outside = [...document.querySelectorAll('main *')].filter(shown).filter((e) => {
      const r = box(e);
      return r.left < -0.5 || r.right > w + 0.5 || r.top < -0.5 || r.bottom > h + 0.5;
    }).filter((e) => !e.closest('.middle .side, .middle, .rules-form'));
    const seats = [...document.querySelectorAll('.seat')].filter(shown).map(box);
    const overlaps = [];
    seats.forEach((a, i) => seats.slice(i + 1).forEach((b) => {
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps.push(i);
    }));
    const seatsOut = seats.filter((r) => r.left < -0.5 || r.right > w + 0.5 || r.top < -0.5 || r.bottom > h + 0.5);
    const unnamed = [...document.querySelectorAll('button, .card')].filter(shown)
      .filter((e) => !(e.getAttribute('aria-label') || e.textContent.trim()));
    return { outside: outside.map((e) => e.className), overlaps: overlaps.length, seatsOut: seatsOut.length, unnamed: unnamed.length };
  })()`;

  /** Looks at the page in this phase at every size (and keeps the picture when asked). */
  async function look(phase: string) {
    const faults: Record<string, unknown> = {};
    for (const [sizeName, size] of Object.entries(ACTIVITY_SIZES)) {
      await page.setViewportSize(size);
      const body = activity().locator('body');
      await expect.poll(() => body.evaluate('document.documentElement.clientWidth'), WAIT).toBe(size.width);
      // The countdown's ring and the deal's motion settle.
      await page.waitForTimeout(500);
      if (GALLERY) {
        const file = join(GALLERY, `${phase}-${size.width}x${size.height}.png`);
        writeFileSync(file, await shrunk(await page.locator('#activity').screenshot()));
        shots.push(file);
      }
      faults[sizeName] = await body.evaluate(FAULTS);
    }
    const none = { outside: [], overlaps: 0, seatsOut: 0, unnamed: 0 };
    expect(faults, phase).toEqual({ focused: none, pictureInPicture: none, phone: none });
    await page.setViewportSize(ACTIVITY_SIZES.focused);
  }

  it("lobby, deal, choosing, reveal, game over, the host's Rules and Play again", async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', ante: 5 },
    });
    for (const name of ['bob', 'cat', 'dan']) await world.press(name, lobby, 'Join').response();
    await activity().locator('.seat[data-seat]').nth(3).waitFor(WAIT);
    await look('lobby');

    await activity().getByRole('button', { name: 'Deal', exact: true }).click(WAIT);
    await world.until((s) => awaiting(s).kind === 'declare');
    await activity().getByRole('button', { name: 'Stay', exact: true }).waitFor(WAIT);
    await look('deal');

    const table = await world.waitForTitle(/: deal 1$/);
    await world.press('bob', table, 'Stay').acknowledged();
    await world.press('dan', table, 'Drop').acknowledged();
    await world.until((s) => s.deal?.choices[world.user('dan').id] !== undefined);
    await look('choosing');

    await world.press('cat', table, 'Stay').acknowledged();
    await activity().getByRole('button', { name: 'Stay', exact: true }).click(WAIT);
    await world.until((s) => s.deal?.round === 2 || s.phase !== 'deal');
    for (const name of ['bob', 'cat']) await world.press(name, table, 'Stay').acknowledged();
    await activity().getByRole('button', { name: 'Stay', exact: true }).click(WAIT);
    await world.waitForTitle(/: deal 1 result$/);
    await activity().getByRole('region', { name: 'Hands' }).waitFor(WAIT);
    await look('reveal');

    await world.reply('ann', 'guts', { subcommand: 'stop' });
    await activity()
      .getByRole('region', { name: /^Game over after/ })
      .waitFor(WAIT);
    await look('game-over');

    // The host's Rules for the next game, over the table.
    await activity().getByRole('button', { name: 'Rules', exact: true }).click(WAIT);
    await activity().getByRole('region', { name: 'Rules of the next game' }).waitFor(WAIT);
    await look('rules');
    await activity().getByRole('button', { name: 'Close', exact: true }).click(WAIT);

    const over = world.messages().findLast((m) => m.embeds.some((e) => /^Game over/.test(e.title ?? '')));
    await world.press('ann', over as NonNullable<typeof over>, 'Play again').response();
    await world.waitFor((m) => /Guts: Iron Cross/.test(titleOf(m)) && m.id !== lobby.id);
    await activity().getByRole('button', { name: 'Deal', exact: true }).waitFor(WAIT);
    await look('play-again');
    expect(at.errors).toEqual([]);
  });
});
