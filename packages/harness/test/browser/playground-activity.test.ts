import { parseCard, prettyCard } from 'guts/src/cards/card.ts';
import { Rng } from 'guts/src/cards/rng.ts';
import { browserMissingLocally } from 'guts/test/support/chromium.ts';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { button, PlaygroundBrowser, press } from '../support/playground-browser.ts';

/**
 * Open table in the playground (issue 48): the bot answers LAUNCH_ACTIVITY and the page
 * frames its Activity beside the channel for the seat that pressed, signed in through
 * the local Discord's code exchange; a press in the frame is a step the channel shows;
 * each seat's frame shows its own cards only; Leave leaves the instance. On a phone the
 * frame takes the screen, and Back returns to the channel.
 */

const WAIT = { timeout: 20_000 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissingLocally)('Open table in the playground', () => {
  let at: PlaygroundBrowser;
  let page: Page;

  beforeAll(async () => {
    at = await PlaygroundBrowser.start(DESKTOP, {
      newRngState: () => Rng.fromSeed(5).state(),
      nextDealPauseMs: 60_000,
    });
    page = at.page;
  });

  afterAll(async () => {
    await at?.close();
  });

  // A failure says what the seat saw and what the bot warned of.
  beforeEach(({ onTestFailed }) => onTestFailed(() => at?.explain()));

  const titled = (title: RegExp) => at.titled(title);
  const newMessage = (title: RegExp, before: number) => at.newMessage(title, before);

  /** The Activity in `name`'s frame: the playground's frame holds the stand-in client, which frames the page. */
  const frameOf = (name: string): FrameLocator =>
    page.frameLocator(`.activity-frame[data-seat="${name}"]`).frameLocator('#activity');

  /** The cards of deal `deal` in the seat on screen's private message, as people read them ("A♠"), sorted. */
  async function chatCards(deal: number): Promise<string[]> {
    const cards = page
      .locator('.message.ephemeral', { hasText: new RegExp(`Your cards, Three-card guts deal ${deal}:`) })
      .last();
    await cards.waitFor(WAIT);
    const names = await cards.locator('img.emoji').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
    // `:gc_As:` (or `:gc4_As_w:`): the card's file name between the deck and the outline.
    return names.map((alt) => prettyCard(parseCard(/^:gc4?_([2-9TJQKA][cdhs])/.exec(alt ?? '')?.[1] ?? '?'))).sort();
  }

  /** The cards face up in `name`'s frame once their hand is dealt there, sorted. */
  async function frameCards(name: string): Promise<string[]> {
    const frame = frameOf(name);
    await expect.poll(() => frame.locator('.you .card').count(), WAIT).toBe(3);
    const labels = await frame
      .locator('.card:not(.down)')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
    return labels.sort();
  }

  const onPhone = () => (page.viewportSize()?.width ?? 0) <= 600;

  /** On a phone the frame covers the channel: Back shows it, the Activity still running. */
  async function backToChannel(): Promise<void> {
    if (!onPhone()) return;
    await page.getByRole('button', { name: 'Back to #poker' }).click();
    await expect.poll(() => page.locator('#activity-panel').isVisible(), WAIT).toBe(false);
  }

  /** Whether `locator` is wholly on the screen. */
  async function onScreen(locator: Locator): Promise<boolean> {
    const box = await locator.boundingBox();
    const size = page.viewportSize();
    if (!box || !size) return false;
    return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
  }

  const instance = () => at.playground.discord.activityInstanceIn({ id: at.playground.channelId });
  const seatId = (name: string) => at.playground.seats().find((s) => s.name === name)?.id;

  async function openTableAt(viewport: { width: number; height: number }): Promise<void> {
    await page.setViewportSize(viewport);
    const lobbyTitle = /^Guts: Three-card guts$/;
    const tableTitle = /^Three-card guts: deal \d+$/;
    await at.asSeat('Ann');
    const lobbies = await titled(lobbyTitle).count();
    await at.command('/guts start variant:three-card ante:5 timer:300');
    const lobby = await newMessage(lobbyTitle, lobbies);
    await at.asSeat('Ben');
    await press(lobby, 'Join');
    await expect.poll(() => lobby.locator('.embed').textContent(), WAIT).toContain('Ben');
    await at.asSeat('Ann');
    const tables = await titled(tableTitle).count();
    await press(lobby, 'Deal');
    const table = await newMessage(tableTitle, tables);
    const deal = Number(
      /deal (\d+)$/.exec(((await table.locator('.v2-heading').first().textContent()) ?? '').trim())?.[1],
    );
    // This deal is the game's last: the next size starts a game of its own.
    await at.command('/guts stop');

    // Ann opens the table: a frame beside the channel (over it on a phone), her cards in it.
    const annCards = await chatCards(deal);
    await button(table, 'Open table').click();
    await page.locator('#activity-panel').waitFor({ state: 'visible', ...WAIT });
    expect(await frameCards('Ann')).toEqual(annCards);
    expect(instance()?.users).toEqual([seatId('Ann')]);
    const panel = page.locator('#activity-panel');
    if (onPhone()) {
      expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    } else {
      // Beside the channel: the table card and the frame both in view.
      const [channel, frame] = [await page.locator('.channel').boundingBox(), await panel.boundingBox()];
      expect((channel?.x ?? 0) + (channel?.width ?? 0)).toBeLessThanOrEqual(frame?.x ?? 0);
      await table.locator('.v2-container').scrollIntoViewIfNeeded();
      await expect.poll(() => onScreen(button(table, 'Stay')), WAIT).toBe(true);
    }
    await expect.poll(() => onScreen(frameOf('Ann').getByRole('button', { name: 'Stay' })), WAIT).toBe(true);

    // Her Stay in the frame is a step: the channel's table card says she has chosen.
    await frameOf('Ann').getByRole('button', { name: 'Stay' }).click();
    await backToChannel();
    await expect.poll(() => table.locator('.v2-container').textContent(), WAIT).toMatch(/Ann · chosen/);
    expect(await table.locator('.v2-container').textContent()).toMatch(/⏳ Ben.* · choosing/);

    // Ben, on the same page: Ann's frame is hers, not shown to him; his own shows his cards only.
    await at.asSeat('Ben');
    expect(await page.locator('#activity-panel').isVisible()).toBe(false);
    const benCards = await chatCards(deal);
    expect(benCards).not.toEqual(annCards);
    await button(table, 'Open table').click();
    expect(await frameCards('Ben')).toEqual(benCards);
    expect(await page.locator('.activity-frame[data-seat="Ann"]').isVisible()).toBe(false);
    expect(instance()?.users).toEqual([seatId('Ann'), seatId('Ben')]);

    // Ben stays from his frame: both have chosen, and the channel shows the deal's result.
    const results = await titled(new RegExp(`deal ${deal} result$`)).count();
    await frameOf('Ben').getByRole('button', { name: 'Stay' }).click();
    await frameOf('Ben').getByRole('region', { name: 'Hands' }).waitFor(WAIT);
    await backToChannel();
    await newMessage(new RegExp(`deal ${deal} result$`), results);

    // Each goes back to the frame (on a phone it was put away), sees the showdown there, and
    // leaves: the instance holds one fewer, and ends with the last one out.
    for (const [name, left] of [
      ['Ben', [seatId('Ann')]],
      ['Ann', undefined],
    ] as const) {
      await at.asSeat(name);
      if (onPhone()) await page.getByRole('button', { name: 'Back to the table' }).click();
      await frameOf(name).getByRole('region', { name: 'Hands' }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Leave Activity' }).click();
      await expect.poll(() => instance()?.users, WAIT).toEqual(left);
    }
    expect(await page.locator('.activity-frame').count()).toBe(0);
  }

  it('at 1280 px: a seat opens the table beside the channel, plays from it, and a second seat sees its own', async () => {
    await openTableAt(DESKTOP);
  });

  it('at 390 px, a phone: the frame takes the screen, Back returns to the channel', async () => {
    await openTableAt(PHONE);
  });

  it('logs no error in the browser console, the frames included', () => {
    expect(at.errors).toEqual([]);
  });
});
