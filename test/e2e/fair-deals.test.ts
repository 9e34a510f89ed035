import { textOf, titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { deckOf, hashed } from './fair-check.ts';
import { test } from './fixture.ts';
import { buttonId, playToEnd, privately, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

/**
 * Provably fair deals as a player checks them (docs/FAIRNESS.md): the commitment read
 * from the lobby, the client seed from the table card, each deal's seed from its
 * result's Verify panel, and the deck recomputed here with node:crypto alone (the
 * algorithm as the page states it, not the bot's code), held against the cards the
 * players were shown. And no seed in any message, public or private, before its result.
 */

/** A card in the page's numbering, from how a player reads it ("10♠", "A♥") or the page writes it ("Ts"). */
function cardNumber(text: string): number {
  const rank = '23456789TJQKA'.indexOf(text.slice(0, -1).replace('10', 'T'));
  const suit = Math.max('♣♦♥♠'.indexOf(text.slice(-1)), 'cdhs'.indexOf(text.slice(-1)));
  if (rank < 0 || suit < 0) throw new Error(`not a card: ${text}`);
  return rank * 4 + suit;
}

const isPrivate = (m: APIMessage) => ((m.flags ?? 0) & 64) !== 0;

/** The cards a player's private message of table deal `deal` lists ("**Your cards**, Three-Card Guts deal 1: …"). */
function shownCards(world: World, name: string, deal: number): number[] {
  const mine = world
    .messages(name)
    .filter((m) => isPrivate(m) && new RegExp(`\\*\\*Your cards\\*\\*, .+ deal ${deal}:`).test(m.content ?? ''));
  expect(mine.length, `${name}'s cards of deal ${deal}`).toBeGreaterThan(0);
  const line = (mine.at(-1)?.content ?? '').split('\n')[0] as string;
  return (line.split(': ')[1] as string).split(' ').map(cardNumber);
}

/** The values of the Verify panel, by its fields' order (commitment, seed, client seed, deck), and the game's deal number its title gives. */
function panelValues(panel: APIMessage) {
  const fields = panel.embeds[0]?.fields ?? [];
  const code = (i: number) => /^`` (.*) ``$/s.exec(fields[i]?.value ?? '')?.[1] ?? '';
  return {
    verdict: panel.embeds[0]?.description ?? '',
    commitment: code(0),
    seed: code(1),
    clientSeed: code(2),
    dealNo: Number(/: deal (\d+) of its game$/.exec(panel.embeds[0]?.title ?? '')?.[1]),
  };
}

describe('provably fair deals, checked from Discord alone', () => {
  let world: World;
  /** Every message the local Discord stored or changed, public and private, in order. */
  const recorded: string[] = [];
  /** Every line the bot logged. */
  const logged: string[] = [];
  /** Each deal's seed as its Verify panel revealed it. */
  const seeds = new Map<number, string>();
  test.beforeAll(async ({ worlds }) => {
    // The bot's own logger (its redaction included), at its most talkative, into `logged`.
    const log = createLogger({ write: (line: string) => void logged.push(line) }, 'trace');
    world = await worlds.start({ players: ['ann', 'bob', 'cat'], fairDeals: true, log });
    world.discord.on('messageCreate', ({ message }) => recorded.push(JSON.stringify(message)));
    world.discord.on('messageUpdate', ({ message }) => recorded.push(JSON.stringify(message)));
  });

  it('shows the commitment before play, and each seed with its result; the cards are the ones they deal', async () => {
    // A phrase the client seed cannot take is refused, saying why.
    const refused = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', phrase: 'bell \u0007' },
    });
    expect(textOf(refused)).toContain('The phrase must be 1 to 100 characters, with no control characters');
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10, phrase: 'lucky sevens' },
    });
    const commitment = /`([0-9a-f]{64})`/.exec(textOf(lobby))?.[1] as string;
    expect(commitment, 'the lobby shows the commitment').toMatch(/^[0-9a-f]{64}$/);
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();

    // The table card: the commitment's first digits and the client seed, fixed as deal 1 was dealt.
    const card = await world.waitFor((m) => /client seed /.test(textOf(m)) && /: deal 1$/.test(titleOf(m)));
    expect(textOf(card)).toContain(`commitment \`${commitment.slice(0, 16)}…\``);
    const clientSeed = /client seed (.+)$/m.exec(textOf(card))?.[1] as string;
    // Discord's ids of the presses, each made after the lobby that showed the commitment, then the phrase.
    const [ids, ...phrase] = clientSeed.split(' ');
    expect(phrase.join(' ')).toBe('lucky sevens');
    const presses = (ids as string).split('-');
    expect(presses.length).toBeGreaterThanOrEqual(3); // two Joins and the Deal
    for (const id of presses) expect(BigInt(id) > BigInt(lobby.id), `${id} is later than the lobby`).toBe(true);

    const deals = await playToEnd(world, showdownThenHostAlone('ann'));
    expect(deals).toBe(2);
    for (const deal of [1, 2]) {
      const result = await world.waitForTitle(new RegExp(`deal ${deal} result$`));
      const panel = await privately(world.press('bob', result, buttonId(result, 'verify')).response());
      const values = panelValues(panel);
      expect(values.verdict).toMatch(/^✅/);
      expect(values.commitment).toBe(commitment);
      expect(values.clientSeed).toBe(clientSeed);
      expect(values.dealNo).toBe(deal);
      // The seed is the committed one: SHA-256 applied deal-number times gives the lobby's commitment.
      expect(hashed(values.seed, deal)).toBe(commitment);
      if (deal === 2) expect(hashed(values.seed, 1)).toBe(seeds.get(1));
      seeds.set(deal, values.seed);

      // Dealt one at a time round the table: each player's cards sit one lap apart in the deck.
      const deck = deckOf(values.seed, clientSeed, deal);
      const shown = Object.fromEntries(['ann', 'bob', 'cat'].map((name) => [name, shownCards(world, name, deal)]));
      const all = Object.values(shown).flat();
      expect([...all].sort((a, b) => a - b)).toEqual(deck.slice(0, all.length).sort((a, b) => a - b));
      for (const [name, cards] of Object.entries(shown)) {
        const seats = cards.map((c) => deck.indexOf(c) % 3);
        expect(new Set(seats).size, `${name}'s cards are one seat's`).toBe(1);
      }
      // The panel's deck is the one recomputed here.
      const panelDeck = /```\n(.+)\n```/.exec(panel.embeds[0]?.fields?.[3]?.value ?? '')?.[1]?.split(' ');
      expect(panelDeck?.map(cardNumber)).toEqual(deck);
    }
  });

  it('never shows a seed in any message before its deal result', () => {
    expect(seeds.size).toBe(2);
    for (const [deal, seed] of seeds) {
      const resultAt = recorded.findIndex((m) => new RegExp(`deal ${deal} result"`).test(m));
      expect(resultAt, `deal ${deal}'s result was recorded`).toBeGreaterThan(0);
      const early = recorded.slice(0, resultAt).filter((m) => m.includes(seed));
      expect(early, `deal ${deal}'s seed before its result`).toEqual([]);
      // Not in the result itself either: the Verify panel, on a press, reveals it (and the recording holds that private panel).
      expect(recorded[resultAt]).not.toContain(seed);
      expect(recorded.slice(resultAt).some((m) => m.includes(seed) && m.includes('"flags":64'))).toBe(true);
    }
  });

  it('never logs a seed, before or after its deal result', () => {
    expect(seeds.size).toBe(2);
    expect(logged.length).toBeGreaterThan(0);
    for (const [deal, seed] of seeds) {
      expect(
        logged.filter((line) => line.includes(seed)),
        `deal ${deal}'s seed in the log`,
      ).toEqual([]);
    }
  });

  it('says a deal recorded without a proof has none, and a pruned one that its history is gone', async () => {
    const db = world.database.db;
    const { id: tableId } = await world.tableRecord();
    // Deal 1 as a bot from before provably fair deals recorded it: its DealEnded without a proof.
    const steps = await db
      .selectFrom('game_steps')
      .select(['id', 'events'])
      .where('table_id', '=', tableId)
      .where('deal_no', '=', 1)
      .execute();
    for (const step of steps) {
      const events = (JSON.parse(step.events) as { type: string; proof?: unknown }[]).map(({ proof: _, ...e }) => e);
      await db
        .updateTable('game_steps')
        .set({ events: JSON.stringify(events) })
        .where('id', '=', step.id)
        .execute();
    }
    const first = world.latest(/deal 1 result$/) as APIMessage;
    const none = await privately(world.press('cat', first, buttonId(first, 'verify')).response());
    expect(none.embeds[0]?.description).toBe('Deal 1 has no proof: it was dealt before deals were provably fair.');
    expect(JSON.stringify(none)).not.toMatch(/[0-9a-f]{64}/);

    // Deal 2's hand history pruned (HISTORY_DAYS): its result is kept, its proof is not.
    await db.deleteFrom('game_steps').where('table_id', '=', tableId).where('deal_no', '=', 2).execute();
    const second = world.latest(/deal 2 result$/) as APIMessage;
    const pruned = await privately(world.press('cat', second, buttonId(second, 'verify')).response());
    expect(pruned.embeds[0]?.description).toMatch(/^Deal 2's hand history has been removed/);
  });
});
