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
    // How the game went: a chart of everyone's chips deal by deal, captioned in the table's words.
    expect(standings.image?.url).toMatch(/\/standings\.png$/);
    const final = world.messages().find((m) => m.embeds.some((e) => /^Game over after/.test(e.title ?? '')));
    const chart = final?.attachments.find((a) => a.filename === 'standings.png');
    expect(chart?.description).toMatch(/^Each player's net chips after each deal of the game: ann [+−]/);
    const results = world.messages().filter((m: APIMessage) => /deal \d+ result$/.test(m.embeds[0]?.title ?? ''));
    expect(results).toHaveLength(deals);

    const audit = await world.audit();
    expect(audit.problems).toEqual([]);
    const ledger = await world.reply('dan', 'ledger', { subcommand: 'show' });
    const text = ledger.embeds[0]?.description ?? '';
    for (const name of ['ann', 'bob', 'cat', 'dan']) expect(text).toContain(`**${name}**`);
    // The channel's last game as its standings showed it, chart and all.
    expect(ledger.embeds[1]?.title).toBe(standings.title);
    expect(ledger.embeds[1]?.image?.url).toMatch(/\/standings\.png$/);
    const settle = await world.reply('dan', 'ledger', { subcommand: 'settle' });
    expect(settle.embeds[0]?.description).toMatch(/pays \*\*ann\*\*/);
    expect((await world.tableRecord()).running).toBe(false);
  });
});
