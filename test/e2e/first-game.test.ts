import { describe, expect, it } from 'vitest';
import { suitOf } from '../../src/cards/card.ts';
import { handPreview } from '../../src/engine/preview.ts';
import { renderHand } from '../../src/render/index.ts';
import { test } from './fixture.ts';
import { answeredQuietly } from './play.ts';
import type { World } from './world.ts';

describe('a first game through the real discord.js client', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat'] });
  });

  it('opens a lobby, seats players, deals privately, and settles a showdown into the ledger', async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 10 },
    });
    expect(lobby.embeds[0]?.title).toMatch(/^Guts: Three/);
    for (const name of ['bob', 'cat']) {
      const answer = await world.press(name, lobby, 'Join').response();
      expect(answer.content).toMatch(/You're in/);
      expect(answer.flags ?? 0).toBe(64);
    }
    await world.press('ann', world.messages().find((m) => m.id === lobby.id) ?? lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    expect(table.components?.length).toBeGreaterThan(0);
    // Everyone whose last press is fresh got their cards privately; others can't see them.
    const bobsCards = await world.waitFor((m) => (m.content ?? '').includes('**Your cards**'), 'bob');
    expect(bobsCards.attachments.length).toBe(1);
    expect(world.messages('cat').some((m) => m.id === bobsCards.id)).toBe(false);
    // A choice adds no message: the player's private message shows it, edited in place.
    const seen = world.messages('bob').length;
    expect(await answeredQuietly(world.press('bob', table, 'Stay'))).toBe(true);
    const edited = await world.waitFor((m) => m.id === bobsCards.id && /You stay/.test(m.content ?? ''), 'bob');
    expect(edited.content).toMatch(/Hidden from the others until the reveal/);
    expect(edited.attachments.length).toBe(1);
    expect(world.messages('bob').length).toBe(seen);
    expect(world.messages('cat').some((m) => /You stay/.test(m.content ?? ''))).toBe(false);
    for (const name of ['ann', 'cat']) await world.press(name, table, 'Stay').acknowledged();
    const result = await world.waitForTitle(/deal 1 result$/);
    expect(result.embeds[0]?.description).toMatch(/wins|tie/);
    const audit = await world.audit();
    expect(audit.ok).toBe(true);
    const ledger = await world.reply('bob', 'ledger', { subcommand: 'show' });
    expect(ledger.embeds[0]?.title).toBe('Ledger');
  });
});

describe('the four-colour deck', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob'] });
  });

  it('draws a table’s pictures in four colours when it chose them', async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', deck: 'four-colour' },
    });
    await world.press('bob', lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    const mine = await world.press('ann', table, 'My cards').response();
    const file = world.discord.attachment(mine.attachments[0]?.id ?? '');
    const state = await world.state();
    const cards = state.deal?.hands[world.user('ann').id] ?? [];
    // The seeded deal gives Ann a club or a diamond: the suits the four-colour deck recolours.
    expect(cards.some((c) => suitOf(c) <= 1)).toBe(true);
    const preview = handPreview(state, world.user('ann').id);
    const expected = renderHand(cards, { highlight: preview.hand?.cards ?? [], fourColour: true });
    expect(file?.bytes.equals(expected?.png ?? Buffer.alloc(0))).toBe(true);
    expect((await world.tableRecord()).messages).toMatchObject({ fourColour: true });
  });
});
