import { PermissionsBitField } from 'discord.js';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import type { BotContext } from '../../../src/discord/context.ts';
import { encodeButtonId } from '../../../src/discord/custom-id.ts';
import { tablePressHandler } from '../../../src/discord/handlers/table-press.ts';
import { type ComponentHandler, routed } from '../../../src/discord/handlers/types.ts';
import { BotMetrics } from '../../../src/discord/metrics.ts';
import type { PrivateAnswer } from '../../../src/discord/private-card-sender.ts';
import { createRouter } from '../../../src/discord/router.ts';
import { type PressAnswer, type PressPlan, StepPipeline } from '../../../src/discord/step-pipeline.ts';
import { type Action, apply, awaiting } from '../../../src/engine/index.ts';
import { t } from '../../../src/i18n/index.ts';
import { BUSY_STEPS } from '../../../src/table/acknowledge.ts';
import { CommitAndPublish } from '../../../src/table/commit-and-publish.ts';
import { gameOf } from '../../../src/table/game-record.ts';
import { directStepWriter } from '../../../src/table/step-writer.ts';
import type { StepResult } from '../../../src/table/steps.ts';
import { type Member, type Place, Tables } from '../../../src/table/tables.ts';
import { fakeClock } from '../table/fake-clock.ts';
import { recordingListener } from '../table/recording-listener.ts';
import { openTable } from '../table/tables-fixture.ts';
import { answersByMethod } from './fixture.ts';

/**
 * The step pipeline on its own: the table layer on SQLite in memory with a hand-driven
 * clock, and fake interactions and a fake publisher that write down what happens, in
 * order. No Discord anywhere.
 */

const place: Place = { guildId: '100', channelId: '200' };
const ann: Member = { id: '1', name: 'Ann' };
const bob: Member = { id: '2', name: 'Bob' };
const EPHEMERAL = 64;

/** What happened, in order, over every fake below. */
let said: string[] = [];

/** A press as the pipeline sees it: its calls are written down in `said`. */
function pressOf(id: string, by: Member, options: { onPrivateMessage?: boolean } = {}) {
  const note =
    (what: string) =>
    async (...args: unknown[]) => {
      said.push(`${id} ${what}`);
      return args[0];
    };
  return {
    id,
    locale: 'en-US',
    user: { id: by.id },
    message: { id: 'table-message', content: 'your cards', flags: { has: () => options.onPrivateMessage === true } },
    deferReply: vi.fn(note('deferReply')),
    deferUpdate: vi.fn(note('deferUpdate')),
    reply: vi.fn(note('reply')),
    update: vi.fn(note('update')),
  };
}

/** The publisher's side the pipeline calls, recording it. */
function fakePublisher() {
  const live = new Set<string>();
  /** Players a private message of the deal reached, live or not. */
  const seen = new Set<string>();
  const answers: { playerId: string; step: StepResult | null; claim: boolean; answer: PrivateAnswer }[] = [];
  return {
    live,
    seen,
    answers,
    hasLivePrivateMessage: (_rt: unknown, playerId: string) => live.has(playerId),
    hasSeenCards: (_rt: unknown, playerId: string) => seen.has(playerId) || live.has(playerId),
    answerPrivately: (
      rt: { record: { id: number } },
      playerId: string,
      step: StepResult | null,
      o: { claim: boolean },
    ) => {
      const dealt = step ? step.after.phase === 'deal' : true;
      const answer: PrivateAnswer = {
        cards: dealt ? Promise.resolve({ content: `cards of ${playerId} at v${step?.record.version}` } as never) : null,
        sent: vi.fn(() => said.push(`sent ${playerId}`)),
        failed: vi.fn(() => said.push(`redraw ${playerId}`)),
      };
      answers.push({ playerId, step, claim: o.claim, answer });
      expect(rt.record.id).toBeGreaterThan(0);
      return answer;
    },
    pressedOn: vi.fn((_tableId: number, messageId: string) => said.push(`pressedOn ${messageId}`)),
  };
}

describe('the step pipeline', () => {
  let o: OpenDatabase;
  let tables: Tables;
  let publisher: ReturnType<typeof fakePublisher>;
  let published: StepResult[];
  let pipeline: StepPipeline;
  let failCommits: boolean;
  let tableId: number;
  const log = pino({ level: 'silent' });

  /** The plan a handler would return for this press, dry-run on the state this process holds. */
  const plan = (action: Action, member: Member, answer: PressAnswer): PressPlan => {
    const table = tables.heldTable(tableId);
    if (!table) throw new Error('no table');
    const state = gameOf(table.record);
    return { kind: 'press', table, action, member, dryRun: { from: state, applied: apply(state, action) }, answer };
  };
  const stay = (member: Member): Action => ({ type: 'declare', playerId: member.id, choice: 'stay' });
  /** Everything queued after the answer (the publish) has run. */
  const settled = async () => {
    await tables.idle();
    await new Promise((resolve) => setImmediate(resolve));
  };

  beforeEach(async () => {
    said = [];
    failCommits = false;
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
    const direct = directStepWriter(o.db);
    const writer = {
      ...direct,
      commitStep: (step: Parameters<typeof direct.commitStep>[0]) =>
        failCommits ? Promise.reject(new Error('disk full')) : direct.commitStep(step),
    };
    tables = new Tables({
      db: o.db,
      writer,
      log,
      clock: fakeClock().clock,
      newRngState: () => [1, 2, 3, 4],
      newServerSeed: null,
    });
    publisher = fakePublisher();
    published = [];
    pipeline = new StepPipeline({
      tables,
      publisher: publisher as never,
      tokens: {
        remember: (_tableId: number, _userId: string, interaction: { id: string }) =>
          ({
            editReply: vi.fn(async () => said.push(`${interaction.id} editReply`)),
          }) as never,
      },
      answers: answersByMethod,
      commits: new CommitAndPublish({
        tables,
        listener: recordingListener(said, published),
        log,
      }),
      log,
    });
    const { table: runtime } = await openTable(tables, { place, host: ann, key: 'start' });
    tableId = runtime.record.id;
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
  });

  afterEach(async () => {
    await tables.close();
    await o.close();
  });

  it('answers the presser before it publishes the step', async () => {
    publisher.seen.add(ann.id);
    const press = pressOf('p1', ann);
    await pipeline.run(press as never, plan(stay(ann), ann, 'choice'));
    await settled();
    // Ann saw her cards, but no private message of hers lives: her answer is a new one, her cards.
    expect(press.reply).toHaveBeenCalledWith({ content: 'cards of 1 at v4', flags: EPHEMERAL });
    expect(said).toEqual(['committed v4', 'p1 reply', 'sent 1', 'publish v4']);
    expect(published.map((s) => s.events.map((e) => e.type))).toEqual([['Declared']]);
  });

  it('shows her cards instead of choosing for a player the deal never reached privately', async () => {
    const press = pressOf('p1', ann);
    await pipeline.run(press as never, plan(stay(ann), ann, 'choice'));
    await settled();
    // Her cards, drawn as the table stands (Stay and Drop on them), and nothing committed.
    expect(publisher.answers.map((a) => [a.playerId, a.step, a.claim])).toEqual([['1', null, false]]);
    expect(press.reply).toHaveBeenCalledWith({ content: 'cards of 1 at vundefined', flags: EPHEMERAL });
    expect(said).toEqual(['p1 reply', 'sent 1']);
    expect(published).toEqual([]);
    expect(awaiting(gameOf(tables.heldTable(tableId)?.record as never))).toMatchObject({
      pending: [ann.id, bob.id],
    });
  });

  it('is idle only once every step it began is published, however long its answer takes', async () => {
    publisher.seen.add(ann.id);
    const press = pressOf('p1', ann);
    let answer = () => {};
    press.reply = vi.fn(() => new Promise((resolve) => (answer = () => resolve(said.push('p1 reply')))));
    const run = pipeline.run(press as never, plan(stay(ann), ann, 'choice'));
    // Committed, and its answer on its way: the table is idle, the step not yet published.
    await vi.waitFor(() => expect(press.reply).toHaveBeenCalled());
    let idle = false;
    const waited = pipeline.idle().then(() => (idle = true));
    await settled();
    expect([idle, published]).toEqual([false, []]);
    answer();
    await waited;
    expect(said).toEqual(['committed v4', 'p1 reply', 'sent 1', 'publish v4']);
    await run;
  });

  it('answers a choice quietly where the private message lives: the publisher edits it', async () => {
    publisher.live.add(ann.id);
    const press = pressOf('p1', ann);
    await pipeline.run(press as never, plan(stay(ann), ann, 'choice'));
    await settled();
    expect(publisher.answers).toEqual([]);
    expect(said).toEqual(['committed v4', 'p1 deferUpdate', 'pressedOn table-message', 'publish v4']);
  });

  it('redraws the private message pressed on once, claimed for the answer', async () => {
    const press = pressOf('p1', ann, { onPrivateMessage: true });
    await pipeline.run(press as never, plan(stay(ann), ann, 'choice'));
    await settled();
    expect(publisher.answers.map((a) => [a.playerId, a.claim, a.step?.record.version])).toEqual([['1', true, 4]]);
    expect(press.update).toHaveBeenCalledTimes(1);
    expect(press.update).toHaveBeenCalledWith({ content: 'cards of 1 at v4', attachments: [] });
    expect(said).toEqual(['committed v4', 'p1 update', 'sent 1', 'publish v4']);
  });

  it('redraws a claimed private message when the answer fails, and still publishes the step', async () => {
    const press = pressOf('p1', ann, { onPrivateMessage: true });
    press.update.mockRejectedValueOnce(new Error('unknown interaction'));
    await expect(pipeline.run(press as never, plan(stay(ann), ann, 'choice'))).rejects.toThrow('unknown interaction');
    await settled();
    expect(said).toEqual(['committed v4', 'redraw 1', 'publish v4']);
    expect(published).toHaveLength(1);
  });

  it('takes a stale press from the table as committed: its dry run is not reused', async () => {
    const stale = plan(stay(ann), ann, 'line');
    // Bob's Stay commits first: the state Ann's dry run started from is no longer the table's.
    await pipeline.run(pressOf('p2', bob) as never, plan(stay(bob), bob, 'line'));
    const press = pressOf('p1', ann);
    await pipeline.run(press as never, stale);
    await settled();
    // Both stayed: the deal is revealed by Ann's step, applied to the state after Bob's.
    const last = published.at(-1);
    expect(last?.events.some((e) => e.type === 'Revealed')).toBe(true);
    expect(published.map((s) => s.record.version)).toEqual([4, 5]);
    expect(press.reply).toHaveBeenCalledTimes(1);
  });

  it('answers a press after the deal ended with a line, not cards', async () => {
    publisher.seen.add(bob.id);
    await pipeline.run(pressOf('p2', bob) as never, plan(stay(bob), bob, 'choice'));
    // Ann's Stay ends the deal (the reveal): her private message has nothing left to show.
    const press = pressOf('p1', ann, { onPrivateMessage: true });
    await pipeline.run(press as never, plan(stay(ann), ann, 'choice'));
    await settled();
    const [, answer] = publisher.answers;
    expect(answer?.answer.cards).toBeNull();
    expect(press.update).toHaveBeenCalledWith({
      content: `your cards\n${t('en-US', 'answer.stayedAll')}`,
      components: [],
    });
    expect(published.map((s) => s.record.version)).toEqual([4, 5]);
  });

  it('answers a step already committed (the same interaction again) and publishes nothing new', async () => {
    await pipeline.run(pressOf('p1', ann) as never, plan(stay(ann), ann, 'line'));
    const again = pressOf('p1', ann);
    await pipeline.run(again as never, plan(stay(ann), ann, 'line'));
    await settled();
    expect(again.reply).toHaveBeenCalledWith({ content: t('en-US', 'answer.already'), flags: EPHEMERAL });
    expect(published).toHaveLength(1);
  });

  it('runs two presses racing one after the other on the table: each answered, each published once', async () => {
    const annPress = pressOf('p1', ann);
    const bobPress = pressOf('p2', bob);
    await Promise.all([
      pipeline.run(annPress as never, plan(stay(ann), ann, 'line')),
      pipeline.run(bobPress as never, plan(stay(bob), bob, 'line')),
    ]);
    await settled();
    expect(annPress.reply).toHaveBeenCalledTimes(1);
    expect(bobPress.reply).toHaveBeenCalledTimes(1);
    expect(published.map((s) => s.record.version)).toEqual([4, 5]);
    // Each press is answered before its own step is published.
    expect(said.indexOf('p1 reply')).toBeLessThan(said.indexOf('publish v4'));
    expect(said.indexOf('p2 reply')).toBeLessThan(said.indexOf('publish v5'));
    expect(published[1]?.events.some((e) => e.type === 'Revealed')).toBe(true);
  });

  it('acknowledges before committing when many steps wait for the database', async () => {
    const busy = Object.create(tables) as Tables;
    Object.defineProperty(busy, 'inFlight', { value: BUSY_STEPS });
    const pipelineWhenBusy = new StepPipeline({
      tables: busy,
      publisher: publisher as never,
      tokens: {
        remember: (_t: number, _u: string, interaction: { id: string }) =>
          ({ editReply: vi.fn(async () => said.push(`${interaction.id} editReply`)) }) as never,
      },
      answers: answersByMethod,
      commits: new CommitAndPublish({
        tables: busy,
        listener: {
          committed: (step) => said.push(`committed v${step.record.version}`),
          publish: (step) => said.push(`publish v${step.record.version}`),
        },
        log,
      }),
      log,
    });
    await pipelineWhenBusy.run(pressOf('p1', ann) as never, plan(stay(ann), ann, 'line'));
    await settled();
    expect(said).toEqual(['p1 deferReply', 'committed v4', 'p1 editReply', 'publish v4']);
  });

  it('a commit that fails is logged and answered by the router, and publishes nothing', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logged = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const metrics = new BotMetrics({
      caches: () => ({}),
      gatewayPingMs: () => 0,
      openTables: () => 0,
      helpers: () => ({ odds: { queued: 0, dropped: 0 }, pictures: { queued: 0, dropped: 0 } }),
      database: () => ({ errors: { transient: 0, permanent: 0 }, tablesWaiting: 0 }),
    });
    const handler: ComponentHandler<{ tableId: string }> = {
      name: 'declare',
      parse: () => ({ tableId: String(tableId) }),
      run: async () => plan(stay(ann), ann, 'choice'),
    };
    const ctx = {
      log: logged,
      tables,
      metrics,
      pipeline,
      publisher: { ...publisher, waiting: () => false },
    } as unknown as BotContext;
    const route = createRouter(ctx, new Map(), [routed(handler)], [], () => 1_000);
    const press = {
      ...pressOf('p1', ann),
      type: 3,
      guildId: place.guildId,
      channelId: place.channelId,
      createdTimestamp: 1_000,
      deferred: false,
      replied: false,
      ephemeral: null,
      isAutocomplete: () => false,
      isChatInputCommand: () => false,
      isModalSubmit: () => false,
      isMessageComponent: () => true,
      isRepliable: () => true,
    };
    publisher.seen.add(ann.id);
    await tables.resumeAll(); // the router waits for the tables a restart left open
    failCommits = true;
    await route(press as never);
    await settled();
    expect(lines.some((l) => l.level === 50 && l.msg === 'interaction failed')).toBe(true);
    expect(press.reply).toHaveBeenCalledWith({ content: t('en-US', 'error.generic'), flags: EPHEMERAL });
    // Nothing of the step went out: no cards drawn or claimed, nothing published.
    expect(publisher.answers).toEqual([]);
    expect(published).toEqual([]);
    expect(said.filter((line) => line.startsWith('committed'))).toEqual([]);
    // The table is as it was: Ann is still to decide.
    const record = tables.heldTable(tableId)?.record;
    expect(record?.version).toBe(3);
    expect(record?.state?.deal?.players).toEqual([ann.id, bob.id]);
  });

  describe('a press handler', () => {
    /** A Stay button of deal `dealNo` as discord.js hands it over, pressed by Ann. */
    const stayButton = (dealNo: number, action: 'stay' | 'deal' = 'stay', by = ann) => ({
      ...pressOf('p1', by),
      customId: encodeButtonId({ tableId: String(tableId), dealNo, action }),
      guildId: place.guildId,
      channelId: place.channelId,
      context: 0,
      authorizingIntegrationOwners: { guildId: place.guildId },
      appPermissions: new PermissionsBitField(PermissionsBitField.All),
      channel: null,
      member: null,
      user: { id: by.id, displayName: by.name, username: by.name.toLowerCase() },
    });
    const ctx = () => ({ tables, lost: { markLost: vi.fn() } }) as unknown as BotContext;

    it('parses a press into its action, its dry run and how it is answered, and changes nothing', async () => {
      const button = stayButton(1);
      const id = tablePressHandler.parse(button as never);
      if (!id) throw new Error('not a declare press');
      const planned = await tablePressHandler.run(button as never, id, ctx());
      expect(planned).toMatchObject({ kind: 'press', action: stay(ann), member: ann, answer: 'choice' });
      expect(planned?.kind === 'press' && planned.dryRun?.applied.events.map((e) => e.type)).toEqual(['Declared']);
      expect(tables.heldTable(tableId)?.record.version).toBe(3);
      expect(said).toEqual([]);
    });

    it("takes the host's Deal pressed again once its deal began as done: quiet, nothing written", async () => {
      const again = stayButton(0, 'deal');
      const id = tablePressHandler.parse(again as never);
      if (!id) throw new Error('not a deal press');
      const planned = await tablePressHandler.run(again as never, id, ctx());
      expect(planned).toMatchObject({ kind: 'press', action: null, member: ann, answer: 'quiet' });
      await pipeline.run(again as never, planned as PressPlan);
      await settled();
      expect(said).toEqual(['p1 deferUpdate', 'pressedOn table-message']);
      expect(tables.heldTable(tableId)?.record.version).toBe(3);
      // Anyone else pressing the lobby's Deal now is told the deal moved on.
      const bobs = stayButton(0, 'deal', bob);
      await expect(tablePressHandler.run(bobs as never, id, ctx())).rejects.toThrow(/deal is over/);
    });

    it('refuses a stale press, of a deal that is over, before any step', async () => {
      const button = stayButton(0);
      const id = tablePressHandler.parse(button as never);
      if (!id) throw new Error('not a declare press');
      await expect(tablePressHandler.run(button as never, id, ctx())).rejects.toThrow(/deal is over/);
      expect(tables.heldTable(tableId)?.record.version).toBe(3);
    });
  });
});
