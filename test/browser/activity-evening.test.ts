import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../src/activity/frames.ts';
import { awaiting, type GameState } from '../../src/engine/index.ts';
import { asTableNotes, tableDealNo } from '../../src/table/table-notes.ts';
import { ACTIVITY_SIZES, ActivityBrowser } from '../support/activity-browser.ts';
import { faceUpSeen, recordFrames, tablesIn, watchSeatsFaceUp } from '../support/activity-watch.ts';
import { browserMissingLocally } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };

/**
 * A whole evening in the Activity, around the deals (issue 55): a game to its end and its
 * final standings, Play again, a seat that joins in the middle of a deal, one that leaves
 * during a deal and is still named in its result, results that go when the next deal
 * starts, `/guts stop`, and a lobby stopped before its first deal. After every deal the
 * seats' chips are the chat's standings of the game so far.
 */
describe.skipIf(browserMissingLocally)('an evening in the Activity', () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  const pages: Record<string, Page> = {};
  const frames: Record<string, ServerFrame[]> = {};

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob', 'cat'], pauseMs: 2500, rateLimits: 'none' });
    world = at.world;
    const { instanceId } = world.discord.launchActivity(world.user('ann'), world.channel);
    world.discord.joinActivity(world.user('bob'), { instanceId });
    for (const [name, viewport] of [
      ['ann', ACTIVITY_SIZES.focused],
      ['bob', ACTIVITY_SIZES.phone],
    ] as const) {
      pages[name] = await at.open(name, instanceId, {
        viewport,
        skipJoin: name === 'bob',
        prepare: async (p) => {
          frames[name] = recordFrames(p);
          await watchSeatsFaceUp(p, world.user(name).id);
        },
      });
    }
  });

  afterAll(async () => {
    await at?.close();
  });

  const activity = (name: string): FrameLocator => at.activity(pages[name] as Page);
  const id = (name: string) => world.user(name).id;

  async function tableDeal(): Promise<number> {
    const record = await world.tableRecord();
    return tableDealNo(asTableNotes(record.messages), (record.state as GameState).dealNo);
  }

  /** Each seat's chips as `name`'s page shows them, by player name. */
  const seatChips = (name: string) =>
    activity(name)
      .locator('.seat[data-seat]')
      .evaluateAll((seats) =>
        Object.fromEntries(
          seats.map((s) => [s.querySelector('.name')?.textContent, s.querySelector('.chips')?.textContent]),
        ),
      );

  /** The chat's standings of the game so far, as the page says them ("+5", "−5", "0"). */
  async function chatStandings(): Promise<Record<string, string>> {
    const record = await world.tableRecord();
    const state = record.state as GameState;
    const { net } = await world.bot.tables.standings(record.id, state);
    const said = (n: number) => new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' }).format(n);
    const chips = Object.fromEntries(net.map((n) => [world.nameOf(n.playerId), said(n.chips)]));
    return Object.fromEntries(state.players.map((p) => [world.nameOf(p.id), chips[world.nameOf(p.id)] ?? '0']));
  }

  /** One choice in the deal under way: from the page, or (`chat`) the live table message. */
  async function choose(name: string, choice: 'stay' | 'drop', chat = false) {
    const before = await world.state();
    if (chat) {
      const table = await world.waitForTitle(new RegExp(`: deal ${await tableDeal()}$`));
      await world.press(name, table, choice === 'stay' ? 'Stay' : 'Drop').acknowledged();
    } else
      await activity(name)
        .getByRole('button', { name: choice === 'stay' ? 'Stay' : /^Drop/ })
        .click(WAIT);
    await world.until(
      (s) => s.deal?.choices[id(name)] !== undefined || s.dealNo !== before.dealNo || s.phase !== 'deal',
    );
  }

  /** Waits for the deal's end, then for both pages to show the chat's standings beside the seats. */
  async function dealEnded(dealNo: number) {
    await world.waitForTitle(new RegExp(`: deal ${dealNo} result$`));
    const standings = await chatStandings();
    for (const name of ['ann', 'bob']) await expect.poll(() => seatChips(name), WAIT).toEqual(standings);
  }

  it('shows the final standings at game over, and Play again starts the chips and results afresh', async () => {
    await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 5 },
    });
    await activity('bob').getByRole('button', { name: 'Join' }).click(WAIT);
    await activity('ann').getByRole('button', { name: 'Deal' }).click(WAIT);
    await world.until((s) => awaiting(s).kind === 'declare');
    // Ann stays alone: she takes the pot and the game is over.
    await choose('ann', 'stay');
    await choose('bob', 'drop');
    const first = await tableDeal();
    await world.waitFor((m) => m.embeds.some((e) => /^Game over after 1 deal/.test(e.title ?? '')));
    const standings = await chatStandings();
    for (const name of ['ann', 'bob']) {
      const over = activity(name).getByRole('region', { name: 'Game over after 1 deal' });
      await over.waitFor(WAIT);
      await expect
        .poll(() => over.locator('.standings li').allInnerTexts())
        .toEqual([`ann\n${standings.ann}`, `bob\n${standings.bob}`]);
      await expect.poll(() => seatChips(name)).toEqual(standings);
      expect(await activity(name).locator('h1').innerText()).not.toMatch(/deal \d/);
    }
    expect(standings.ann).toMatch(/^\+/);

    // Play again from the chat: the new lobby shows no result and nobody's chips from the last game.
    const over = world.messages().find((m) => m.embeds.some((e) => /^Game over/.test(e.title ?? '')));
    expect(over).toBeDefined();
    await world.press('ann', over as NonNullable<typeof over>, 'Play again').response();
    await world.until((s) => s.phase === 'lobby');
    await activity('ann').getByRole('button', { name: 'Deal' }).waitFor(WAIT);
    await activity('bob').getByRole('button', { name: 'Join' }).click(WAIT);
    for (const name of ['ann', 'bob']) {
      await expect.poll(() => seatChips(name), WAIT).toEqual({ ann: '0', bob: '0' });
      expect(await activity(name).locator('.result').count()).toBe(0);
    }
    await activity('ann').getByRole('button', { name: 'Deal' }).click(WAIT);
    await world.until((s) => awaiting(s).kind === 'declare');
    const second = await tableDeal();
    expect(second).toBe(first + 1);

    // Cat sits down from the chat's table card while the deal is under way: the pages say when they play.
    // (Play again's lobby loses its buttons once the deal is on it: a press there would race that edit.)
    const live = await world.waitForTitle(new RegExp(`: deal ${second}$`));
    await world.press('cat', live, 'Join').response();
    const catSeat = activity('ann').locator(`[data-seat="${id('cat')}"]`);
    await expect.poll(() => catSeat.locator('.status').innerText(), WAIT).toContain('joins next deal');
    // Both stay: a showdown, the loser matches the pot, the game goes on.
    await choose('ann', 'stay');
    await choose('bob', 'stay');
    await dealEnded(second);
    await activity('ann').getByRole('region', { name: 'Hands' }).waitFor(WAIT);
  });

  it("takes a deal's result away when the next deal starts, and names a seat that left during it", async () => {
    const third = (await tableDeal()) + 1;
    await world.until((s) => awaiting(s).kind === 'declare' && s.deal?.players.includes(id('cat')) === true, 20_000);
    for (const name of ['ann', 'bob']) await expect.poll(() => activity(name).locator('.result').count()).toBe(0);
    // Cat presses Leave during the deal, then stays: the result still calls them cat.
    const table = await world.waitForTitle(new RegExp(`: deal ${third}$`));
    await world.press('cat', table, 'Leave').response();
    await choose('cat', 'stay', true);
    await choose('ann', 'stay');
    await choose('bob', 'drop');
    await world.waitForTitle(new RegExp(`: deal ${third} result$`));
    const result = activity('bob').getByRole('region', { name: 'Hands' });
    await result.waitFor(WAIT);
    await expect.poll(() => result.innerText()).toMatch(/\bcat\b/);
    expect(await result.innerText()).not.toContain(id('cat'));
    for (const name of ['ann', 'bob']) expect(await faceUpSeen(pages[name] as Page), name).toEqual([]);
  });

  it('/guts stop shows the final standings, and a lobby stopped before its first deal shows no old deal', async () => {
    await world.until((s) => s.phase === 'between-deals' || awaiting(s).kind === 'declare', 20_000);
    await world.reply('ann', 'guts', { subcommand: 'stop' });
    const done = await world.until((s) => s.phase === 'over', 30_000);
    if (awaiting(done).kind !== 'over') throw new Error('the game did not end');
    const standings = activity('ann').getByRole('region', { name: /^Game over after/ });
    await standings.waitFor(WAIT);
    // Cat left during the game: the standings still name them.
    expect(await standings.innerText()).not.toContain(id('cat'));

    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card', ante: 5 } });
    await activity('ann').getByRole('button', { name: 'Deal' }).waitFor(WAIT);
    await world.reply('ann', 'guts', { subcommand: 'stop' });
    for (const name of ['ann', 'bob']) {
      await activity(name).getByRole('region', { name: 'The lobby closed before any deal' }).waitFor(WAIT);
      expect(await activity(name).locator('.result').count()).toBe(0);
      expect(await activity(name).locator('.card').count()).toBe(0);
    }
    // No frame ever showed a result outside its own deal's pause or game over.
    for (const table of tablesIn(frames.ann ?? [])) {
      if (table.showdown) expect([table.phase, table.showdown.dealNo]).toEqual([table.phase, table.dealNo]);
      if (table.showdown) expect(['between-deals', 'over']).toContain(table.phase);
    }
    expect(at.errors).toEqual([]);
  });

  it('asks again before Leave during a deal, and keeps the seconds readable on the countdown', async () => {
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card', ante: 5 } });
    await activity('bob').getByRole('button', { name: 'Join' }).click(WAIT);
    await activity('ann').getByRole('button', { name: 'Deal' }).click(WAIT);
    await world.until((s) => awaiting(s).kind === 'declare');
    const leave = activity('bob').locator('.actions button.leave');
    await leave.click(WAIT);
    await expect.poll(() => leave.innerText(), WAIT).toBe('Leave: leaving after this deal');
    expect((await world.state()).players.find((p) => p.id === id('bob'))?.leaving).toBeFalsy();
    await leave.click();
    await world.until((s) => s.players.find((p) => p.id === id('bob'))?.leaving === true);
    // The seconds sit on a dark pill: white on it, whatever the bar behind holds.
    const pill = await activity('bob')
      .locator('.countdown .left')
      .evaluate(
        (e) =>
          (globalThis as unknown as { getComputedStyle(x: unknown): { backgroundColor: string } }).getComputedStyle(e)
            .backgroundColor,
      );
    expect(pill).toMatch(/^rgba\(0, 0, 0, 0\.[6-9]/);
    await world.reply('ann', 'guts', { subcommand: 'stop' });
  });
});
