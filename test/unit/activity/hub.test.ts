import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, type ServerFrame, type TableFrame } from '../../../src/activity/frames.ts';
import { ActivityHub, CLOSE_POLICY, CLOSE_TOO_BIG, type HubSocket } from '../../../src/activity/hub.ts';
import type { ActivityIdentity } from '../../../src/activity/identity.ts';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import type { GameState } from '../../../src/engine/index.ts';
import { CommitAndPublish } from '../../../src/table/commit-and-publish.ts';
import { checkPress } from '../../../src/table/presses.ts';
import { directStepWriter } from '../../../src/table/step-writer.ts';
import type { StepListener, StepResult } from '../../../src/table/steps.ts';
import { type Member, type Place, Tables } from '../../../src/table/tables.ts';
import { fakeClock } from '../table/fake-clock.ts';
import { openTable } from '../table/tables-fixture.ts';

/**
 * The Activity's hub on its own: the table layer on SQLite in memory, fake sockets that
 * write down every frame, and presses sent as the page sends them. No HTTP, no Discord.
 */

const place: Place = { guildId: '100', channelId: '200' };
const ann: Member = { id: '1', name: 'Ann' };

class FakeSocket implements HubSocket {
  frames: ServerFrame[] = [];
  closed: { code?: number; reason?: string } | null = null;
  private readonly handlers = { message: [] as ((d: unknown, b: boolean) => void)[], close: [] as (() => void)[] };

  send(data: string): void {
    this.frames.push(JSON.parse(data) as ServerFrame);
  }

  close(code?: number, reason?: string): void {
    this.closed = { ...(code !== undefined ? { code } : {}), ...(reason !== undefined ? { reason } : {}) };
    for (const h of this.handlers.close) h();
  }

  on(event: 'message' | 'close', listener: (...args: never[]) => void): this {
    (this.handlers[event] as unknown[]).push(listener);
    return this;
  }

  /** What the page sends, as ws hands it over: a Buffer. */
  deliver(message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    for (const h of this.handlers.message) h(Buffer.from(text), false);
  }

  /** The latest table this socket was shown. */
  get table(): TableFrame | null {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i] as ServerFrame;
      if (f.type === 'snapshot' || f.type === 'update') return f.table;
    }
    throw new Error('no snapshot yet');
  }

  answer(requestId: string) {
    return this.frames.find((f) => f.type === 'answer' && f.requestId === requestId);
  }
}

const identity = (userId: string, name: string, over: Partial<ActivityIdentity> = {}): ActivityIdentity => ({
  userId,
  username: name.toLowerCase(),
  globalName: name,
  avatar: null,
  locale: 'en-US',
  instanceId: 'i-1',
  launchId: '1300000000000000000',
  channelId: place.channelId,
  guildId: place.guildId,
  ...over,
});

describe('the Activity hub', () => {
  let o: OpenDatabase;
  let tables: Tables;
  let hub: ActivityHub;
  let published: StepResult[];
  let now: number;
  let commits: CommitAndPublish;
  let listener: StepListener | undefined;
  /** The hub's ledger reads wait for this (a test holds one to end a deal in the middle of it). */
  let ledgerRead: Promise<void>;
  const log = pino({ level: 'silent' });

  beforeEach(async () => {
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
    tables = new Tables({
      db: o.db,
      writer: directStepWriter(o.db),
      log,
      clock: fakeClock().clock,
      newRngState: () => [1, 2, 3, 4],
      newServerSeed: null,
    });
    published = [];
    now = 1_000_000;
    ledgerRead = Promise.resolve();
    // The listener wraps the hub, which takes the one way through: built first, told through `listener` once it is.
    commits = new CommitAndPublish({
      tables,
      listener: { committed: (s) => listener?.committed(s), publish: (s) => listener?.publish(s) },
      log,
    });
    hub = new ActivityHub({
      tables: {
        pressTarget: (...a) => tables.pressTarget(...a),
        tableIn: (p) => tables.tableIn(p),
        gameNets: async (table) => {
          await ledgerRead;
          return tables.gameNets(table);
        },
        heldNets: (table) => tables.heldNets(table),
        endedGame: (...a) => tables.endedGame(...a),
        openGame: (o) => tables.openGame(o),
        standings: (...a) => tables.standings(...a),
        newestBadges: (...a) => tables.newestBadges(...a),
      },
      commits,
      log,
      now: () => now,
    });
    listener = hub.watchSteps({
      committed: () => {},
      publish: (step: StepResult) => published.push(step),
      resumed: () => {},
      tell: () => {},
    });
    const opened = await openTable(tables, { place, host: ann, key: 'start' });
    listener.publish(opened.result);
  });

  afterEach(async () => {
    await tables.close();
    await o.close();
  });

  async function attach(who: ActivityIdentity): Promise<FakeSocket> {
    const socket = new FakeSocket();
    hub.attach(socket, who);
    await expect.poll(() => socket.frames[0]?.type).toBe('snapshot');
    return socket;
  }

  async function press(socket: FakeSocket, requestId: string, what: Record<string, unknown>) {
    const dealNo = socket.table?.dealNo ?? 0;
    socket.deliver({ type: 'press', requestId, dealNo, ...what });
    await expect.poll(() => socket.answer(requestId)).toBeDefined();
    return socket.answer(requestId) as Extract<ServerFrame, { type: 'answer' }>;
  }

  it('shows the channel table to a seat and to a spectator, and takes their presses as steps', async () => {
    const annSocket = await attach(identity(ann.id, ann.name));
    const bobSocket = await attach(identity('2', 'Bob', { avatar: 'b0b' }));
    const carlSocket = await attach(identity('3', 'Carl'));
    const snapshot = annSocket.frames[0] as Extract<ServerFrame, { type: 'snapshot' }>;
    expect(snapshot.strings['button.stay']).toBe('Stay');
    expect(snapshot.table?.you).toBe(ann.id);
    expect(bobSocket.table?.you).toBeNull();
    expect(bobSocket.table?.seats.map((s) => s.name)).toEqual(['Ann']);

    expect(await press(bobSocket, 'j1', { press: 'join' })).toMatchObject({ ok: true, text: null });
    // Published like a button's step: the chat's listener heard it, every page got the update.
    expect(published.at(-1)?.events.map((e) => e.type)).toContain('PlayerJoined');
    await expect.poll(() => carlSocket.table?.seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);
    expect(bobSocket.table?.you).toBe('2');
    // Bob's picture is the avatar his session showed; Ann, whom no session showed, gets her initial.
    expect(carlSocket.table?.seats.map((x) => x.avatar)).toEqual([null, expect.stringContaining('/avatars/2/b0b.png')]);

    expect(await press(annSocket, 'd1', { press: 'deal' })).toMatchObject({ ok: true });
    await expect.poll(() => carlSocket.table?.phase).toBe('deal');
    const mine = (s: FakeSocket, id: string) => s.table?.seats.find((x) => x.id === id)?.cards ?? [];
    expect(mine(annSocket, ann.id).every((c) => c !== null)).toBe(true);
    expect(mine(annSocket, '2').every((c) => c === null)).toBe(true);
    expect(mine(bobSocket, '2').every((c) => c !== null)).toBe(true);
    expect(
      mine(carlSocket, ann.id)
        .concat(mine(carlSocket, '2'))
        .every((c) => c === null),
    ).toBe(true);
    expect(carlSocket.table?.deadline).not.toBeNull();

    // A stay and a drop: the reveal, then the showdown with its payments.
    expect(await press(annSocket, 's1', { press: 'stay' })).toMatchObject({ ok: true });
    expect(annSocket.table?.seats.find((s) => s.id === ann.id)?.choice).toBe('stay');
    // Chosen, never which way, for the others until the reveal.
    expect(carlSocket.table?.seats.find((s) => s.id === ann.id)).toMatchObject({ decided: true, choice: null });
    expect(await press(bobSocket, 's2', { press: 'drop' })).toMatchObject({ ok: true });
    await expect.poll(() => carlSocket.table?.showdown?.winners).toEqual([ann.id]);
    expect(carlSocket.table?.showdown?.payments.length).toBeGreaterThan(0);
    // Each seat's net chips over the game: added deal by deal, and read from the ledger by a page opened later.
    const chips = (socket: FakeSocket) => socket.table?.seats.map((x) => x.chips);
    const won = chips(carlSocket);
    expect(won?.[0]).toBeGreaterThan(0);
    expect(won?.reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBeLessThanOrEqual(0);
    expect(chips(await attach(identity('4', 'Dee')))).toEqual(won);
  });

  it("shows each game's own chips: a game opened after another starts at zero and moves deal by deal", async () => {
    const annSocket = await attach(identity(ann.id, ann.name));
    const bobSocket = await attach(identity('2', 'Bob'));
    const chips = (socket: FakeSocket) => Object.fromEntries(socket.table?.seats.map((x) => [x.id, x.chips]) ?? []);
    /** One deal: Ann stays, Bob as said; the seats then show the chat's standings of the game so far. */
    async function deal(n: string, bob: 'stay' | 'drop') {
      if (annSocket.table?.phase === 'lobby') await press(annSocket, `d${n}`, { press: 'deal' });
      await expect.poll(() => annSocket.table?.phase).toBe('deal');
      await press(annSocket, `s${n}`, { press: 'stay' });
      await press(bobSocket, `x${n}`, { press: bob });
      await expect.poll(() => annSocket.table?.phase).not.toBe('deal');
      const table = await tables.tableIn(place);
      const { net } = await tables.standings(table?.record.id ?? 0, table?.record.state as GameState);
      const standings = Object.fromEntries(net.map((x) => [x.playerId, x.chips]));
      await expect.poll(() => chips(annSocket)).toEqual(standings);
      expect(chips(await attach(identity('5', 'Eve')))).toEqual(standings);
      return standings;
    }
    await press(bobSocket, 'j1', { press: 'join' });
    // Ann stays alone: she takes the pot, and the game is over.
    const first = await deal('1', 'drop');
    expect(first[ann.id]).toBeGreaterThan(0);
    await expect.poll(() => annSocket.table?.phase).toBe('over');
    // The next game at the table: nobody has won anything in it yet.
    listener?.publish((await openTable(tables, { place, host: ann, key: 'start-2' })).result);
    await expect.poll(() => annSocket.table?.phase).toBe('lobby');
    await press(bobSocket, 'j2', { press: 'join' });
    await expect.poll(() => chips(annSocket)).toEqual({ [ann.id]: 0, '2': 0 });
    expect(chips(await attach(identity('4', 'Dee')))).toEqual({ [ann.id]: 0, '2': 0 });
    const second = await deal('2', 'stay');
    expect(second).not.toEqual({ [ann.id]: 0, '2': 0 });
    expect(second).not.toEqual(first);
  });

  it('opens the next game on Play again from the page for its host alone, as the chat does, with its recap shown', async () => {
    const annSocket = await attach(identity(ann.id, ann.name));
    const bobSocket = await attach(identity('2', 'Bob'));
    await press(bobSocket, 'j1', { press: 'join' });
    await press(annSocket, 'd1', { press: 'deal' });
    await expect.poll(() => annSocket.table?.phase).toBe('deal');
    // Too early: no game has ended.
    expect(await press(annSocket, 'a0', { press: 'again' })).toMatchObject({ ok: false });
    await press(annSocket, 's1', { press: 'stay' });
    await press(bobSocket, 'x1', { press: 'drop' });
    await expect.poll(() => annSocket.table?.phase).toBe('over');
    await expect.poll(() => annSocket.table?.standings?.recap.length).toBeGreaterThan(0);
    // Bob did not host it: refused with the chat's words, nothing opened.
    const refused = await press(bobSocket, 'a1', { press: 'again' });
    expect(refused.ok).toBe(false);
    expect(refused.text).toBeTruthy();
    expect(annSocket.table?.phase).toBe('over');
    expect(await press(annSocket, 'a2', { press: 'again' })).toMatchObject({ ok: true });
    await expect.poll(() => bobSocket.table?.phase).toBe('lobby');
    expect(bobSocket.table?.seats.map((x) => x.id)).toEqual([ann.id]);
  });

  it("takes the host's rules from the page as the chat's form does: in the lobby, and with Play again for the next game", async () => {
    const annSocket = await attach(identity(ann.id, ann.name));
    const bobSocket = await attach(identity('2', 'Bob'));
    await press(bobSocket, 'j1', { press: 'join' });
    await expect.poll(() => annSocket.table?.seats.length).toBe(2);
    // The panel is the host's alone: in her frames, never in Bob's.
    const ante = (t: TableFrame | null) => t?.rules?.fields.find((f) => f.name === 'ante')?.value;
    expect(annSocket.table?.rules?.for).toBe('lobby');
    expect(bobSocket.table?.rules).toBeNull();
    const refused = await press(bobSocket, 'r1', { press: 'rules', options: { ante: 4 } });
    expect(refused).toMatchObject({ ok: false, text: expect.stringMatching(/host/) });
    // Whole or nothing: a rule the variant does not play with is refused, with why, and the ante stays.
    const was = ante(annSocket.table);
    const capped = await press(annSocket, 'r2', { press: 'rules', options: { ante: 4, loneVsDeck: true } });
    expect(capped).toMatchObject({ ok: false, text: expect.stringMatching(/does not apply/) });
    expect(ante(annSocket.table)).toBe(was);
    expect(await press(annSocket, 'r3', { press: 'rules', options: { ante: 4, timer: 60 } })).toMatchObject({
      ok: true,
    });
    await expect.poll(() => ante(annSocket.table)).toBe(4);
    await press(annSocket, 'd1', { press: 'deal' });
    await expect.poll(() => annSocket.table?.phase).toBe('deal');
    expect(annSocket.table?.rules).toBeNull();
    await press(annSocket, 's1', { press: 'stay' });
    await press(bobSocket, 'x1', { press: 'drop' });
    await expect.poll(() => annSocket.table?.rules?.for).toBe('next');
    expect(bobSocket.table?.rules).toBeNull();
    expect(await press(annSocket, 'a1', { press: 'again', options: { ante: 2 } })).toMatchObject({ ok: true });
    await expect.poll(() => annSocket.table?.phase).toBe('lobby');
    // The next game: the host's change over the ended game's rules (its timer kept).
    expect(ante(annSocket.table)).toBe(2);
    expect(annSocket.table?.rules?.fields.find((f) => f.name === 'timer')?.value).toBe(60);
  });

  describe("a deal that ends while a page reads the ledger counts once in the seats' chips", () => {
    /**
     * Ann stays in a dealt game with no page open; Dee opens one, and while the hub reads
     * the chips from the ledger Bob drops on a chat button, which ends the deal. `publishedAt`
     * says when the chat's step is published: during the read, or once the page has its chips.
     */
    async function dropWhileReading(publishedAt: 'during' | 'after') {
      const annSocket = await attach(identity(ann.id, ann.name));
      const bobSocket = await attach(identity('2', 'Bob'));
      await press(bobSocket, 'j1', { press: 'join' });
      await press(annSocket, 'd1', { press: 'deal' });
      await expect.poll(() => annSocket.table?.phase).toBe('deal');
      await press(annSocket, 's1', { press: 'stay' });
      const { tableId, dealNo } = annSocket.table as TableFrame;
      annSocket.close();
      bobSocket.close();
      let read = () => {};
      ledgerRead = new Promise((resolve) => {
        read = resolve;
      });
      const dee = new FakeSocket();
      hub.attach(dee, identity('4', 'Dee'));
      const bob: Member = { id: '2', name: 'Bob' };
      const checked = await checkPress(tables, { tableId, dealNo, kind: 'drop', cards: [] }, place, bob);
      const { step } = await commits.press(checked, 'bob-drop')();
      if (!step) throw new Error('no step');
      expect(step.events.map((e) => e.type)).toContain('DealEnded');
      if (publishedAt === 'during') listener?.publish(step);
      read();
      await expect.poll(() => dee.frames.some((f) => f.type === 'snapshot')).toBe(true);
      if (publishedAt === 'after') listener?.publish(step);
      const running = await tables.tableIn(place);
      const { net } = await tables.standings(tableId, running?.record.state as GameState);
      expect(net.some((n) => n.chips !== 0)).toBe(true);
      const ledger = Object.fromEntries(net.map((n) => [n.playerId, n.chips]));
      await expect.poll(() => dee.table?.version).toBe(running?.record.version);
      expect(Object.fromEntries(dee.table?.seats.map((seat) => [seat.id, seat.chips]) ?? [])).toEqual(ledger);
    }

    it('published during the read', () => dropWhileReading('during'));
    it('published once the page has its chips', () => dropWhileReading('after'));
  });

  it('refuses a press as a button is refused, with nothing written, and makes one step of a repeated request', async () => {
    const annSocket = await attach(identity(ann.id, ann.name));
    const bobSocket = await attach(identity('2', 'Bob'));
    await press(bobSocket, 'j1', { press: 'join' });
    await expect.poll(() => annSocket.table?.seats.length).toBe(2);
    await press(annSocket, 'd1', { press: 'deal' });
    await expect.poll(() => annSocket.table?.phase).toBe('deal');
    const version = annSocket.table?.version;

    // Someone watching has no say in the deal.
    const carlSocket = await attach(identity('3', 'Carl'));
    const stranger = await press(carlSocket, 'c1', { press: 'stay' });
    expect(stranger).toMatchObject({ ok: false, text: "You're not at this table" });

    // A press on the lobby's deal (an old frame): refused as a stale button is.
    annSocket.deliver({ type: 'press', requestId: 'old', dealNo: 0, press: 'stay' });
    await expect.poll(() => annSocket.answer('old')).toMatchObject({ ok: false, text: expect.stringMatching(/over/) });

    // The same request twice is one step.
    annSocket.deliver({ type: 'press', requestId: 'twice', dealNo: annSocket.table?.dealNo, press: 'stay' });
    annSocket.deliver({ type: 'press', requestId: 'twice', dealNo: annSocket.table?.dealNo, press: 'stay' });
    await expect
      .poll(() => annSocket.frames.filter((f) => f.type === 'answer' && f.requestId === 'twice').length)
      .toBe(2);
    expect(annSocket.table?.version).toBe((version as number) + 1);
  });

  it('answers a request sent again as it answered it first, with no second step', async () => {
    const annSocket = await attach(identity(ann.id, ann.name));
    const bobSocket = await attach(identity('2', 'Bob'));
    await press(bobSocket, 'j1', { press: 'join' });
    await press(annSocket, 'd1', { press: 'deal' });
    await expect.poll(() => annSocket.table?.phase).toBe('deal');
    const frame = { type: 'press', requestId: 'once', dealNo: annSocket.table?.dealNo, press: 'stay' };
    annSocket.deliver(frame);
    await expect.poll(() => annSocket.answer('once')).toMatchObject({ ok: true, text: null });
    const steps = published.length;
    // The same frame again, after its answer (a page's resend, a replay): done, as it was, and nothing written.
    annSocket.deliver(frame);
    const answers = () => annSocket.frames.filter((f) => f.type === 'answer' && f.requestId === 'once');
    await expect.poll(() => answers().length).toBe(2);
    expect(answers()[1]).toMatchObject({ ok: true, text: null });
    expect(published.length).toBe(steps);
  });

  it('makes one step of a double click: the same choice pressed twice at once', async () => {
    const annSocket = await attach(identity(ann.id, ann.name));
    const bobSocket = await attach(identity('2', 'Bob'));
    await press(bobSocket, 'j1', { press: 'join' });
    await press(annSocket, 'd1', { press: 'deal' });
    await expect.poll(() => annSocket.table?.phase).toBe('deal');
    const steps = published.length;
    const dealNo = annSocket.table?.dealNo;
    annSocket.deliver({ type: 'press', requestId: 'click1', dealNo, press: 'stay' });
    annSocket.deliver({ type: 'press', requestId: 'click2', dealNo, press: 'stay' });
    const ok = (requestId: string) => {
      const answer = annSocket.answer(requestId);
      return answer?.type === 'answer' ? answer.ok : undefined;
    };
    await expect.poll(() => [ok('click1'), ok('click2')]).toEqual([true, true]);
    expect(published.length).toBe(steps + 1);
    // Pressed again later, the same choice changes nothing; another choice is still a change of mind.
    expect(await press(annSocket, 'click3', { press: 'stay' })).toMatchObject({ ok: true, text: null });
    expect(published.length).toBe(steps + 1);
    expect(await press(annSocket, 'mind', { press: 'drop' })).toMatchObject({ ok: true });
    expect(published.length).toBe(steps + 2);
  });

  it('never counts a Stay in the round after the one it was pressed in (a double click across rounds)', async () => {
    // Iron Cross asks twice a deal: a double click whose first press ends round 1 must not choose for round 2.
    const cross: Place = { guildId: place.guildId, channelId: '201' };
    const opened = await openTable(tables, { place: cross, host: ann, variantId: 'iron-cross', key: 'start-cross' });
    listener?.publish(opened.result);
    const annSocket = await attach(identity(ann.id, ann.name, { channelId: cross.channelId }));
    const bobSocket = await attach(identity('2', 'Bob', { channelId: cross.channelId }));
    await press(bobSocket, 'j1', { press: 'join' });
    await press(annSocket, 'd1', { press: 'deal' });
    await expect.poll(() => annSocket.table?.awaiting.round).toBe(1);
    await press(bobSocket, 'b1', { press: 'stay', round: 1 });
    const dealNo = annSocket.table?.dealNo;
    // Ann's first click ends round 1; her second, made on the same frame, arrives in round 2.
    expect(await press(annSocket, 'click1', { press: 'stay', round: 1 })).toMatchObject({ ok: true });
    await expect.poll(() => annSocket.table?.awaiting.round).toBe(2);
    const steps = published.length;
    expect(await press(annSocket, 'click2', { press: 'stay', round: 1, dealNo })).toMatchObject({ ok: true });
    expect(published.length).toBe(steps);
    expect(annSocket.table?.seats.find((seat) => seat.id === ann.id)?.decided).toBe(false);
    // A Drop for round 1 now would be a choice she never made there: refused, nothing written.
    expect(await press(annSocket, 'late', { press: 'drop', round: 1 })).toMatchObject({ ok: false });
    expect(published.length).toBe(steps);
    // Pressed in round 2, it counts.
    expect(await press(annSocket, 'now', { press: 'stay', round: 2 })).toMatchObject({ ok: true });
    expect(published.length).toBe(steps + 1);
  });

  it('closes a socket that sends too much or no press at all, and refuses a flood of presses', async () => {
    const big = await attach(identity('5', 'Big'));
    big.deliver({ type: 'press', requestId: 'x', dealNo: 0, press: 'join', level: 'x'.repeat(MAX_MESSAGE_BYTES) });
    expect(big.closed?.code).toBe(CLOSE_TOO_BIG);
    const odd = await attach(identity('6', 'Odd'));
    odd.deliver({ type: 'hello' });
    expect(odd.closed?.code).toBe(CLOSE_POLICY);
    expect(hub.size).toBe(0);

    const flood = await attach(identity('7', 'Flood'));
    const tooFast = (socket: FakeSocket) =>
      socket.frames.filter((f) => f.type === 'answer' && f.text?.startsWith('Too many')).length;
    for (let i = 0; i < 30; i++) flood.deliver({ type: 'press', requestId: `f${i}`, dealNo: 0, press: 'leave' });
    // 8 taken; of the 22 refused in the same second, one is answered (a page that never reads gets no more queued).
    await expect.poll(() => flood.frames.filter((f) => f.type === 'answer').length).toBe(8 + 1);
    expect(tooFast(flood)).toBe(1);
    // A second session of the same user shares the user's budget: 12 at once over both.
    const second = await attach(identity('7', 'Flood'));
    for (let i = 0; i < 10; i++) second.deliver({ type: 'press', requestId: `g${i}`, dealNo: 0, press: 'leave' });
    await expect.poll(() => second.frames.filter((f) => f.type === 'answer').length).toBe(4 + 1);
    expect(tooFast(second)).toBe(1);
    // A second later, a refusal is answered again.
    now += 1_000;
    for (let i = 0; i < 10; i++) second.deliver({ type: 'press', requestId: `g-late${i}`, dealNo: 0, press: 'leave' });
    await expect.poll(() => tooFast(second)).toBe(2);
    // Time gives presses back.
    now += 10_000;
    expect((await press(second, 'later', { press: 'leave' })).text).not.toMatch(/^Too many/);
    // A socket that floods on past its refusals is closed; the user's other socket is not.
    for (let i = 0; i < 100 && !flood.closed; i++)
      flood.deliver({ type: 'press', requestId: `h${i}`, dealNo: 0, press: 'leave' });
    expect(flood.closed?.code).toBe(CLOSE_POLICY);
    expect(second.closed).toBeFalsy();
  });

  it('tells a page of a channel without a game that there is none', async () => {
    const elsewhere = await attach(identity('8', 'Eve', { channelId: '999' }));
    expect(elsewhere.table).toBeNull();
    expect((await press(elsewhere, 'p', { press: 'join' })).text).toMatch(/no game/i);
  });
});
