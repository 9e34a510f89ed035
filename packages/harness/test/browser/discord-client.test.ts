import { Routes } from 'discord.js';
import { browserMissingLocally } from 'guts/test/support/chromium.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../src/playground/index.ts';
import { PlaygroundBrowser } from '../support/playground-browser.ts';

/**
 * The playground's page draws what Discord's client draws, in the seat's language: code
 * in an embed, a press Discord refuses, who used which command, the command box's hints,
 * and the page at a phone's width.
 */
const WAIT = { timeout: 15_000 };

describe.skipIf(browserMissingLocally)("the playground draws what Discord's client draws", () => {
  let at: PlaygroundBrowser;
  let playground: Playground;
  let page: Page;

  beforeAll(async () => {
    at = await PlaygroundBrowser.start({ width: 1280, height: 900 });
    ({ playground, page } = at);
  });

  afterAll(async () => {
    await at?.close();
  });

  const asSeat = (name: string) => at.asSeat(name);

  const speak = (name: string, locale: string) => at.speak(name, locale);

  const post = (body: unknown) =>
    playground.bot.client.rest.post(Routes.channelMessages(playground.channelId), { body }) as Promise<{ id: string }>;

  it("shows the Verify panel's code spans and fenced blocks as code, with no backtick or fence left", async () => {
    await asSeat('Ann');
    await post({
      embeds: [
        {
          title: 'Proof of deal 8',
          fields: [
            { name: 'Client seed', value: '`` 11-12 my `lucky` *phrase* ``' },
            { name: 'Cards dealt', value: '```\nAs Kd 7c 2h\n```' },
          ],
        },
      ],
    });
    const embed = page.locator('.embed', { hasText: 'Proof of deal 8' });
    await embed.waitFor(WAIT);
    const values = embed.locator('.embed-field-value');
    expect(await values.nth(0).locator('code').textContent()).toBe('11-12 my `lucky` *phrase*');
    expect(await values.nth(1).locator('pre code').textContent()).toBe('As Kd 7c 2h');
    expect(await values.nth(1).textContent()).not.toContain('```');
    expect(await values.nth(0).textContent()).not.toContain('``');
  });

  it('says "This interaction failed" in the seat\'s language for a button a newer message no longer has', async () => {
    await asSeat('Ben');
    await speak('Ben', 'de');
    try {
      const { id } = await post({
        content: 'A message whose button goes away',
        components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Old', custom_id: 'gone:old' }] }],
      });
      const message = page.locator(`.message[data-id="${id}"]`);
      const old = message.getByRole('button', { name: 'Old', exact: true });
      await old.waitFor(WAIT);
      // The page misses the edit (as a client that has not caught up), and Ben presses what it still shows.
      await page.evaluate('page.events.close()');
      await playground.bot.client.rest.patch(Routes.channelMessage(playground.channelId, id), {
        body: { components: [] },
      });
      await old.click();
      const failed = message.locator('.interaction-failed');
      await failed.waitFor(WAIT);
      expect(await failed.textContent()).toBe('Diese Interaktion ist fehlgeschlagen');
      expect(await message.textContent()).not.toMatch(/no button|gone:old/);
    } finally {
      await speak('Ben', 'en-US');
      await asSeat('Ann');
    }
  });

  it("names the command as its German invoker typed it, and hints in the seat's language", async () => {
    await asSeat('Cat');
    await speak('Cat', 'de');
    try {
      await page.fill('#command', '/guts starten ');
      const typeOf = (name: string) =>
        page
          .locator('.hint', { has: page.locator('.hint-name', { hasText: new RegExp(`^${name}$`) }) })
          .locator('.hint-type')
          .textContent();
      await expect.poll(() => typeOf('obergrenze:'), WAIT).toMatch(/^ganze Zahl \d+–\d+$/);
      expect(await typeOf('ansage:')).toBe('Auswahl');
      expect(await typeOf('optionen:')).toMatch(/^Text/);
      await page.fill('#command', '/guts starten variante:three-card ante:5');
      await page.press('#command', 'Enter');
      await expect.poll(() => page.inputValue('#command'), WAIT).toBe('');
      const reply = page.locator('.message .reply-line').last();
      await expect.poll(() => reply.textContent(), WAIT).toBe('CCat hat /guts starten verwendet');
      // A private answer says who may see it, as a German client says it.
      await page.fill('#command', '/guts hilfe');
      await page.press('#command', 'Enter');
      const note = page.locator('.message.ephemeral .ephemeral-note').last();
      await expect.poll(() => note.textContent(), WAIT).toBe('👁 Nur du kannst das sehen ·Nachricht verwerfen');
    } finally {
      await speak('Cat', 'en-US');
    }
    // Read by an English seat: the words in English, the command still as Cat typed it.
    await asSeat('Ann');
    await expect
      .poll(() => page.locator('.message .reply-line').last().textContent(), WAIT)
      .toBe('CCat used /guts starten');
  });

  it('on a phone (390 px): the whole placeholder, the "Discord language" label and the "you" marker', async () => {
    await asSeat('Ann');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      // The media query's change event comes with the next frame after the resize: wait for it.
      await expect.poll(() => page.getAttribute('#command', 'placeholder'), WAIT).toBe('Message #poker');
      // The placeholder's width in the box's own font, against the room the box has for text.
      const placeholder = (await page.evaluate(`(() => {
        const input = document.getElementById('command');
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        context.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: input.placeholder, width: context.measureText(input.placeholder).width, room };
      })()`)) as { text: string; width: number; room: number };
      expect(placeholder.text).toBe('Message #poker');
      expect(placeholder.width).toBeLessThanOrEqual(placeholder.room);
      await page.click('#seat-menu');
      const label = page.locator('.seat-locale span', { hasText: 'Discord language' });
      await expect.poll(() => label.isVisible(), WAIT).toBe(true);
      const you = page.locator('.seat[data-seat="Ann"] .you');
      expect(await you.isVisible()).toBe(true);
      for (const shown of [label, you, page.locator('#seat-locale')]) {
        const box = await shown.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
      }
      await page.click('#seat-menu');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    // Back at a desktop's width, the placeholder says whom the seat plays as again.
    await expect
      .poll(() => page.getAttribute('#command', 'placeholder'), WAIT)
      .toBe('Message #poker as Ann: type / for commands');
  });

  it('throws no script error all along; the one failed request is the press Discord refused', () => {
    expect(at.errors).toEqual([expect.stringMatching(/status of 400 \(Bad Request\).*\/api\/press/)]);
  });
});
