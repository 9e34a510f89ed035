import { AdjustableClock } from '@guts/local-discord';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../src/activity/frames.ts';
import { prettyCard } from '../../src/cards/card.ts';
import { awaiting, type GameEvent, type GameState } from '../../src/engine/index.ts';
import { ActivityBrowser } from '../support/activity-browser.ts';
import { CARD_TEXT } from '../support/activity-watch.ts';
import { browserMissingLocally, collectPageErrors } from '../support/chromium.ts';

const WAIT = { timeout: 20_000 };
/** What a refused page says (en-US): the catalogue's `activity.refused`. */
const REFUSED = /can't let you in/;

/**
 * The page's socket as the test holds it (Playwright routes it): every frame each way,
 * with the table's frames to the page held back (`frozen`: a page that fell behind) or the page's
 * presses sent twice (`doubled`: the same request id in two frames).
 */
interface Wire {
  frozen: boolean;
  doubled: boolean;
  sent: string[];
  got: ServerFrame[];
  /** The socket's address (its ticket in the query). */
  url?: string;
}

/**
 * Refusals in the browser (issue 48): who is who is never the page's word, a stale or
 * doubled press makes no second step, and a page that goes away mid-deal changes nothing.
 */
describe.skipIf(browserMissingLocally)('refusals and reconnects in the Activity', () => {
  const clock = new AdjustableClock();
  let at: ActivityBrowser;
  let world: ActivityBrowser['world'];
  let instanceId: string;
  const wires: Record<string, Wire> = {};
  const pages: Record<string, Page> = {};
  /** Every console error a refused page is expected to log: the 403 of its ticket, as Chromium reports it. */
  const refusedPages = new Set<string>();

  const id = (name: string) => world.user(name).id;
  const activity = (name: string) => at.activity(pages[name] as Page);
  const version = async () => (await world.tableRecord()).version;

  /** `name` opens the Activity with its socket routed through a `Wire`. */
  async function open(
    name: string,
    options: { skipJoin?: boolean; instance?: string; prepare?: (page: Page) => Promise<void> } = {},
  ) {
    const wire: Wire = { frozen: false, doubled: false, sent: [], got: [] };
    wires[name] = wire;
    const page = await at.open(name, options.instance ?? instanceId, {
      ...(options.skipJoin ? { skipJoin: true } : {}),
      prepare: async (p) => {
        await p.routeWebSocket(/\/ws\?ticket=/, (ws) => {
          wire.url = ws.url();
          const server = ws.connectToServer();
          ws.onMessage((message) => {
            wire.sent.push(String(message));
            server.send(message);
            if (wire.doubled) server.send(message);
          });
          server.onMessage((message) => {
            const frame = JSON.parse(String(message)) as ServerFrame;
            wire.got.push(frame);
            if (!wire.frozen || frame.type === 'answer') ws.send(message);
          });
        });
        await options.prepare?.(p);
      },
    });
    pages[name] = page;
    return page;
  }

  /** Steps committed from `name`'s presses in the Activity (their keys name the user). */
  async function activitySteps(name: string): Promise<number> {
    const rows = await world.database.db
      .selectFrom('game_steps')
      .select('key')
      .where('key', 'like', `activity:%:${id(name)}:%`)
      .execute();
    return rows.length;
  }

  /** The engine's events of a table deal, every step's, in order. */
  async function dealEvents(dealNo: number): Promise<GameEvent[]> {
    const rows = await world.database.db
      .selectFrom('game_steps')
      .select('events')
      .where('deal_no', '=', dealNo)
      .orderBy('version')
      .execute();
    return rows.flatMap((r) => JSON.parse(r.events) as GameEvent[]);
  }

  /** The answers `name`'s page got to its presses. */
  const answers = (name: string) => (wires[name]?.got ?? []).flatMap((f) => (f.type === 'answer' ? [f] : []));

  beforeAll(async () => {
    at = await ActivityBrowser.start({
      players: ['ann', 'bob', 'cat', 'eve', 'fay', 'gus'],
      clock,
      pauseMs: 5000,
      rateLimits: 'none',
    });
    world = at.world;
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10, timer: 120 },
    });
    await world.press('cat', lobby, 'Join').response();
    instanceId = world.discord.launchActivity(world.user('ann'), world.channel).instanceId;
    await open('ann');
    await open('bob');
    await activity('bob').getByRole('button', { name: 'Join' }).click(WAIT);
    await activity('ann')
      .locator(`[data-seat="${id('bob')}"]`)
      .waitFor(WAIT);
    await activity('ann').getByRole('button', { name: 'Deal' }).click(WAIT);
    await world.until((s) => s.dealNo === 1 && awaiting(s).kind === 'declare');
  });

  afterAll(async () => {
    await at?.close();
  });

  /** A refused page: it says so, gets no frame, and the table is as it was. */
  async function expectRefused(name: string, before: number) {
    refusedPages.add(name);
    await activity(name).getByRole('status').filter({ hasText: REFUSED }).waitFor(WAIT);
    expect(wires[name]?.got).toEqual([]);
    expect(await version()).toBe(before);
    // The page keeps asking (its user may join the instance yet): closed here, it stops.
    await (pages[name] as Page).close();
  }

  it('refuses a forged session: the page says so and nothing changes', async () => {
    const before = await version();
    // Eve is in the instance, but her page hands the bot a session claiming to be ann.
    world.discord.joinActivity(world.user('eve'), { instanceId });
    await open('eve', {
      prepare: async (p) => {
        await p.route('**/api/session', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { session: string };
          const [claims = '', signature = ''] = body.session.split('.');
          const who = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
          const forged = Buffer.from(JSON.stringify({ ...who, userId: id('ann') })).toString('base64url');
          await route.fulfill({ response, json: { ...body, session: `${forged}.${signature}` } });
        });
      },
    });
    await expectRefused('eve', before);
  });

  it('refuses a user outside the instance', async () => {
    const before = await version();
    await open('fay', { skipJoin: true });
    await expectRefused('fay', before);
  });

  it("refuses an instance of another channel than the page's", async () => {
    const before = await version();
    const lounge = world.discord.createChannel(world.guild, { name: 'lounge' });
    const elsewhere = world.discord.launchActivity(world.user('gus'), lounge);
    await open('gus', { instance: elsewhere.instanceId, skipJoin: true });
    await expectRefused('gus', before);
  });

  it('refuses a ticket used once already, and the page that used it keeps its socket', async () => {
    const before = await version();
    const used = (wires.ann as Wire).url;
    expect(used).toMatch(/\/ws\?ticket=/);
    // Someone replays ann's ticket from a page of their own: the upgrade is refused, and Chromium says so.
    const replay = await at.browser.newPage();
    const said: string[] = [];
    collectPageErrors(replay, said, 'replay');
    const outcome = await replay.evaluate(
      `new Promise((resolve) => {
        const socket = new WebSocket(${JSON.stringify(used)});
        socket.onopen = () => resolve('open');
        socket.onclose = (event) => resolve('closed ' + event.code);
      })`,
    );
    expect(outcome).toBe('closed 1006');
    await expect.poll(() => said.join('\n'), WAIT).toMatch(/Unexpected response code: 403/);
    await replay.close();
    expect(await version()).toBe(before);
    // Ann's own socket is still hers: the next step reaches her page (below).
  });

  it('makes one step of a double click, and of one request sent twice', async () => {
    const bobSteps = await activitySteps('bob');
    const annSteps = await activitySteps('ann');
    // Bob double-clicks Stay: both clicks land before the first is answered, two presses, one step.
    const bobSent = (wires.bob as Wire).sent.length;
    const bobAnswers = answers('bob').length;
    await activity('bob').getByRole('button', { name: 'Stay' }).dblclick(WAIT);
    await world.until((s) => s.deal?.choices[id('bob')] === 'stay');
    expect((wires.bob as Wire).sent.slice(bobSent).map((m) => JSON.parse(m).press)).toEqual(['stay', 'stay']);
    await expect.poll(() => answers('bob').length, WAIT).toBe(bobAnswers + 2);
    expect(await activitySteps('bob')).toBe(bobSteps + 1);
    // Ann's one press reaches the bot twice (the same request id): one step, both answered done.
    const sentBefore = (wires.ann as Wire).sent.length;
    const annAnswers = answers('ann').length;
    (wires.ann as Wire).doubled = true;
    await activity('ann').getByRole('button', { name: 'Stay' }).click(WAIT);
    await world.until((s) => s.deal?.choices[id('ann')] === 'stay');
    await expect.poll(() => answers('ann').length, WAIT).toBe(annAnswers + 2);
    (wires.ann as Wire).doubled = false;
    expect(
      answers('ann')
        .slice(annAnswers)
        .map((a) => [a.ok, a.text]),
    ).toEqual([
      [true, null],
      [true, null],
    ]);
    expect((wires.ann as Wire).sent.slice(sentBefore)).toHaveLength(1);
    expect(await activitySteps('ann')).toBe(annSteps + 1);
    // Cat stays from the chat: the showdown.
    const table = await world.waitForTitle(/: deal 1$/);
    await world.press('cat', table, 'Stay').acknowledged();
    await world.until((s) => awaiting(s).kind === 'between-deals' || s.dealNo === 2);
  });

  it('refuses a press on an old deal as a stale button, writing nothing', async () => {
    world.advanceClock(5000);
    await world.until((s) => s.dealNo === 2 && awaiting(s).kind === 'declare');
    // Bob's page shows deal 2 and its Stay; then it falls behind.
    await activity('bob').getByRole('button', { name: 'Stay' }).waitFor(WAIT);
    (wires.bob as Wire).frozen = true;
    const table = await world.waitForTitle(/: deal 2$/);
    await world.press('cat', table, 'Drop').acknowledged();
    await activity('ann').getByRole('button', { name: /^Drop/ }).click(WAIT);
    await world.until((s) => s.deal?.choices[id('ann')] === 'drop');
    // Bob never chooses: the countdown drops him, everyone has dropped, and deal 3 begins.
    world.advanceClock(120_000);
    await world.until((s) => s.dealNo === 2 && awaiting(s).kind === 'between-deals');
    world.advanceClock(5000);
    await world.until((s) => s.dealNo === 3 && awaiting(s).kind === 'declare');
    const before = await version();
    const steps = await activitySteps('bob');
    await activity('bob').getByRole('button', { name: 'Stay' }).click(WAIT);
    await expect.poll(() => answers('bob').at(-1)?.text, WAIT).toMatch(/That deal is over/);
    await activity('bob')
      .getByRole('status')
      .filter({ hasText: /That deal is over/ })
      .waitFor(WAIT);
    expect(await version()).toBe(before);
    expect(await activitySteps('bob')).toBe(steps);
  });

  it('counts no Drop for a page closed mid-deal; reopened, it shows the deal as it stands', async () => {
    await (pages.bob as Page).close();
    const table = await world.waitForTitle(/: deal 3$/);
    await world.press('cat', table, 'Stay').acknowledged();
    await activity('ann').getByRole('button', { name: 'Stay' }).click(WAIT);
    const state = await world.until(
      (s) => s.deal?.choices[id('ann')] === 'stay' && s.deal?.choices[id('cat')] === 'stay',
    );
    expect(state.deal?.choices[id('bob')]).toBeUndefined();
    expect(awaiting(state).kind).toBe('declare');
    // Back: the deal as it stands, his own cards, his Stay.
    await open('bob');
    await activity('bob').getByRole('button', { name: 'Stay' }).waitFor(WAIT);
    const mine = await activity('bob')
      .getByRole('region', { name: 'Your cards' })
      .locator('[aria-label]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
    const hand = (state.deal?.hands[id('bob')] ?? []).map(prettyCard);
    expect(hand).toHaveLength(3);
    expect(mine.filter((label) => CARD_TEXT.test(label)).sort()).toEqual([...hand].sort());
    // Ann's and cat's choices show as made, never which way.
    for (const name of ['ann', 'cat']) {
      await expect
        .poll(() =>
          activity('bob')
            .locator(`[data-seat="${id(name)}"]`)
            .textContent(),
        )
        .toMatch(/chosen/);
    }
    // Gone again: the countdown decides for him, as in the chat.
    await (pages.bob as Page).close();
    world.advanceClock(120_000);
    await world.until((s: GameState) => s.dealNo > 3 || awaiting(s).kind !== 'declare');
    const events = await dealEvents(3);
    const revealed = events.find((e) => e.type === 'Revealed');
    expect(revealed?.type === 'Revealed' && revealed.timedOut).toEqual([id('bob')]);
    const bobsOwn = events.filter((e) => e.type === 'Declared' && e.playerId === id('bob') && e.auto !== 'timeout');
    expect(bobsOwn).toEqual([]);
  });

  it('sent Discord only requests its spec allows, and no page logged an error but its refusal', () => {
    const counts = world.discord.specCounts();
    expect(counts.requests).toBeGreaterThan(0);
    expect(counts.violations).toBe(0);
    const unexpected = at.errors.filter((error) => {
      const [name = ''] = error.split(': ');
      return !(refusedPages.has(name) && /status of 403 \(Forbidden\).*\/api\/ticket/.test(error));
    });
    expect(unexpected).toEqual([]);
  });
});
