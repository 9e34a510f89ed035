import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../src/activity/frames.ts';
import { ActivityBrowser } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

/**
 * A press from the page is acknowledged where a button is (src/table/acknowledge.ts):
 * here every step's commit takes 400 ms, so Stay pressed on the page is acknowledged
 * (an `ack` frame) before its answer, as the chat's button gets Discord's deferred update
 * first. Until the answer the pressed button shows as pending (aria-busy); the answer and
 * the table's next frame clear it.
 */

const WAIT = { timeout: 20_000 };
const COMMIT_MS = 400;

describe.skipIf(browserMissingLocally)("a page's press on a slow database", () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  let page: Page;
  /** The frames ann's page got, in order (read off its WebSocket). */
  const frames: ServerFrame[] = [];

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob'], pauseMs: 60_000, commitDelayMs: COMMIT_MS });
    world = at.world;
    const { instanceId } = world.discord.launchActivity(world.user('ann'), world.channel);
    page = await at.open('ann', instanceId, {
      prepare: (p) => {
        p.on('websocket', (ws) =>
          ws.on('framereceived', (f) => frames.push(JSON.parse(String(f.payload)) as ServerFrame)),
        );
      },
    });
  });

  afterAll(async () => {
    await at?.close();
  });

  const activity = (): FrameLocator => at.activity(page);

  it('acknowledges Stay before its step commits, shows it pending, then answers it', async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10 },
    });
    await world.press('bob', lobby, 'Join').response();
    await activity().getByRole('button', { name: 'Deal', exact: true }).click(WAIT);
    const stay = activity().getByRole('button', { name: 'Stay', exact: true });
    await stay.waitFor(WAIT);
    const before = frames.length;
    await stay.click();
    // Pending from the press on, while its step waits for the database.
    expect(await stay.getAttribute('aria-busy', { timeout: 5_000 })).toBe('true');
    await expect.poll(() => frames.slice(before).map((f) => f.type), WAIT).toContain('answer');
    const kinds = frames
      .slice(before)
      .filter((f): f is Extract<ServerFrame, { requestId: string }> => f.type === 'ack' || f.type === 'answer');
    expect(kinds.map((f) => f.type)).toEqual(['ack', 'answer']);
    expect(kinds[1]).toMatchObject({ ok: true, requestId: kinds[0]?.requestId });
    // Answered: the choice is on the table and nothing is pending any more.
    await expect.poll(() => activity().locator('button[aria-busy="true"]').count(), WAIT).toBe(0);
    expect(at.errors).toEqual([]);
  });
});
