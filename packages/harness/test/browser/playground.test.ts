import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MessageFlags, Routes } from 'discord.js';
import { Rng } from 'guts/src/cards/rng.ts';
import { browserMissingLocally } from 'guts/test/support/chromium.ts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Playground } from '../../src/playground/index.ts';
import { button, PlaygroundBrowser, press } from '../support/playground-browser.ts';

const WAIT = { timeout: 15_000 };

describe.skipIf(browserMissingLocally)('the playground page in Chromium', () => {
  /** Where the screenshots go. */
  const dir = mkdtempSync(join(tmpdir(), 'guts-playground-'));
  let at: PlaygroundBrowser;
  let playground: Playground;
  let page: Page;

  beforeAll(async () => {
    at = await PlaygroundBrowser.start(
      { width: 1280, height: 1320 },
      // The cards come from the fair deck and so differ run to run (everything else the game
      // draws at random does not); the next deal waits, so the finished one stays on screen.
      { newRngState: () => Rng.fromSeed(11).state(), nextDealPauseMs: 60_000 },
    );
    ({ playground, page } = at);
  });

  afterAll(async () => {
    await at?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // A failure says what the seat saw and what the bot warned of.
  beforeEach(({ onTestFailed }) => onTestFailed(() => at?.explain()));

  const asSeat = (name: string) => at.asSeat(name);
  const command = (line: string) => at.command(line);

  /** Opens `place` ('server' or 'group-dm') from the channel list: waits until it is shown. */
  async function inPlace(place: string): Promise<void> {
    await page.click(`.places [data-place="${place}"]`);
    await page.locator(`#messages[data-place="${place}"]`).waitFor(WAIT);
  }

  const byTitle = (title: string | RegExp): Locator => at.titled(title).last();

  /** Saves the page to the test's temp dir (and to `copyTo` too: `PLAYGROUND_SCREENSHOT=docs/playground.png`). */
  async function screenshot(file: string, copyTo?: string): Promise<void> {
    const path = join(dir, file);
    await page.waitForFunction('[...document.images].every((img) => img.complete)');
    await page.screenshot({ path });
    expect(statSync(path).size).toBeGreaterThan(20_000);
    if (copyTo) {
      mkdirSync(dirname(copyTo), { recursive: true });
      copyFileSync(path, copyTo);
    }
  }

  /** Ids of the messages on screen (`.message.ephemeral`: those only the current seat can see). */
  async function messageIds(selector = '.message'): Promise<string[]> {
    const nodes = await page.locator(selector).all();
    return Promise.all(nodes.map(async (n) => (await n.getAttribute('data-id')) ?? ''));
  }

  /**
   * As `name`: their cards come as the application's emojis, the pictures loaded from the
   * playground, no upload; the ids of the private messages that seat sees.
   */
  async function privateMessagesWithEmojiCards(name: string): Promise<string[]> {
    await asSeat(name);
    const cards = page.locator('.message.ephemeral', { hasText: 'Your cards' }).last();
    await cards.waitFor(WAIT);
    await expect.poll(() => cards.locator('img.emoji').count(), WAIT).toBeGreaterThanOrEqual(2);
    expect(
      await cards
        .locator('img.emoji')
        .first()
        .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(128);
    expect(await cards.locator('img.attachment-image').count()).toBe(0);
    return messageIds('.message.ephemeral');
  }

  it('plays iron-cross as three seats, from /guts start to the showdown and /ledger', async () => {
    await asSeat('Ann');
    // Typed with the hints, as a newcomer would: Tab completes, a click picks a choice.
    await page.fill('#command', '/gu');
    await page.press('#command', 'Tab');
    await page.type('#command', 'st');
    await page.press('#command', 'Tab');
    expect(await page.inputValue('#command')).toBe('/guts start ');
    expect(await page.locator('.hint-title').textContent()).toMatch(/^\/guts start \[variant:\] \[preset:\] \[ante:\]/);
    await page.type('#command', 'variant:iron');
    await page.locator('.hint', { has: page.locator('.hint-name', { hasText: /^iron-cross$/ }) }).click();
    await page.type('#command', 'ante:10');
    expect(await page.inputValue('#command')).toBe('/guts start variant:iron-cross ante:10');
    await page.press('#command', 'Enter');
    const lobby = byTitle(/^Guts: Iron Cross$/);
    await lobby.waitFor(WAIT);
    await expect.poll(() => lobby.locator('.reply-line').textContent(), WAIT).toBe('AAnn used /guts start');

    // The host sets a cap by pressing, not typing: Rules, a page of the form, a field, Submit.
    await button(lobby, 'Rules').click();
    const menu = page.locator('.message.ephemeral', { hasText: 'Pick what to change' }).last();
    await menu.waitFor(WAIT);
    await menu
      .getByRole('button', { name: /^Money/ })
      .first()
      .click();
    const form = page.getByRole('dialog');
    await form.waitFor(WAIT);
    expect(await form.locator('.form-title').textContent()).toMatch(/^Rules: Money/);
    const cap = form
      .locator('.form-field', { has: page.locator('.form-label', { hasText: /^Cap$/ }) })
      .locator('input');
    await cap.fill('50');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => menu.textContent(), WAIT).toMatch(/Changed: Cap → 50/);
    await expect.poll(() => lobby.locator('.embed').textContent(), WAIT).toMatch(/Cap: 50(?!\d)/);

    for (const name of ['Ben', 'Cat']) {
      await asSeat(name);
      await press(lobby, 'Join');
      const answer = page.locator('.message.ephemeral', { hasText: "You're in" });
      await answer.waitFor(WAIT);
      expect(await answer.textContent()).toContain('Only you can see this');
    }
    await expect.poll(() => lobby.locator('.embed').textContent(), WAIT).toMatch(/Ann.*Ben.*Cat/s);

    await asSeat('Ann');
    await press(lobby, 'Deal');
    const table = byTitle(/^Iron Cross: deal 1$/);
    await table.waitFor(WAIT);

    // Round 1: everyone stays. Each seat sees its own cards and nobody else's.
    const cardsSeen: Record<string, string[]> = {};
    for (const name of ['Ann', 'Ben', 'Cat']) {
      cardsSeen[name] = await privateMessagesWithEmojiCards(name);
      for (const [other, ids] of Object.entries(cardsSeen)) {
        if (other === name) continue;
        expect(
          ids.some((id) => cardsSeen[name]?.includes(id)),
          `${name} sees ${other}'s private messages`,
        ).toBe(false);
      }
      // Mid-deal as Ann: the live table, her private cards, the buttons (the README's picture),
      // and the table card on a phone (390 px wide): it fits, nothing runs off the edge.
      if (name === 'Ann') {
        await screenshot('mid-deal.png', process.env.PLAYGROUND_SCREENSHOT);
        await page.setViewportSize({ width: 390, height: 844 });
        const card = table.locator('.v2-container');
        await card.evaluate((node) => node.scrollIntoView({ block: 'end' }));
        // Polled: an edit of the table message (its board picture arriving) draws the card
        // anew, and a card caught between two drawings has no box yet.
        const rightEdge = async () => {
          const box = await card.boundingBox();
          return box ? box.x + box.width : Number.POSITIVE_INFINITY;
        };
        await expect.poll(rightEdge, WAIT).toBeLessThanOrEqual(390);
        await expect.poll(() => card.evaluate((node) => node.scrollWidth <= node.clientWidth), WAIT).toBe(true);
        // Seats as lines of text (who has chosen, never which way), no status drawn as a button.
        await expect.poll(() => card.textContent(), WAIT).toMatch(/Ben · choosing/);
        expect(await card.getByRole('button', { name: 'choosing' }).count()).toBe(0);
        // The seat picker is one row; the table card and Ann's own cards are both in view.
        const seats = await page.locator('.sidebar').boundingBox();
        expect(seats?.height ?? 999).toBeLessThanOrEqual(64);
        await page.locator('#messages').evaluate((node) => node.scrollTo(0, node.scrollHeight));
        const inView = async (locator: Locator) => {
          const box = await locator.boundingBox();
          return box !== null && box.y < 844 && box.y + box.height > 0 && box.height > 0;
        };
        const mine = page.locator('.message.ephemeral', { hasText: 'Your cards' }).last();
        await expect.poll(() => inView(mine), WAIT).toBe(true);
        await expect
          .poll(() => inView(table.locator('.v2-container').getByRole('button', { name: 'Stay' })), WAIT)
          .toBe(true);
        // The README's phone picture: the table card from its heading down.
        await card.evaluate((node) => node.scrollIntoView({ block: 'start' }));
        await screenshot('table-phone.png', process.env.PLAYGROUND_PHONE_SCREENSHOT);
        await page.setViewportSize({ width: 1280, height: 1320 });
      }
      await press(table, 'Stay');
      // The choice shows on the table (chosen, not which way), and in the seat's own cards message.
      await expect
        .poll(() => table.locator('.v2-container').textContent(), WAIT)
        .toMatch(new RegExp(`${name} · chosen|Round 2`));
    }

    // Round 2 (a fourth card each; dropping now costs): everyone stays again.
    await expect.poll(() => table.locator('.v2-container').textContent(), WAIT).toMatch(/Round 2/);
    // The countdown renders as a live relative time, not as <t:…:R>.
    await expect.poll(() => table.locator('.timestamp').first().textContent(), WAIT).toMatch(/^in \d+ (second|minute)/);
    for (const name of ['Ann', 'Ben', 'Cat']) {
      await asSeat(name);
      await press(table, 'Stay');
    }

    const result = byTitle(/^Iron Cross: deal 1 result$/);
    await result.waitFor(WAIT);
    // The showdown is the result's first embed. The deal's cards come from the presses'
    // snowflakes, so they differ run to run: when all three tie, nobody pays, the game ends
    // and the final standings follow as a second embed.
    const showdownEmbed = result.locator('.embed').first();
    const headline = (await showdownEmbed.locator('.embed-description').textContent()) ?? '';
    expect(headline).toMatch(/wins|tie/);
    const tiedNames = /^(.*) tie and split/.exec(headline)?.[1] ?? '';
    const allTied = ['Ann', 'Ben', 'Cat'].every((name) => tiedNames.includes(name));
    const gameOver = result.locator('.embed-title', { hasText: /^Game over after 1 deal$/ });
    await expect.poll(() => gameOver.count(), WAIT).toBe(allTied ? 1 : 0);
    // Each hand as a row of card emojis (three players' four cards), no picture uploaded.
    const showdown = showdownEmbed.locator('.embed-description img.emoji');
    await expect.poll(() => showdown.count(), WAIT).toBe(12);
    await expect
      .poll(() => showdown.first().evaluate((img: { naturalWidth: number }) => img.naturalWidth), WAIT)
      .toBeGreaterThan(0);
    expect(await result.locator('.embed-image img').count()).toBe(0);

    await asSeat('Ben');
    await command('/ledger show');
    const ledger = byTitle(/^Ledger$/);
    await ledger.waitFor(WAIT);
    // The balances are the ledger's first embed; the channel's last game's standings follow it.
    const balances = (await ledger.locator('.embed-description').first().textContent()) ?? '';
    const lines = [...balances.matchAll(/(Ann|Ben|Cat) ([+−-]?\d+)/g)];
    // A three-way tie leaves everyone even, and the ledger lists nobody.
    expect(lines.map((m) => m[1]).sort()).toEqual(allTied ? [] : ['Ann', 'Ben', 'Cat']);
    if (allTied) expect(balances).toMatch(/Nobody has won or lost anything yet/);
    // Double entry: what the players are up or down is what sits in the pot, with the sign turned.
    const channelLine = (await ledger.locator('.embed-field-value').first().textContent()) ?? '';
    const pot = Number(/pot (\d+)/.exec(channelLine)?.[1]);
    const reserve = Number(/reserve (\d+)/.exec(channelLine)?.[1] ?? 0);
    const sum = lines.reduce((s, m) => s + Number((m[2] ?? '').replace('−', '-')), 0);
    expect(sum + pot + reserve).toBe(0);

    await result.scrollIntoViewIfNeeded();
    await screenshot('showdown.png');
  });

  it('plays in the group DM beside the server channel: its own lobby, private cards and table', async () => {
    await asSeat('Ann');
    const publicInServer = await messageIds('.message:not(.ephemeral)');
    expect(publicInServer.length).toBeGreaterThan(0);
    await inPlace('group-dm');
    // Named by its members, as Discord names a group DM nobody named; nothing of #poker in it.
    expect(await page.locator('#place-name').textContent()).toBe('Ann, Ben, Cat, Dan');
    expect(await page.title()).toBe('Ann, Ben, Cat, Dan · guts playground');
    expect(await messageIds()).toEqual([]);
    await command('/guts start variant:three-card ante:5');
    const lobby = byTitle(/^Guts: Three-card guts$/);
    await lobby.waitFor(WAIT);
    await expect.poll(() => lobby.locator('.reply-line').textContent(), WAIT).toBe('AAnn used /guts start');

    // Another seat stays in the group DM: Ben joins there.
    await asSeat('Ben');
    expect(await page.getAttribute('#messages', 'data-place')).toBe('group-dm');
    await press(lobby, 'Join');
    await page.locator('.message.ephemeral', { hasText: "You're in" }).waitFor(WAIT);
    await expect.poll(() => lobby.locator('.embed').textContent(), WAIT).toMatch(/Ann.*Ben/s);

    await asSeat('Ann');
    await press(lobby, 'Deal');
    const table = byTitle(/^Three-card guts: deal 1$/);
    await table.waitFor(WAIT);
    const cardsSeen: Record<string, string[]> = {};
    for (const name of ['Ann', 'Ben']) {
      cardsSeen[name] = await privateMessagesWithEmojiCards(name);
    }
    expect(cardsSeen.Ann?.some((id) => cardsSeen.Ben?.includes(id))).toBe(false);
    const inGroupDm = await messageIds();
    await screenshot('group-dm.png', process.env.PLAYGROUND_GROUP_DM_SCREENSHOT);

    // Back in #poker (as Ben): none of the group DM's messages, the server's own still there.
    await inPlace('server');
    expect(await page.locator('#place-name').textContent()).toBe('poker');
    const inServerNow = await messageIds();
    expect(inServerNow.filter((id) => inGroupDm.includes(id))).toEqual([]);
    expect(inServerNow).toEqual(expect.arrayContaining(publicInServer));
    expect(await page.locator('.message', { hasText: 'Three-card guts' }).count()).toBe(0);
  });

  it('keeps a seat that is not in the group DM out of it', async () => {
    await inPlace('group-dm');
    for (const name of ['Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kim']) {
      await page.fill('#seat-name', name);
      await page.press('#seat-name', 'Enter');
      await page.locator(`#messages[data-seat="${name}"]`).waitFor(WAIT);
    }
    // Ten fit: Jo is the tenth and plays there; Kim, the eleventh, is shown #poker and cannot open it.
    await expect.poll(() => page.getAttribute('#messages', 'data-place'), WAIT).toBe('server');
    expect(await page.locator('.places [data-place="group-dm"]').isDisabled()).toBe(true);
    await asSeat('Jo');
    await inPlace('group-dm');
    expect(await page.locator('#place-name').textContent()).toBe('Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jo');
    await inPlace('server');
  });

  it('draws emoji in colour, as Discord does, not as empty boxes', async () => {
    // A glyph drawn in one colour (a box, or no glyph at all) has no pixel whose channels differ.
    const colourful = await page.evaluate(`(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 40;
      canvas.height = 40;
      const ctx = canvas.getContext('2d');
      ctx.font = '32px ' + getComputedStyle(document.body).fontFamily;
      ctx.textBaseline = 'top';
      ctx.fillText('🏆', 2, 2);
      const data = ctx.getImageData(0, 0, 40, 40).data;
      let coloured = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 60) coloured++;
      }
      return coloured;
    })()`);
    expect(colourful).toBeGreaterThan(20);
  });

  it('shows user text as text, never as HTML', async () => {
    await asSeat('Dan');
    // The bot quotes the bad option back; the page must show the tags, not make them.
    await command('/guts start variant:iron-cross options:<b>bold</b><img/src/onerror>=1');
    const refusal = page.locator('.message.ephemeral').last();
    await refusal.waitFor(WAIT);
    expect(await refusal.locator('.content').textContent()).toContain('<b>bold</b><img/src/onerror>');
    expect(await page.locator('.message .content img, .message .content b').count()).toBe(0);
  });
  it('draws a Components V2 message readable at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const text = (content: string) => ({ type: 10, content });
    const stay = { type: 2, style: 1, label: 'V2 stay', custom_id: 'v2:stay' };
    await playground.bot.client.rest.post(Routes.channelMessages(playground.channelId), {
      body: {
        flags: MessageFlags.IsComponentsV2,
        attachments: [{ id: '0', filename: 'cards.png' }],
        components: [
          {
            type: 17,
            accent_color: 0x2ecc71,
            components: [
              text('## V2 table\n**Ann** has 3 chips and a very long line of text that has to wrap on a phone'),
              { type: 9, components: [text('Ben: stays')], accessory: stay },
              { type: 14, divider: true },
              { type: 12, items: [{ media: { url: 'attachment://cards.png' }, description: 'the cards' }] },
              { type: 1, components: [{ type: 2, style: 4, label: 'V2 drop', custom_id: 'v2:drop' }] },
            ],
          },
        ],
      },
      files: [{ name: 'cards.png', data: Buffer.from('not really a png'), contentType: 'image/png' }],
    });
    const container = page.locator('.v2-container', { hasText: 'V2 table' });
    await container.waitFor(WAIT);
    expect(await container.getAttribute('style')).toContain('border-left-color: rgb(46, 204, 113)');
    expect(await container.locator('.v2-text strong', { hasText: 'Ann' }).count()).toBe(1);
    await button(container.locator('.v2-section', { hasText: 'Ben: stays' }), 'V2 stay').waitFor(WAIT);
    await button(container.locator('.action-row'), 'V2 drop').waitFor(WAIT);
    expect(await container.locator('hr.v2-separator').count()).toBe(1);
    expect(await container.locator('img.v2-gallery-item').getAttribute('alt')).toBe('the cards');
    // The card fits the phone's width: nothing in it runs off the right edge.
    const box = await container.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
    expect(await container.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 1320 });
  });

  const speak = (name: string, locale: string) => at.speak(name, locale);

  it('renders backslash escapes, mentions and timestamps as Discord does, in the reader’s language', async () => {
    await asSeat('Ann');
    await speak('Ann', 'de');
    try {
      const ann = playground.seats().find((s) => s.name === 'Ann')?.id;
      // An hour and a half ahead reads "in 1 hour" for half an hour: a page that renders late still reads it.
      const inAnHour = Math.round(Date.now() / 1000) + 5400;
      await playground.bot.client.rest.post(Routes.channelMessages(playground.channelId), {
        body: { content: `🤖 Ada \\(balanced\\) pays <@${ann}> in <#${playground.channelId}> <t:${inAnHour}:R>` },
      });
      const content = page.locator('.message .content', { hasText: 'Ada' }).last();
      await expect.poll(() => content.textContent(), WAIT).toBe('🤖 Ada (balanced) pays @Ann in #poker in 1 Stunde');
      await speak('Ann', 'en-US');
      await expect.poll(() => content.textContent(), WAIT).toBe('🤖 Ada (balanced) pays @Ann in #poker in 1 hour');
    } finally {
      // The next test reads Ann's seat in English, whatever happened here.
      await speak('Ann', 'en-US');
    }
  });

  it('keeps the seat picker and the language menu one press away on a phone (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const menu = page.locator('#seat-menu');
      await expect.poll(() => menu.isVisible(), WAIT).toBe(true);
      expect(await menu.textContent()).toBe('Ann · en-US');
      await menu.click();
      // Every seat, the name box and the language menu: wholly on the screen (once the page
      // has drawn the open menu: a busy machine may take a moment).
      const controls = [
        ...(await page.locator('.seat').all()),
        page.locator('#seat-name'),
        page.locator('#seat-locale'),
      ];
      expect(controls.length).toBe(playground.seats().length + 2);
      const onPhoneScreen = async (control: (typeof controls)[number]) => {
        const box = await control.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844;
      };
      for (const [at, control] of controls.entries()) {
        await expect.poll(() => onPhoneScreen(control), { ...WAIT, message: `control ${at} on the screen` }).toBe(true);
      }
      await page.click('.seat[data-seat="Ben"]');
      await page.locator('#messages[data-seat="Ben"]').waitFor(WAIT);
      // Picked: the list folds away and the button names the new seat.
      await expect.poll(() => page.locator('#seat-locale').isVisible(), WAIT).toBe(false);
      expect(await menu.textContent()).toBe('Ben · en-US');
      expect((await page.locator('.sidebar').boundingBox())?.height ?? 999).toBeLessThanOrEqual(64);
    } finally {
      await page.setViewportSize({ width: 1280, height: 1320 });
    }
  });

  it('lets a German seat type and complete its localized command on a phone', async () => {
    await asSeat('Cat');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.click('#seat-menu');
      await speak('Cat', 'de');
      await page.fill('#command', '/guts st');
      const hints = page.locator('#hints .hint-name');
      await expect.poll(() => hints.allTextContents(), WAIT).toEqual(['starten', 'stoppen', 'statistik']);
      await page.press('#command', 'Tab');
      expect(await page.inputValue('#command')).toBe('/guts starten ');
      await page.locator('#command').pressSequentially('var');
      await expect.poll(() => hints.allTextContents(), WAIT).toEqual(['variante:']);
      const before = (await messageIds()).length;
      await command('/guts starten variante:three-card');
      expect(await page.locator('#command-error').textContent()).toBe('');
      // The bot answered it (a lobby, or a refusal if a game is on): Discord got `start`.
      await expect.poll(async () => (await messageIds()).length, WAIT).toBeGreaterThan(before);
      await speak('Cat', 'en-US');
    } finally {
      await page.setViewportSize({ width: 1280, height: 1320 });
    }
  });

  it('logs no error in the browser console all along (no failed request, no script error)', () => {
    expect(at.errors).toEqual([]);
  });
});
