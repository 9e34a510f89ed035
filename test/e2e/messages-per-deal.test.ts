import { titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import { answeredQuietly, buttonId } from './play.ts';
import type { World } from './world.ts';

/** Snowflakes grow with time: a message posted after `id`. */
const postedAfter = (id: string) => (m: APIMessage) => BigInt(m.id) > BigInt(id);
/** How many cards a private message's first line lists ("**Your cards**, Iron Cross deal 1: 10♠ 4♥ 2♣"). */
const cardsShown = (m: APIMessage) => (m.content ?? '').split('\n')[0]?.split(': ')[1]?.split(' ').length ?? 0;
const isPrivate = (m: APIMessage) => ((m.flags ?? 0) & 64) !== 0;

describe('what a player sees of one deal', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
  });

  it('an Iron Cross deal with both declaration rounds: at most 3 new messages each, the private one kept up to date', async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', ante: 10 },
    });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    // The newest message anyone sees before Deal (the Join answers are private).
    const seen = ['ann', 'bob', 'cat'].flatMap((n) => world.messages(n).map((m) => m.id));
    const beforeDeal = seen.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).at(-1) as string;
    await world.press('ann', lobby, 'Deal').acknowledged();

    const table = await world.waitForTitle(/^Iron Cross: deal 1$/);
    const privateOf = (name: string) =>
      world.waitFor(
        (m) => isPrivate(m) && postedAfter(beforeDeal)(m) && /\*\*Your cards\*\*/.test(m.content ?? ''),
        name,
      );
    const first = Object.fromEntries(
      await Promise.all(['ann', 'bob', 'cat'].map(async (n) => [n, await privateOf(n)])),
    );

    // Round 1: everyone stays. A press adds no message; the private message says the choice.
    for (const name of ['ann', 'bob', 'cat']) {
      expect(await answeredQuietly(world.press(name, table, buttonId(table, 'stay'))), `${name}'s press is quiet`).toBe(
        true,
      );
    }
    // Round 2: the 4th card arrives in the same private message, and dropping now costs 10% of the pot.
    const round2 = await world.waitFor((m) => m.id === table.id && /Round 2/.test(JSON.stringify(m.components)));
    expect(JSON.stringify(round2.components)).toMatch(/Dropping now costs 3/);
    for (const name of ['ann', 'bob', 'cat']) {
      const mine = await world.waitFor((m) => m.id === first[name].id && cardsShown(m) === 4, name);
      expect(mine.content).not.toMatch(/You stay/); // a new round, no choice yet
    }
    expect(await answeredQuietly(world.press('cat', round2, buttonId(round2, 'drop')))).toBe(true);
    // Cat's late drop shows in Cat's message only, with what it costs.
    const catsChoice = await world.waitFor((m) => m.id === first.cat.id && /You drop/.test(m.content ?? ''), 'cat');
    expect(catsChoice.content).toMatch(
      /You drop\*\* \(round 2\)\. It costs you 3 \(late drop\)\. Hidden from the others/,
    );
    expect(world.messages('bob').some((m) => /You drop/.test(m.content ?? ''))).toBe(false);
    for (const name of ['ann', 'bob'])
      expect(await answeredQuietly(world.press(name, round2, buttonId(round2, 'stay')))).toBe(true);

    const result = await world.waitFor((m) => /deal 1 result$/.test(titleOf(m)));
    for (const name of ['ann', 'bob', 'cat']) {
      const seen = world.messages(name).filter((m) => postedAfter(beforeDeal)(m) && !postedAfter(result.id)(m));
      expect(
        seen.map((m) => (isPrivate(m) ? 'private' : titleOf(m) || m.content)),
        `${name} sees the table message, their private message and the result`,
      ).toHaveLength(3);
      expect(seen.filter(isPrivate).map((m) => m.id)).toEqual([first[name].id]);
    }
    // Once the deal is over no private message reads as current: each says what its player
    // chose, in the past tense, and has no buttons left.
    const ended = /This deal is over: its result is in the channel\./;
    const after = Object.fromEntries(
      await Promise.all(
        ['ann', 'bob', 'cat'].map(async (n) => [
          n,
          await world.waitFor((m) => m.id === first[n].id && ended.test(m.content ?? ''), n),
        ]),
      ),
    );
    for (const name of ['ann', 'bob', 'cat']) {
      expect(after[name].content).not.toMatch(/Hidden from the others|You stay\b|You drop\b/);
      expect(after[name].components ?? []).toEqual([]);
    }
    expect(after.ann.content).toMatch(/\*\*You stayed\*\* \(round 2\)\./);
    expect(after.bob.content).toMatch(/\*\*You stayed\*\* \(round 2\)\./);
    expect(after.cat.content).toMatch(/\*\*You dropped\*\* \(round 2\)\. It cost you 3 \(late drop\)\./);
  });
});
