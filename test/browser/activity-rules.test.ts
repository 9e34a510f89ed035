import { textOf, titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaiting } from '../../src/engine/index.ts';
import { ActivitySocket } from '../e2e/activity/sockets.ts';
import { ACTIVITY_SIZES, ActivityBrowser } from '../support/activity-browser.ts';
import { browserMissingLocally } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };
const isLobby = (m: APIMessage) => /^Guts: Three-card guts$/.test(titleOf(m));

/**
 * The host's Rules on the page (issue 55, bug 4: "Play again and Rules for the host"):
 * the chat's Rules form's options as real form controls over the table, for the host
 * alone, in the lobby (a change is the chat's `setOptions` step) and at game over (the
 * next game's rules, with Play again). The server checks what a page sends: a forged
 * change from someone else's page is refused, one out of bounds ends that socket.
 */
describe.skipIf(browserMissingLocally)('the Rules panel in the Activity', () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  let instanceId: string;
  const pages: Record<string, Page> = {};

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob'], pauseMs: 60_000, rateLimits: 'none' });
    world = at.world;
    instanceId = world.discord.launchActivity(world.user('ann'), world.channel).instanceId;
    pages.ann = await at.open('ann', instanceId);
    pages.bob = await at.open('bob', instanceId, { viewport: ACTIVITY_SIZES.phone });
  });

  afterAll(async () => {
    await at?.close();
  });

  const activity = (name: string): FrameLocator => at.activity(pages[name] as Page);
  const rulesButton = (name: string) => activity(name).getByRole('button', { name: 'Rules', exact: true });

  it('lets the host change the lobby’s rules on the page, as the chat’s form does; nobody else', async () => {
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card', ante: 5 } });
    await activity('bob').getByRole('button', { name: 'Join', exact: true }).click(WAIT);
    await world.until((s) => s.players.length === 2);
    await rulesButton('ann').click(WAIT);
    const panel = activity('ann').getByRole('region', { name: 'Rules', exact: true });
    // Real controls, each named by its label.
    const ante = panel.getByRole('spinbutton', { name: 'Ante', exact: true });
    expect(await ante.inputValue()).toBe('5');
    await ante.fill('7');
    await panel.getByRole('checkbox', { name: 'Odds', exact: true }).uncheck();
    await panel.getByRole('button', { name: 'Save the rules' }).click(WAIT);
    const changed = await world.until((s) => s.options.ante === 7);
    expect(changed.options.odds).toBe(false);
    // The chat's lobby says the new rules.
    await expect.poll(() => textOf(world.latest(/^Guts: Three-card guts$/) as APIMessage), WAIT).toMatch(/ante 7/);
    await panel.waitFor({ state: 'detached', ...WAIT });
    expect(await rulesButton('bob').count()).toBe(0);
  });

  it('refuses a forged change from a page that is not the host’s, and ends a socket that sends one out of bounds', async () => {
    const [bob] = (await ActivitySocket.openAll(world, ['bob'], instanceId)) as [ActivitySocket];
    await bob.waitForTable((t) => t.phase === 'lobby');
    const refused = await bob.press('rules', { options: { ante: 9 } });
    expect(refused).toMatchObject({ ok: false, text: expect.stringMatching(/host/) });
    expect((await world.state()).options.ante).toBe(7);
    // A countdown of 5 s is under the rule book's 10: never read, and the socket is closed.
    bob.send('rules', { options: { timer: 5 } });
    await expect.poll(() => bob.open, WAIT).toBe(false);
    expect((await world.state()).options.timer).toBe(30);
  });

  it('sets the next game’s rules at game over, and Play again opens it with them, in the chat and on the page', async () => {
    await activity('ann').getByRole('button', { name: 'Deal', exact: true }).click(WAIT);
    await world.until((s) => awaiting(s).kind === 'declare');
    await activity('ann').getByRole('button', { name: 'Stay', exact: true }).click(WAIT);
    await activity('bob').getByRole('button', { name: /^Drop/ }).click(WAIT);
    await world.until((s) => s.phase === 'over');
    await activity('ann')
      .getByRole('region', { name: /^Game over after/ })
      .waitFor(WAIT);
    await rulesButton('ann').click(WAIT);
    expect(await rulesButton('bob').count()).toBe(0);
    const panel = activity('ann').getByRole('region', { name: 'Rules of the next game' });
    await panel.getByRole('spinbutton', { name: 'Countdown', exact: true }).fill('45');
    // The browser holds the rule book's bounds: an ante of 0 is not sent.
    const ante = panel.getByRole('spinbutton', { name: 'Ante', exact: true });
    await ante.fill('0');
    await panel.getByRole('button', { name: 'Play again' }).click(WAIT);
    const underflow = (e: unknown) => (e as { validity: { rangeUnderflow: boolean } }).validity.rangeUnderflow;
    expect(await ante.evaluate(underflow)).toBe(true);
    await (pages.ann as Page).waitForTimeout(1000);
    expect((await world.state()).phase).toBe('over');
    await ante.fill('3');
    const lobbies = world.messages().filter(isLobby).length;
    await panel.getByRole('button', { name: 'Play again' }).click(WAIT);
    const next = await world.until((s) => s.phase === 'lobby');
    expect(next.options).toMatchObject({ timer: 45, ante: 3, odds: false });
    // The chat gets the next game's lobby with its rules, and the page shows them to its host.
    await expect.poll(() => world.messages().filter(isLobby).length, WAIT).toBe(lobbies + 1);
    expect(textOf(world.messages().filter(isLobby).at(-1) as APIMessage)).toMatch(/ante 3 · timer 45s/);
    await rulesButton('ann').click(WAIT);
    const lobbyPanel = activity('ann').getByRole('region', { name: 'Rules', exact: true });
    expect(await lobbyPanel.getByRole('spinbutton', { name: 'Countdown', exact: true }).inputValue()).toBe('45');
    expect(at.errors).toEqual([]);
  });
});
