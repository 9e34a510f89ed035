import type { APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVariants } from '../../src/rules/index.ts';
import { channelCalls, expectCardsPrivate, openAndDeal, playToEnd, showdownThenHostAlone } from './play.ts';
import { World } from './world.ts';

/**
 * Every variant of the rule book, played in a group DM whose three friends installed
 * the app as users: the bot is in no server here, its channel routes answer 50001, so
 * the whole game rides interaction tokens. Dan plays only in a server that invited the
 * bot, to show each place keeps its own stats.
 */
describe('every variant in a group DM', () => {
  let world: World;
  const friends = ['ann', 'bob', 'cat'];
  /** Deals played in the group DM, per variant name, as the games said. */
  const dealsHere = new Map<string, number>();

  beforeAll(async () => {
    world = await World.start({
      place: 'group-dm',
      players: [...friends, 'dan'],
      groupDmMembers: friends,
      rateLimits: 'none',
      seed: 11,
    });
  });
  afterAll(async () => {
    await world?.close();
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

  const isResult = (m: APIMessage) => /deal \d+ result$/.test(m.embeds[0]?.title ?? '');

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
      dealsHere.set(variant.name, deals);
      expect(deals, 'a next deal began after the first result').toBeGreaterThanOrEqual(2);
      expectCardsPrivate(world, friends, earlier);
      // Results and standings are public: each deal's result, and the game's standings on the last.
      const results = world.messages().filter((m) => !earlier.has(m.id) && isResult(m));
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
});
