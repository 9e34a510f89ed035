import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect } from 'vitest';
import { formatCard, prettyCard } from '../../src/cards/card.ts';
import { type GameState, viewFor } from '../../src/engine/index.ts';
import { type StartWorld, test } from './fixture.ts';
import { type Decide, playToEnd, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

/**
 * Private cards stay private: no message a player can see ever shows a card the
 * game hides from them. Discord turns the first follow-up of a deferred reply into
 * that reply, ignoring the ephemeral flag, so a bot that reaches a player through
 * an interaction whose reply is not posted yet shows their cards to the channel.
 */

/** Everything a player reads in a message: text, embeds and button labels (pictures aside). */
const textOf = (m: APIMessage): string => JSON.stringify([m.content, m.embeds, m.components]);

/**
 * The cards of this deal that `viewer` may not see (others' face-down cards; in Indian
 * guts their own), as text ("A♠") and as the names of their emojis (`gc_As:`, `gc4_As_w:`).
 */
function hiddenFrom(state: GameState, viewer: string): string[] {
  const deal = state.deal;
  if (!deal) return [];
  const seen = viewFor(state, viewer).deal?.hands ?? {};
  const hidden: string[] = [];
  for (const [owner, cards] of Object.entries(deal.hands)) {
    cards.forEach((card, i) => {
      if (seen[owner]?.[i] === null) {
        hidden.push(prettyCard(card), `_${formatCard(card)}:`, `_${formatCard(card)}_w:`);
      }
    });
  }
  return hidden;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; !condition(); i++) {
    if (i > 500) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const newerThan = (m: APIMessage, id: string) => BigInt(m.id) >= BigInt(id);

/** What was hidden from whom in each deal, noted at each decision (the cards dealt so far). */
interface Hidden {
  cards: Map<string, Set<string>>; // `${dealNo}:${viewer}` → cards
  /** Each deal's table message (its title changes once the deal is over). */
  tables: Map<string, string>;
}

/**
 * Wraps a strategy: before each choice, notes the cards of the deal each seated player
 * may not see, and checks what each of them sees right now (the live table message
 * included: it is edited as the deal goes, and closed once it is over).
 */
function checkingPrivacy(world: World, decide: Decide, hidden: Hidden): Decide {
  return (ctx) => {
    const table = world.latest(new RegExp(`: deal ${ctx.dealNo}$`));
    if (table) hidden.tables.set(String(ctx.dealNo), table.id);
    for (const viewer of Object.keys(ctx.state.deal?.hands ?? {})) {
      const key = `${ctx.dealNo}:${viewer}`;
      const cards = hidden.cards.get(key) ?? new Set<string>();
      for (const card of hiddenFrom(ctx.state, viewer)) cards.add(card);
      hidden.cards.set(key, cards);
      if (table)
        checkMessages(
          world,
          viewer,
          cards,
          world.messages(world.nameOf(viewer)).filter((m) => newerThan(m, table.id)),
        );
    }
    return decide(ctx);
  };
}

/** No message shows `viewer` one of `cards`; returns how many private cards messages it read. */
function checkMessages(world: World, viewer: string, cards: Set<string>, messages: APIMessage[]): number {
  let privateCards = 0;
  for (const m of messages) {
    const text = textOf(m);
    const leaked = [...cards].filter((card) => text.includes(card));
    expect(
      leaked,
      `${world.nameOf(viewer)} sees ${leaked.join(' ')} in message ${m.id}: ${text.slice(0, 200)}`,
    ).toEqual([]);
    if ((m.content ?? '').includes('**Your cards**')) privateCards++;
  }
  return privateCards;
}

/**
 * Once the game is over, reads every message each player could see during each deal
 * (from its table message to its result, their private ones included) for any card
 * that was hidden from them then. Returns how many private cards messages it read.
 */
function checkNothingLeaked(world: World, hidden: Hidden): number {
  let privateCards = 0;
  for (const [key, cards] of hidden.cards) {
    const [dealNo, viewer] = key.split(':') as [string, string];
    const table = hidden.tables.get(dealNo);
    const result = world.latest(new RegExp(`: deal ${dealNo} result$`));
    expect(table, `deal ${dealNo}'s table message`).toBeDefined();
    const during = world
      .messages(world.nameOf(viewer))
      .filter((m) => newerThan(m, table ?? '0') && (!result || BigInt(m.id) < BigInt(result.id)));
    privateCards += checkMessages(world, viewer, cards, during);
  }
  return privateCards;
}

/**
 * Pictures too: no message another player can see carries a picture of a player's
 * private cards (the bytes of any attachment of their private cards messages).
 */
function checkNoPrivatePictureShown(world: World, players: readonly string[]): number {
  const bytesOf = (m: APIMessage) =>
    m.attachments.map((a) => world.discord.attachment(a.id)?.bytes.toString('base64') ?? '');
  let pictures = 0;
  for (const owner of players) {
    const own = world
      .messages(owner)
      .filter((m) => (m.flags ?? 0) & 64 && (m.content ?? '').includes('**Your cards**'))
      .flatMap(bytesOf);
    pictures += own.length;
    for (const viewer of players.filter((p) => p !== owner)) {
      for (const m of world.messages(viewer)) {
        const shown = bytesOf(m).filter((b) => own.includes(b));
        expect(shown, `${viewer} sees a picture of ${owner}'s cards in message ${m.id}`).toEqual([]);
      }
    }
  }
  return pictures;
}

describe('private cards stay private', () => {
  /** A world with Discord's real rate limits, and a lobby of ann (host), bob and cat. */
  async function lobbyOf(
    startWorld: StartWorld,
    variant: string,
    rateLimits: 'discord' | 'none' = 'discord',
    cardEmojis = false,
  ): Promise<{ world: World; lobby: APIMessage }> {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], rateLimits, cardEmojis });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant } });
    await world.press('bob', lobby, 'Join').response();
    await world.press('cat', lobby, 'Join').response();
    return { world, lobby };
  }

  test('does not reach a player through a /guts table reply that is still being posted', async ({ startWorld }) => {
    // Without per-route buckets, so nothing but the bot's own care keeps the cards
    // from following up on the reply that is still being posted.
    const { world, lobby } = await lobbyOf(startWorld, 'three-card', 'none');
    // Bob asks for the table again; posting its reply is held back by a 429 for 6 s
    // (longer than the first cards take to draw).
    const repost = world.command('bob', 'guts', { subcommand: 'table' });
    world.discord.failRoute(`PATCH /webhooks/*/${repost.token}/messages/@original`, 429, 1, { retryAfterMs: 6_000 });
    await repost.acknowledged(); // deferred: "thinking…"
    await until(() => world.discord.pendingFaults() === 0); // the bot is posting its reply, held back
    await world.press('ann', lobby, 'Deal').acknowledged();
    await world.waitForTitle(/: deal 1$/);
    const bobsCards = await world.waitFor((m) => (m.content ?? '').includes('**Your cards**'), 'bob');
    expect(bobsCards.flags ?? 0).toBe(64);
    expect(world.messages('cat').some((m) => m.id === bobsCards.id)).toBe(false);
    await repost.response(10_000);
    const state = await world.state();
    const bobs = (state.deal?.hands[world.user('bob').id] ?? []).map(prettyCard);
    expect(bobs.length).toBe(3);
    for (const m of world.messages().filter((m) => newerThan(m, lobby.id))) {
      const text = textOf(m);
      expect(
        bobs.filter((card) => text.includes(card)),
        `public message ${m.id}`,
      ).toEqual([]);
    }
  });

  for (const variant of ['three-card', 'indian', 'iron-cross']) {
    test(`never shows a player a card hidden from them, across a whole ${variant} game`, async ({ startWorld }) => {
      const { world, lobby } = await lobbyOf(startWorld, variant);
      await world.press('ann', lobby, 'Deal').acknowledged();
      const hidden: Hidden = { cards: new Map(), tables: new Map() };
      await playToEnd(world, checkingPrivacy(world, showdownThenHostAlone('ann'), hidden));
      await world.bot.idle();
      // The check read real messages, each player's private cards among them.
      expect(checkNothingLeaked(world, hidden)).toBeGreaterThanOrEqual(3);
      const pictures = checkNoPrivatePictureShown(world, ['ann', 'bob', 'cat']);
      if (variant !== 'indian') expect(pictures).toBeGreaterThanOrEqual(3); // Indian guts draws no hand
    });
  }

  for (const variant of ['three-card', 'iron-cross']) {
    test(`with the card emojis deployed, shows each player their own cards as emojis, nobody else's (${variant})`, async ({
      startWorld,
    }) => {
      const { world, lobby } = await lobbyOf(startWorld, variant, 'discord', true);
      await world.press('ann', lobby, 'Deal').acknowledged();
      const hidden: Hidden = { cards: new Map(), tables: new Map() };
      const decide = checkingPrivacy(world, showdownThenHostAlone('ann'), hidden);
      // The live table message at each decision (its board, in Iron Cross).
      const tables: string[] = [];
      await playToEnd(world, (ctx) => {
        tables.push(JSON.stringify(world.latest(new RegExp(`: deal ${ctx.dealNo}$`))?.components));
        return decide(ctx);
      });
      await world.bot.idle();
      expect(checkNothingLeaked(world, hidden)).toBeGreaterThanOrEqual(3);
      const own = world.messages('bob').filter((m) => (m.flags ?? 0) & 64 && m.content?.includes('**Your cards**'));
      expect(own.length).toBeGreaterThan(0);
      for (const m of own) {
        expect(m.content?.split('\n')[0]).toMatch(/^(<:gc_[2-9TJQKA][cdhs](_w)?:\d+>)+$/);
        expect(m.attachments).toEqual([]);
      }
      // Nothing uploaded at all: boards and showdowns are emojis too.
      expect(world.messages().flatMap((m) => m.attachments)).toEqual([]);
      const emoji = /<:gc4?_(back|gap|[2-9TJQKA][cdhs](_w)?):\d+>/;
      expect(world.latest(/: deal 1 result$/)?.embeds[0]?.description).toMatch(emoji);
      if (variant === 'iron-cross') expect(tables.join('')).toMatch(emoji);
    });
  }
});
