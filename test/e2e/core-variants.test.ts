import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect } from 'vitest';
import { test } from './fixture.ts';
import { playToEnd, showdownThenHostAlone } from './play.ts';

/** A full game of each core variant, from `/guts start` to the final standings and `/ledger`. */
describe.each(['two-card', 'three-card', 'one-card', 'indian', 'iron-cross'])('a full game of %s', (variant) => {
  test('plays from /guts start to game over, and the ledger squares with the table', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat', 'dan'] });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant, ante: 5 } });
    for (const name of ['bob', 'cat', 'dan']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const deals = await playToEnd(world, showdownThenHostAlone('ann'));
    expect(deals).toBeGreaterThanOrEqual(2);

    const standings = await world.waitForEmbed(/^Game over after/);
    expect(standings.description).toMatch(/\*\*ann\*\* \+/);
    const results = world.messages().filter((m: APIMessage) => /deal \d+ result$/.test(m.embeds[0]?.title ?? ''));
    expect(results).toHaveLength(deals);

    const audit = await world.audit();
    expect(audit.problems).toEqual([]);
    const ledger = await world.reply('dan', 'ledger', { subcommand: 'show' });
    const text = ledger.embeds[0]?.description ?? '';
    for (const name of ['ann', 'bob', 'cat', 'dan']) expect(text).toContain(`**${name}**`);
    const settle = await world.reply('dan', 'ledger', { subcommand: 'settle' });
    expect(settle.embeds[0]?.description).toMatch(/pays \*\*ann\*\*/);
    expect((await world.tableRecord()).running).toBe(false);
  });
});
