import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectPageErrors, launchChromium } from 'guts/test/support/chromium.ts';
import pino from 'pino';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Playground, type PlaygroundOptions, startPlayground } from '../../src/playground/index.ts';

const WAIT = { timeout: 20_000 };

/** The button labelled `label` in `message`, as people find it. */
export const button = (message: Locator, label: string): Locator =>
  message.getByRole('button', { name: label, exact: true });

/**
 * Presses `label` on `message` as a person does, and waits for the press to be answered.
 * When the client then says "This interaction failed" (the bot missed Discord's three
 * seconds: a machine with both cores busy can starve it that long), they press once more,
 * as a person would; a press that fails twice is left for the test's checks to find.
 */
export async function press(message: Locator, label: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await button(message, label).click();
    // The page marks the pressed control pending until the press is answered, or failed.
    await expect.poll(() => message.locator('.pending').count(), WAIT).toBe(0);
    if (attempt === 2 || (await message.locator('.interaction-failed').count()) === 0) return;
    console.warn(`pressed ${label} again: the client said the interaction failed`);
  }
}

/**
 * The playground in Chromium: its own ledger in a temp dir, the page open at `viewport`,
 * everything the browser calls an error (a console error, a script error, in any frame)
 * collected into `errors`.
 */
export class PlaygroundBrowser {
  readonly errors: string[] = [];

  private constructor(
    readonly playground: Playground,
    readonly browser: Browser,
    readonly page: Page,
    private readonly dir: string,
    /** What the playground's bot logged at warn or above. */
    readonly warnings: string[],
  ) {
    collectPageErrors(page, this.errors);
  }

  static async start(
    viewport: { width: number; height: number },
    options: Omit<PlaygroundOptions, 'port' | 'dbUrl'> = {},
  ): Promise<PlaygroundBrowser> {
    const dir = mkdtempSync(join(tmpdir(), 'guts-playground-browser-'));
    let playground: Playground | undefined;
    let browser: Browser | undefined;
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line.trim()) });
    try {
      playground = await startPlayground({ log, ...options, port: 0, dbUrl: `file:${join(dir, 'playground.db')}` });
      browser = await launchChromium();
      const page = await browser.newPage({ viewport });
      const at = new PlaygroundBrowser(playground, browser, page, dir, warnings);
      await at.page.goto(playground.url);
      return at;
    } catch (err) {
      await browser?.close();
      await playground?.stop();
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /** Plays as `name` (on a phone the seat list is behind its menu button): waits until the channel is shown as that seat sees it. */
  async asSeat(name: string): Promise<void> {
    const seat = this.page.locator(`.seat[data-seat="${name}"]`);
    // The page draws its seats once it has the playground's state: until then none shows at
    // any width, and a desktop would look for a phone's menu.
    await seat.waitFor({ state: 'attached', ...WAIT });
    if (!(await seat.isVisible())) await this.page.click('#seat-menu');
    await seat.click();
    await this.page.locator(`#messages[data-seat="${name}"]`).waitFor(WAIT);
  }

  /** As `name`, picks that seat's Discord language in the language menu: waits until the local Discord and the page have it. */
  async speak(name: string, locale: string): Promise<void> {
    await this.page.selectOption('#seat-locale', locale);
    await expect.poll(() => this.playground.seats().find((s) => s.name === name)?.locale, WAIT).toBe(locale);
    // The command box's hints read the seat's language from the page when typed into.
    await expect.poll(() => this.page.locator('#seat-menu').textContent(), WAIT).toBe(`${name} · ${locale}`);
  }

  /** Types `line` in the command box and sends it: waits until the box is empty again (the bot acknowledged). */
  async command(line: string): Promise<void> {
    await this.page.fill('#command', line);
    await this.page.press('#command', 'Enter');
    await expect.poll(() => this.page.inputValue('#command'), WAIT).toBe('');
  }

  /** The messages titled so: an embed's title or a Components V2 heading. */
  titled(title: string | RegExp): Locator {
    return this.page.locator('.message', { has: this.page.locator('.embed-title, .v2-heading', { hasText: title }) });
  }

  /** The first message titled so that was not on screen before (`before`: how many were). */
  async newMessage(title: RegExp, before: number): Promise<Locator> {
    await expect.poll(() => this.titled(title).count(), WAIT).toBeGreaterThan(before);
    return this.titled(title).last();
  }

  /**
   * Says what the seat on screen saw and what the bot warned of (a test's `onTestFailed`):
   * a failure on a loaded machine then shows its cause, not only the check that missed.
   */
  async explain(): Promise<void> {
    const box = this.page.locator('#messages');
    const seat = await box.getAttribute('data-seat').catch(() => null);
    const connection = await this.page
      .locator('#connection')
      .textContent()
      .catch(() => null);
    // biome-ignore lint/performance/useDomNodeTextContent: the screen's lines as a person reads them.
    const screen = (await box.innerText().catch(() => '')).slice(-2_000);
    const discord = this.playground.discord;
    console.warn(
      [
        `as ${seat} (${connection}); shared rate limits ${discord.sharedRateLimits()}, requests refused ${discord.invalidRequests()}`,
        `the bot warned: ${this.warnings.slice(-10).join('\n') || 'nothing'}`,
        `the screen's last lines:\n${screen}`,
      ].join('\n'),
    );
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.playground.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
