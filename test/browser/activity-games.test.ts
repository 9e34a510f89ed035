import { titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame, ShowdownFrame } from '../../src/activity/frames.ts';
import { awaiting, type GameState, isComputerId } from '../../src/engine/index.ts';
import { channelPots, playerBalances } from '../../src/ledger/index.ts';
import { asTableNotes, tableDealNo } from '../../src/table/table-notes.ts';
import { ACTIVITY_SIZES, ActivityBrowser } from '../support/activity-browser.ts';
import { faceUpSeen, recordFrames, tablesIn, watchSeatsFaceUp } from '../support/activity-watch.ts';
import { browserMissingLocally } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };
type Choice = 'stay' | 'drop';

/**
 * Whole games played from the Activity and the chat at once (issue 48): two players on
 * the page, one on the chat's buttons, a spectator in the instance with no seat watching
 * every frame and every change of its page; then three-card with a computer player.
 */
describe.skipIf(browserMissingLocally)('whole games in the Activity', () => {
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  let instanceId: string;
  const pages: Record<string, Page> = {};
  const frames: Record<string, ServerFrame[]> = {};

  beforeAll(async () => {
    at = await ActivityBrowser.start({ players: ['ann', 'bob', 'cat', 'dan'], pauseMs: 1500, rateLimits: 'none' });
    world = at.world;
    // Everyone opens the Activity before any game: the pages show the lobby once it opens.
    instanceId = world.discord.launchActivity(world.user('ann'), world.channel).instanceId;
    await open('ann');
    await open('bob', ACTIVITY_SIZES.phone);
    await open('dan');
  });

  afterAll(async () => {
    await at?.close();
  });

  const activity = (name: string) => at.activity(pages[name] as Page);
  const id = (name: string) => world.user(name).id;

  /** `name` opens the Activity, watched from its first frame: what its socket got, and every face-up card of another seat its page ever drew. */
  async function open(name: string, viewport: { width: number; height: number } = ACTIVITY_SIZES.focused) {
    const page = await at.open(name, instanceId, {
      viewport,
      prepare: async (p) => {
        frames[name] = recordFrames(p);
        await watchSeatsFaceUp(p, id(name));
      },
    });
    pages[name] = page;
    return page;
  }

  /** Balances of each player and the channel's pot and reserve, as the ledger holds them. */
  async function ledger() {
    const balances = await playerBalances(world.database.db, world.guild.id);
    const pots = await channelPots(world.database.db, world.guild.id);
    const here = pots.find((p) => p.channelId === world.channel.id) ?? { pot: 0, reserve: 0 };
    const players = Object.fromEntries(balances.map((b) => [b.userId, b.balance]));
    const total = balances.reduce((sum, b) => sum + b.balance, 0) + pots.reduce((s, p) => s + p.pot + p.reserve, 0);
    return { players, pot: here.pot, reserve: here.reserve, total };
  }

  /** The deal under way's number as the table counts it (what the chat's titles and the page show). */
  async function tableDeal(): Promise<number> {
    const record = await world.tableRecord();
    return tableDealNo(asTableNotes(record.messages), (record.state as GameState).dealNo);
  }

  /**
   * One declaration round: each named player chooses, from wherever they play (the page's
   * buttons, or the live table message's for `chat`), and the round is over once the
   * state has moved past it.
   */
  async function declare(round: number, choices: Record<string, Choice>, chat: readonly string[]) {
    const state = await world.until((s) => awaiting(s).kind === 'declare' && s.deal?.round === round);
    const dealNo = await tableDeal();
    for (const [name, choice] of Object.entries(choices)) {
      if (chat.includes(name)) {
        const table = await world.waitForTitle(new RegExp(`: deal ${dealNo}$`));
        await world.press(name, table, choice === 'stay' ? 'Stay' : 'Drop').acknowledged();
      } else {
        // A player presses what their page shows: once it shows this round (its frame may
        // come a moment after the table moved on; a press on the round before is refused).
        await expect
          .poll(() => {
            const shown = tablesIn(frames[name] ?? []).at(-1);
            return shown?.dealNo === dealNo && shown.awaiting.kind === 'declare' && shown.awaiting.round === round;
          }, WAIT)
          .toBe(true);
        const label = choice === 'stay' ? 'Stay' : /^Drop/;
        await activity(name).getByRole('button', { name: label }).click(WAIT);
      }
      await world.until(
        (s) => s.deal?.choices[id(name)] !== undefined || s.dealNo !== state.dealNo || s.deal?.round !== round,
      );
    }
    await world.until((s) => s.dealNo !== state.dealNo || s.deal?.round !== round || awaiting(s).kind !== 'declare');
  }

  /** Every showdown the frames of `name` carried, by table deal number. */
  const showdowns = (name: string): Map<number, ShowdownFrame> =>
    new Map(
      tablesIn(frames[name] ?? []).flatMap((t) => (t.showdown ? [[t.showdown.dealNo, t.showdown] as const] : [])),
    );

  /** The chat's last result carries the final standings, and every page got that result. */
  async function gameOverShown(lastDeal: number) {
    await world.waitFor(
      (m) =>
        new RegExp(`: deal ${lastDeal} result$`).test(titleOf(m)) &&
        m.embeds.some((e) => /^Game over after/.test(e.title ?? '')),
    );
    for (const name of ['ann', 'bob', 'dan']) await expect.poll(() => showdowns(name).has(lastDeal), WAIT).toBe(true);
  }

  /** The chat's result message of a table deal (its embed's title ends `deal N result`). */
  function chatResult(dealNo: number): APIMessage {
    const found = world.messages().find((m) => new RegExp(`: deal ${dealNo} result$`).test(titleOf(m)));
    if (!found) throw new Error(`no result in the chat for deal ${dealNo}`);
    return found;
  }

  /** Every seat's name as the spectator's frames gave it (a computer's too), by seat id. */
  const seatNames = (): Map<string, string> =>
    new Map(tablesIn(frames.dan ?? []).flatMap((t) => t.seats.map((seat) => [seat.id, seat.name] as const)));

  /**
   * Plays the running game to its end: each human the round waits for chooses as `decide`
   * says, from the page or (`chat`) the chat; computers play for themselves.
   */
  async function playToEnd(decide: (dealNo: number, name: string) => Choice, chat: readonly string[], maxDeals = 12) {
    for (;;) {
      const state = await world.state();
      const w = awaiting(state);
      if (w.kind === 'over') return state;
      if (state.dealNo > maxDeals) throw new Error(`the game is still going after ${maxDeals} deals`);
      const humans = w.kind === 'declare' ? w.pending.filter((p) => !isComputerId(p)) : [];
      if (w.kind === 'declare' && humans.length > 0) {
        const names = humans.map((p) => world.nameOf(p));
        await declare(w.round, Object.fromEntries(names.map((n) => [n, decide(state.dealNo, n)])), chat);
      } else await world.until((s) => JSON.stringify(s) !== JSON.stringify(state));
    }
  }

  /** The chat's result and the page's showdown say the same: each hand, its name, who won, and each player's net. */
  function expectSameResult(dealNo: number, shown: ShowdownFrame) {
    const embed = chatResult(dealNo).embeds[0];
    const field = (name: string) => embed?.fields?.find((f) => f.name === name)?.value ?? '';
    for (const hand of shown.hands) {
      const name = seatNames().get(hand.playerId);
      const mark = shown.winners.includes(hand.playerId) ? '🏆' : '▫️';
      expect(field('Hands')).toContain(
        `${mark} **${name}**: ${hand.name} (${hand.cards.map((c) => c.text).join(' ')})`,
      );
    }
    const net = Object.fromEntries(
      field('This deal')
        .split(' · ')
        .filter(Boolean)
        .map((part) => {
          const [, name = '', amount = ''] = /^\*\*(.+)\*\* (.+)$/.exec(part) ?? [];
          const seat = [...seatNames()].find(([, seatName]) => seatName === name);
          return [seat?.[0] ?? name, Number(amount.replace('−', '-').replace(/[^\d-]/g, ''))];
        }),
    );
    const pageNet = Object.fromEntries(Object.entries(shown.delta).filter(([, n]) => n !== 0));
    expect(net).toEqual(pageNet);
  }

  it('plays a whole Iron Cross game from two pages and the chat, a spectator seeing no hidden card', async () => {
    const before = await ledger();
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', ante: 10 },
    });
    await world.press('cat', lobby, 'Join').response();
    await activity('bob').getByRole('button', { name: 'Join' }).click(WAIT);
    await activity('ann')
      .locator(`[data-seat="${id('bob')}"]`)
      .waitFor(WAIT);
    await activity('dan')
      .getByText(/You are watching/)
      .waitFor(WAIT);
    await activity('ann').getByRole('button', { name: 'Deal' }).click(WAIT);

    // Deal 1: everyone stays twice, a showdown; the losers match the pot.
    await declare(1, { ann: 'stay', bob: 'stay', cat: 'stay' }, ['cat']);
    await declare(2, { ann: 'stay', cat: 'stay', bob: 'stay' }, ['cat']);
    const first = await tableDeal();
    await world.waitForTitle(new RegExp(`: deal ${first} result$`));
    // The result shows until the next deal starts (1.5 s on): the page's frames got it.
    await expect.poll(() => showdowns('ann').has(first), WAIT).toBe(true);
    // Deal 2: cat drops at once from the chat, bob drops late (it costs), ann stays alone and takes the pot.
    await world.until((s) => s.dealNo === 2 && awaiting(s).kind === 'declare');
    await declare(1, { cat: 'drop', ann: 'stay', bob: 'stay' }, ['cat']);
    await declare(2, { bob: 'drop', ann: 'stay' }, ['cat']);
    const over = await world.until((s) => awaiting(s).kind === 'over');
    const last = await tableDeal();
    await gameOverShown(last);

    // Every deal settled once, and the chat's result and the page's showdown agree.
    const seen = showdowns('dan');
    for (let dealNo = first; dealNo <= last; dealNo++) {
      expect(await world.settlements(dealNo)).toBe(1);
      const shown = seen.get(dealNo);
      expect(shown, `the page showed deal ${dealNo}'s result`).toBeDefined();
      expectSameResult(dealNo, shown as ShowdownFrame);
      // Each player's page got the same result as the spectator's.
      for (const name of ['ann', 'bob']) expect(showdowns(name).get(dealNo)).toEqual(shown);
    }
    // Chips conserved: each player's balance moved by what the showdowns said, the pot by the rest.
    const after = await ledger();
    expect((await world.audit()).problems).toEqual([]);
    expect(after.total).toBe(before.total);
    for (const name of ['ann', 'bob', 'cat']) {
      const net = [...seen.values()].reduce((sum, s) => sum + (s.delta[id(name)] ?? 0), 0);
      expect((after.players[id(name)] ?? 0) - (before.players[id(name)] ?? 0), name).toBe(net);
    }
    expect(after.pot + after.reserve).toBe(over.pot + over.reserve);

    // The spectator never saw a hidden card: not in a frame, not on its page.
    const danTables = tablesIn(frames.dan ?? []);
    expect(danTables.length).toBeGreaterThan(4);
    for (const table of danTables) {
      expect(table.you).toBeNull();
      expect(table.seats.flatMap((s) => s.cards).filter((c) => c !== null)).toEqual([]);
      // A deal's hands are shown once it is over, never while it is played.
      const shownDeal = table.showdown?.dealNo;
      if (shownDeal !== undefined) expect(table.dealNo > shownDeal || table.phase !== 'deal').toBe(true);
    }
    // Nor the hands of those who dropped: the last deal shows none of bob's or cat's.
    const lastHands = seen.get(last)?.hands.map((h) => world.nameOf(h.playerId)) ?? [];
    expect(lastHands.filter((name) => name !== 'ann')).toEqual([]);
    expect(await faceUpSeen(pages.dan as Page)).toEqual([]);
    // Nor did a player ever see another's cards on the page.
    for (const name of ['ann', 'bob']) expect(await faceUpSeen(pages[name] as Page), name).toEqual([]);
    expect(at.errors).toEqual([]);
  });

  it('plays a whole three-card game with a computer player the host seated from the page', async () => {
    const before = await ledger();
    const firstFrame = (frames.dan ?? []).length;
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10 },
    });
    await world.press('cat', lobby, 'Join').response();
    await activity('bob').getByRole('button', { name: 'Join' }).click(WAIT);
    await activity('ann').getByRole('button', { name: 'Balanced computer player' }).click(WAIT);
    await activity('dan').locator('[data-seat]', { hasText: /🤖/ }).waitFor(WAIT);
    // The chat's lobby shows the computer the page seated.
    await world.waitFor((m) => /Guts: Three-card/.test(titleOf(m)) && JSON.stringify(m).includes('🤖'));
    await activity('ann').getByRole('button', { name: 'Deal' }).click(WAIT);
    await world.until((s) => s.dealNo === 1);
    const firstDeal = await tableDeal();
    // Deal 1: every human stays, a showdown with the computer if it stays; then ann alone stays.
    await playToEnd((dealNo, name) => (dealNo === 1 || name === 'ann' ? 'stay' : 'drop'), ['cat']);
    const lastDeal = await tableDeal();
    await gameOverShown(lastDeal);

    const state = await world.state();
    const computer = state.players.find((p) => isComputerId(p.id));
    expect(computer).toBeDefined();
    const seen = showdowns('dan');
    const settledHere = new Map([...seen].filter(([dealNo]) => dealNo >= firstDeal));
    expect(settledHere.size).toBe(lastDeal - firstDeal + 1);
    for (const [dealNo, shown] of settledHere) {
      expect(await world.settlements(dealNo)).toBe(1);
      expectSameResult(dealNo, shown);
      for (const name of ['ann', 'bob']) expect(showdowns(name).get(dealNo)).toEqual(shown);
    }
    // The computer played: it chose in every deal, and its chips moved with the rest.
    const after = await ledger();
    expect((await world.audit()).problems).toEqual([]);
    expect(after.total).toBe(before.total);
    for (const who of [id('ann'), id('bob'), id('cat'), computer?.id ?? '']) {
      const net = [...settledHere.values()].reduce((sum, s) => sum + (s.delta[who] ?? 0), 0);
      expect((after.players[who] ?? 0) - (before.players[who] ?? 0), who).toBe(net);
    }
    // The spectator still saw no hidden card, the computer's included.
    for (const table of tablesIn((frames.dan ?? []).slice(firstFrame))) {
      expect(table.seats.flatMap((s) => s.cards).filter((c) => c !== null)).toEqual([]);
    }
    expect(await faceUpSeen(pages.dan as Page)).toEqual([]);
    for (const name of ['ann', 'bob']) expect(await faceUpSeen(pages[name] as Page), name).toEqual([]);
    expect(at.errors).toEqual([]);
  });

  it('sent Discord only requests its spec allows, and no page logged an error', () => {
    const counts = world.discord.specCounts();
    expect(counts.requests).toBeGreaterThan(0);
    expect(counts.violations).toBe(0);
    expect(at.errors).toEqual([]);
  });
});
