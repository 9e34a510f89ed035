import { AdjustableClock, titleOf } from '@guts/local-discord';
import { type APIMessage, Locale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { awaiting } from '../../src/engine/index.ts';
import { listVariants } from '../../src/rules/index.ts';
import { test } from './fixture.ts';
import {
  buttonId,
  channelCalls,
  expectCardsPrivate,
  openAndDeal,
  playToEnd,
  presetsOffered,
  privately,
  showdownThenHostAlone,
} from './play.ts';
import type { World } from './world.ts';

/**
 * Every variant of the rule book, played in a group DM whose three friends installed
 * the app as users: the bot is in no server here, its channel routes answer 50001, so
 * the whole game rides interaction tokens. Dan plays only in a server that invited the
 * bot, to show each place keeps its own stats.
 */
describe('every variant in a group DM', () => {
  let world: World;
  const friends = ['ann', 'bob', 'cat'];
  /**
   * The results each game posted in the group DM: deals, or stages of a three-stage deal
   * (each settles, and counts, on its own). Ann is dealt in every one.
   */
  const resultsHere = new Map<string, number>();

  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({
      place: 'group-dm',
      players: [...friends, 'dan'],
      groupDmMembers: friends,
      rateLimits: 'none',
      seed: 11,
      // The countdown below runs out when the test moves this clock on, however busy the machine.
      clock: new AdjustableClock(),
    });
  });

  /** Ids of every message anyone can see now: what a new game posts is what is not among them. */
  const seenNow = () => new Set([...friends, 'dan'].flatMap((name) => world.messages(name).map((m) => m.id)));

  /** Runs `play` in the group DM and checks it called no channel, was refused nothing, and never hit the follow-up limit. */
  async function tokensOnly<T>(play: () => Promise<T>): Promise<T> {
    world.discord.resetRequestCounts();
    const refusedBefore = world.discord.invalidRequests();
    const result = await play();
    await world.bot.idle();
    expect(channelCalls(world)).toEqual([]);
    expect(world.discord.invalidRequests() - refusedBefore).toBe(0);
    expect(world.discord.followUpLimitHits()).toBe(0);
    return result;
  }

  const stepCount = async () => (await world.database.db.selectFrom('game_steps').select('id').execute()).length;
  /** The events the bot committed after the first `steps` steps, in order. */
  async function eventsSince(steps: number) {
    const rows = await world.database.db.selectFrom('game_steps').select('events').orderBy('id').execute();
    return rows.slice(steps).flatMap((r) => JSON.parse(r.events) as { type: string; timedOut?: string[] }[]);
  }

  const isResult = (m: APIMessage) => /deal \d+ result$/.test(titleOf(m));
  /**
   * The public results of the game that began after `earlier`, once its last one (which
   * carries the standings) is posted.
   */
  async function resultsSince(earlier: ReadonlySet<string>) {
    const fresh = (m: APIMessage) => !earlier.has(m.id);
    await world.waitFor((m) => fresh(m) && m.embeds.some((e) => /^Game over after/.test(e.title ?? '')));
    return world.messages().filter((m) => fresh(m) && isResult(m));
  }

  it.each(listVariants().filter((v) => v.available))(
    '$name: lobby, Join, Deal, private cards, Stay/Drop, result, the next deal, standings',
    async (variant) => {
      const earlier = seenNow();
      const deals = await tokensOnly(async () => {
        const lobby = await openAndDeal(world, variant.id);
        expect(lobby.embeds[0]?.title).toBe(`Guts: ${variant.name}`);
        // Deal 1: everyone stays (a showdown); deal 2: Ann alone stays, takes the pot, game over.
        return playToEnd(world, showdownThenHostAlone('ann'), 20);
      });
      expect(deals, 'a next deal began after the first result').toBeGreaterThanOrEqual(2);
      expectCardsPrivate(world, friends, earlier);
      // Results and standings are public: each deal's result, and the game's standings on the last.
      const results = await resultsSince(earlier);
      resultsHere.set(variant.id, results.length);
      expect(results.length).toBeGreaterThanOrEqual(deals);
      for (const name of friends) {
        const seen = new Set(world.messages(name).map((m) => m.id));
        expect(results.every((m) => seen.has(m.id) && !((m.flags ?? 0) & 64))).toBe(true);
      }
      const standings = results.at(-1)?.embeds.find((e) => /^Game over after/.test(e.title ?? ''));
      expect(standings?.description).toMatch(/\*\*ann\*\* \+/);
      expect((await world.audit()).problems).toEqual([]);
    },
  );

  it.each([
    ['three-card', 'pass=left', 'Passed'],
    ['two-card', 'discard=1', 'Discarded'],
  ])(
    '%s with %s: each friend picks privately, and the deal plays on to its result',
    async (variant, options, picked) => {
      const earlier = seenNow();
      const stepsBefore = await stepCount();
      const deals = await tokensOnly(async () => {
        const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant, ante: 5, options } });
        for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
        await world.press('ann', lobby, 'Deal').acknowledged();
        return playToEnd(world, showdownThenHostAlone('ann'));
      });
      expect(deals).toBeGreaterThanOrEqual(2);
      expectCardsPrivate(world, friends, earlier);
      expect((await eventsSince(stepsBefore)).map((e) => e.type)).toContain(picked);
    },
  );

  /** The longest countdown: the machine never takes as long, and the test ends it itself. */
  const COUNTDOWN_S = 300;

  it('a countdown runs out: whoever did not choose drops, and the result comes on a token', async () => {
    const earlier = seenNow();
    const stepsBefore = await stepCount();
    const result = await tokensOnly(async () => {
      const lobby = await world.reply('ann', 'guts', {
        subcommand: 'start',
        options: { variant: 'two-card', ante: 5, timer: COUNTDOWN_S },
      });
      for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
      await world.press('ann', lobby, 'Deal').acknowledged();
      const table = await world.waitFor((m) => !earlier.has(m.id) && /: deal \d+$/.test(titleOf(m)));
      // Ann and Bob stay; Cat never presses. Once their choices are saved, the countdown runs out on her.
      for (const name of ['ann', 'bob']) await world.press(name, table, 'Stay').response();
      const cat = world.user('cat').id;
      await world.until((s) => {
        const w = awaiting(s);
        return w.kind === 'declare' && w.pending.length === 1 && w.pending[0] === cat;
      });
      world.advanceClock(COUNTDOWN_S * 1000);
      const result = await world.waitFor((m) => !earlier.has(m.id) && isResult(m));
      await playToEnd(world, showdownThenHostAlone('ann'));
      return result;
    });
    resultsHere.set('countdown', (await resultsSince(earlier)).length);
    const revealed = (await eventsSince(stepsBefore)).find((e) => e.type === 'Revealed');
    expect(revealed?.timedOut).toEqual([world.user('cat').id]);
    // The result is public: Ann and Bob's showdown, Cat out with her ante.
    const hands = result.embeds[0]?.fields?.find((f) => f.name === 'Hands')?.value ?? '';
    expect(hands).toMatch(/\*\*ann\*\*[\s\S]*\*\*bob\*\*|\*\*bob\*\*[\s\S]*\*\*ann\*\*/);
    expect(hands).not.toMatch(/cat/);
    expect(result.flags ?? 0).toBe(0);
  });

  it('/guts rules answers privately in the group DM: the rule book, and one variant', async () => {
    await tokensOnly(async () => {
      // The rule book lists every variant it plays.
      const general = await privately(world.reply('bob', 'guts', { subcommand: 'rules' }));
      const listed = general.embeds[0]?.fields?.map((f) => f.name) ?? [];
      for (const v of listVariants().filter((v) => v.available)) expect(listed).toContain(`${v.name} (\`${v.id}\`)`);
      const seven = await privately(
        world.reply('bob', 'guts', { subcommand: 'rules', options: { variant: 'three-five-seven' } }),
      );
      expect(seven.embeds[0]?.title).toMatch(/Three-five-seven/);
      expect(seven.embeds[0]?.fields?.find((f) => f.name === 'Money')?.value).toMatch(/3 legs take the pot/);
    });
  });

  it("a preset saved in the group DM is offered there as the friends type, and starts the group DM's table", async () => {
    const preset = (as: string, subcommand: string, options: Record<string, string> = {}) =>
      privately(world.reply(as, 'guts', { subcommandGroup: 'preset', subcommand, options }));
    const earlier = seenNow();
    await tokensOnly(async () => {
      const lobby = await world.reply('ann', 'guts', {
        subcommand: 'start',
        options: { variant: 'iron-cross', cap: 50, options: 'ties=no-split' },
      });
      expect((await preset('ann', 'save', { name: 'Friday' })).content).toMatch(/Saved \*\*friday\*\*: Iron Cross/);
      await world.press('bob', lobby, 'Join').response();
      await world.reply('ann', 'guts', { subcommand: 'stop' });
      const list = (await preset('cat', 'list')).content;
      expect(list).toMatch(/^\*\*Presets of this group DM\*\*\n/);
      expect(list).toMatch(/\*\*friday\*\*: Iron Cross \(cap=50 ties=no-split\)/);
      const choices = await presetsOffered(world, 'cat', 'fr');
      expect(choices).toEqual([{ name: 'friday: Iron Cross', value: 'friday' }]);
      const fromPreset = await world.reply('cat', 'guts', { subcommand: 'start', options: { preset: 'friday' } });
      expect(fromPreset.embeds[0]?.title).toBe('Guts: Iron Cross');
      const options = fromPreset.embeds[0]?.fields?.find((f) => f.name === 'Options')?.value ?? '';
      expect(options).toMatch(/Cap: 50/);
      expect(options).toMatch(/Ties: a tie carries the pot/);
      for (const name of ['ann', 'bob']) await world.press(name, fromPreset, 'Join').response();
      await world.press('cat', fromPreset, 'Deal').acknowledged();
      await playToEnd(world, showdownThenHostAlone('cat'));
      expect((await preset('ann', 'delete', { name: 'friday' })).content).toMatch(/Deleted the preset "friday"/);
    });
    expectCardsPrivate(world, friends, earlier);
    resultsHere.set('preset', (await resultsSince(earlier)).length);
    expect((await world.state()).options.cap).toBe(50);
  });

  it("/ledger in the group DM shows and settles the group DM's own balances", async () => {
    await tokensOnly(async () => {
      const shown = await world.reply('bob', 'ledger', { subcommand: 'show' });
      const text = shown.embeds[0]?.description ?? '';
      for (const name of friends) expect(text).toContain(`**${name}**`);
      expect(text).not.toContain('**dan**');
      const settle = await world.reply('cat', 'ledger', { subcommand: 'settle' });
      expect(settle.embeds[0]?.description).toMatch(/pays \*\*/);
      const history = await world.reply('bob', 'ledger', { subcommand: 'history' });
      expect(history.embeds[0]?.title).toBe('History: bob, page 1');
      expect(history.embeds[0]?.description).toMatch(/ante/);
      // Every entry is in the group DM, which has no `#`: its mention would read "#ann, bob, cat".
      expect(history.embeds[0]?.description).not.toContain('<#');
    });
    expect((await world.audit()).problems).toEqual([]);
  });

  it("/guts stats and the leaderboard in the group DM count its games and friends only; the server's count its own", async () => {
    const stats = (as: string, player: string) =>
      world.reply(as, 'guts', { subcommand: 'stats', options: { player: world.user(player).id } });
    const boardNames = async (as: string) => {
      const board = await world.reply(as, 'guts', { subcommand: 'leaderboard', options: { period: 'all' } });
      return [...(board.embeds[0]?.description ?? '').matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]).sort();
    };
    const here = await tokensOnly(async () => {
      const ann = await stats('bob', 'ann');
      expect(ann.attachments[0]?.filename).toBe('net-chips.png');
      return ann.embeds[0];
    });
    // Every variant played here has its line; the deals are the group DM's.
    const played = [...new Set(listVariants().map((v) => v.name))];
    expect(here?.fields?.map((f) => f.name).sort()).toEqual(played.sort());
    const settledHere = [...resultsHere.values()].reduce((a, b) => a + b, 0);
    expect(here?.description).toContain(`Deals played ${settledHere} `);

    // Ann and Dan play a game in the server's channel.
    const { serverDeals, annThere, bobThere, boardThere } = await world.playingIn(
      world.serverChannel,
      world.guild,
      async () => {
        await openAndDeal(world, 'two-card', ['dan']);
        const serverDeals = await playToEnd(world, showdownThenHostAlone('ann'));
        await world.bot.idle();
        return {
          serverDeals,
          annThere: (await stats('dan', 'ann')).embeds[0],
          bobThere: (await stats('dan', 'bob')).embeds[0],
          boardThere: await boardNames('dan'),
        };
      },
    );
    // The server's stats and leaderboard know its game only.
    expect(annThere?.fields?.map((f) => f.name)).toEqual(['Two-card guts']);
    expect(annThere?.description).toContain(`Deals played ${serverDeals} `);
    expect(bobThere?.description).toMatch(/bob.* has no deals yet on this server/);
    expect(boardThere).toEqual(['ann', 'dan']);

    // And the group DM's are as they were: the server's game is not in them, nor Dan.
    await tokensOnly(async () => {
      const again = (await stats('cat', 'ann')).embeds[0];
      expect([again?.description, again?.fields]).toEqual([here?.description, here?.fields]);
      expect((await stats('cat', 'dan')).embeds[0]?.description).toMatch(/dan.* has no deals yet in this group DM/);
      expect(await boardNames('cat')).toEqual(friends);
    });
  });
});

/**
 * A group DM has no server language: the table speaks its host's (Hans reads German),
 * and each friend reads their own answers (Yuki Japanese, João Brazilian Portuguese).
 */
describe('a group DM of three languages', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({
      place: 'group-dm',
      players: ['hans', 'yuki', 'joao'],
      playerLocales: { hans: Locale.German, yuki: Locale.Japanese, joao: Locale.PortugueseBR },
      rateLimits: 'none',
    });
  });

  it("plays in the host's language, answers each friend in theirs, and calls no channel", async () => {
    world.discord.resetRequestCounts();
    // Before any game: Yuki's stats say, in Japanese, that this group DM has none of her deals.
    const none = await world.reply('yuki', 'guts', { subcommand: 'stats' });
    expect(none.embeds[0]?.description).toMatch(/このグループDMでまだ/);
    const lobby = await world.reply('hans', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 5 },
    });
    expect(lobby.embeds[0]?.fields?.map((f) => f.name)).toEqual(expect.arrayContaining(['Optionen', 'Pot']));
    const joao = await world.press('joao', lobby, buttonId(lobby, 'join')).response();
    expect(joao.content).toMatch(/^Você está dentro\./);
    await world.press('yuki', lobby, buttonId(lobby, 'join')).response();
    await world.press('hans', lobby, buttonId(lobby, 'deal')).acknowledged();
    const deals = await playToEnd(world, showdownThenHostAlone('hans'));
    expect(deals).toBeGreaterThanOrEqual(2);
    const privateOf = (name: string, start: RegExp) =>
      world.waitFor((m) => ((m.flags ?? 0) & 64) !== 0 && start.test(m.content ?? ''), name);
    await privateOf('hans', /^\*\*Deine Karten\*\*, Drei-Karten-Guts Hand 1/);
    await privateOf('yuki', /^\*\*あなたの手札\*\*、3枚ガッツ 第1ディール/);
    await privateOf('joao', /^\*\*Suas cartas\*\*, Guts de três cartas mão 1/);
    await world.waitFor((m) => /Ergebnis von Hand 1$/.test(titleOf(m)));
    await world.waitFor((m) => m.embeds.some((e) => /^Spiel vorbei nach \d+ Händen$/.test(e.title ?? '')));
    await world.bot.idle();
    expect(channelCalls(world)).toEqual([]);
    expect(world.discord.invalidRequests()).toBe(0);
    expect(world.discord.followUpLimitHits()).toBe(0);
  });
});
