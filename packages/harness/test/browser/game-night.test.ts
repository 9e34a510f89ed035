import { Rng } from 'guts/src/cards/rng.ts';
import { browserMissingLocally } from 'guts/test/support/chromium.ts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { button, PlaygroundBrowser, press } from '../support/playground-browser.ts';

/**
 * A game night in the playground, as issue 49 found it broken: three people and a
 * computer play a game, the host presses Play again, and everyone plays the next one.
 * Every person sees their own cards in both games, in the deal's private message, with
 * nothing extra to press; once at a desktop's width and once at a phone's.
 */

const WAIT = { timeout: 20_000 };
const PEOPLE = ['Ann', 'Ben', 'Cat'];
const DESKTOP = { width: 1280, height: 1320 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissingLocally)('a game night in the playground', () => {
  let at: PlaygroundBrowser;
  let page: Page;

  beforeAll(async () => {
    at = await PlaygroundBrowser.start(DESKTOP, {
      newRngState: () => Rng.fromSeed(7).state(),
      nextDealPauseMs: 60_000,
    });
    page = at.page;
  });

  afterAll(async () => {
    await at?.close();
  });

  // A failure says what the seat saw and what the bot warned of.
  beforeEach(({ onTestFailed }) => onTestFailed(() => at?.explain()));

  const asSeat = (name: string) => at.asSeat(name);
  const command = (line: string) => at.command(line);

  const titled = (title: RegExp) => at.titled(title);
  const newMessage = (title: RegExp, before: number) => at.newMessage(title, before);

  /** The deal number a table card's heading names. */
  async function dealOf(table: Locator): Promise<number> {
    const heading = (await table.locator('.v2-heading').first().textContent()) ?? '';
    return Number(/deal (\d+)$/.exec(heading.trim())?.[1]);
  }

  /**
   * As each person: their cards of table deal `deal` came to them alone, in a private
   * message they did not ask for, wholly on the screen at its width.
   */
  async function everyoneSeesTheirCards(deal: number, width: number): Promise<void> {
    const seen = new Map<string, string>();
    for (const name of PEOPLE) {
      await asSeat(name);
      const cards = page
        .locator('.message.ephemeral', { hasText: new RegExp(`Your cards, Three-card guts deal ${deal}:`) })
        .last();
      await cards.waitFor(WAIT);
      await cards.scrollIntoViewIfNeeded();
      expect(await cards.isVisible(), `${name} sees their cards of deal ${deal}`).toBe(true);
      const box = await cards.boundingBox();
      expect(box && box.x + box.width, `${name}'s cards fit ${width} px`).toBeLessThanOrEqual(width);
      const id = (await cards.getAttribute('data-id')) ?? '';
      for (const [other, otherId] of seen) expect(id, `${name} sees ${other}'s cards`).not.toBe(otherId);
      seen.set(name, id);
    }
  }

  /** The host stops the game; each person stays; the computer plays itself. Resolves to the result. */
  async function playLastDeal(table: Locator, deal: number): Promise<Locator> {
    const results = await titled(new RegExp(`deal ${deal} result$`)).count();
    await asSeat('Ann');
    await command('/guts stop');
    for (const name of PEOPLE) {
      await asSeat(name);
      await press(table, 'Stay');
    }
    return newMessage(new RegExp(`deal ${deal} result$`), results);
  }

  async function gameNight(viewport: { width: number; height: number }): Promise<void> {
    await page.setViewportSize(viewport);
    const lobbyTitle = /^Guts: Three-card guts$/;
    const tableTitle = /^Three-card guts: deal \d+$/;
    await asSeat('Ann');
    const lobbies = await titled(lobbyTitle).count();
    await command('/guts start variant:three-card ante:5');
    const lobby = await newMessage(lobbyTitle, lobbies);
    for (const name of ['Ben', 'Cat']) {
      await asSeat(name);
      await press(lobby, 'Join');
      await expect.poll(() => lobby.locator('.embed').textContent(), WAIT).toContain(name);
    }
    await asSeat('Ann');
    await lobby.locator('.select-toggle').click();
    await lobby.locator('.select-option', { hasText: 'Balanced computer player' }).click();
    await expect.poll(() => lobby.locator('.embed').textContent(), WAIT).toMatch(/🤖/);
    const tables = await titled(tableTitle).count();
    await press(lobby, 'Deal');
    const first = await newMessage(tableTitle, tables);
    const firstDeal = await dealOf(first);
    await everyoneSeesTheirCards(firstDeal, viewport.width);
    const result = await playLastDeal(first, firstDeal);

    // Play again: the computer is seated at once; Ben and Cat are asked back and take their seats.
    await asSeat('Ann');
    await expect.poll(() => result.textContent(), WAIT).toMatch(/Game over after 1 deal/);
    const nextLobbies = await titled(lobbyTitle).count();
    await press(result, 'Play again');
    const again = await newMessage(lobbyTitle, nextLobbies);
    await expect.poll(() => again.locator('.embed').textContent(), WAIT).toMatch(/Back from the last game/);
    expect(await again.locator('.embed').textContent()).toMatch(/Ben, Cat: press Join/);
    expect(await again.locator('.embed').textContent()).toMatch(/🤖/);
    for (const name of ['Ben', 'Cat']) {
      await asSeat(name);
      await press(again, 'Join');
    }
    await expect.poll(() => again.locator('.embed').textContent(), WAIT).not.toMatch(/Back from the last game/);
    await asSeat('Ann');
    const nextTables = await titled(tableTitle).count();
    await press(again, 'Deal');
    const second = await newMessage(tableTitle, nextTables);
    const secondDeal = await dealOf(second);
    expect(secondDeal).toBe(firstDeal + 1);
    // Everyone's cards came with the deal: nobody is told to press My cards.
    await everyoneSeesTheirCards(secondDeal, viewport.width);
    expect(await second.textContent()).not.toMatch(/Didn't get your cards/);
    await playLastDeal(second, secondDeal);
  }

  it('at 1280 px: two games joined by Play again, three people and a computer, each seeing their cards', async () => {
    await gameNight(DESKTOP);
  });

  it('at 390 px, a phone: the same night', async () => {
    await gameNight(PHONE);
  });

  it("keeps the host's menu open while another seat's Join edits the lobby", async () => {
    // The suite's failure under load: Ann opened "Add computer player" as the lobby's edit
    // for Cat's Join came in late; drawn again, the menu closed, and her pick found nothing.
    await page.setViewportSize(DESKTOP);
    await asSeat('Ann');
    const lobbyTitle = /^Guts: Three-card guts$/;
    const lobbies = await titled(lobbyTitle).count();
    await command('/guts start variant:three-card ante:5');
    const lobby = await newMessage(lobbyTitle, lobbies);
    await lobby.locator('.select-toggle').click();
    const pick = lobby.locator('.select-option', { hasText: 'Balanced computer player' });
    await pick.waitFor({ state: 'visible', ...WAIT });
    // Ben joins from elsewhere (his own Discord), so Ann's page only sees the lobby edited.
    const join = await button(lobby, 'Join').getAttribute('data-custom-id');
    const messageId = await lobby.getAttribute('data-id');
    const answer = await fetch(new URL('/api/press', at.playground.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seat: 'Ben', messageId, customId: join }),
    });
    expect(answer.ok).toBe(true);
    await expect.poll(() => lobby.locator('.embed').textContent(), WAIT).toContain('Ben');
    expect(await pick.isVisible(), 'the menu is still open').toBe(true);
    await pick.click({ timeout: 5_000 });
    await expect.poll(() => lobby.locator('.embed').textContent(), WAIT).toMatch(/🤖/);
    await command('/guts stop');
  });

  it('logs no error in the browser console all night', () => {
    expect(at.errors).toEqual([]);
  });
});
