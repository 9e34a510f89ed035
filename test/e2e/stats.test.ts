import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import { openAndDeal, playToEnd, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

/** /guts stats and /guts leaderboard after a real game through the channel. */
describe('stats and leaderboard', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat', 'dan'] });
    await openAndDeal(world, 'three-card');
    await playToEnd(world, showdownThenHostAlone('ann'));
    await world.bot.idle();
  });

  it("shows a player's deals, won and net chips, as the ledger has them", async () => {
    const stats = await world.reply('bob', 'guts', { subcommand: 'stats', options: { player: world.user('ann').id } });
    const embed = stats.embeds[0];
    expect(embed?.title).toBe('Guts stats: ann');
    const deals = (await world.state()).dealNo;
    expect(embed?.description).toContain(`Deals played ${deals}`);
    const balances = await world.database.db
      .selectFrom('ledger_accounts')
      .select(['owner', 'balance'])
      .where('kind', '=', 'player')
      .execute();
    const annNet = Number(balances.find((b) => b.owner === world.user('ann').id)?.balance);
    expect(embed?.description).toContain(`Net ${annNet > 0 ? '+' : annNet < 0 ? '−' : ''}${Math.abs(annNet)}`);
    expect(embed?.fields?.[0]?.name).toBe('Three-card guts');
    expect(embed?.image?.url).toMatch(/net-chips\.png$/);
    expect(stats.attachments[0]?.filename).toBe('net-chips.png');
  });

  it('ranks the server by net chips', async () => {
    const board = await world.reply('cat', 'guts', { subcommand: 'leaderboard', options: { period: 'week' } });
    const lines = (board.embeds[0]?.description ?? '').split('\n');
    expect(lines).toHaveLength(3);
    const nets = lines.map((l) => Number(/\*\* ([+−]?\d+|0)/.exec(l)?.[1]?.replace('−', '-')));
    expect([...nets].sort((a, b) => b - a)).toEqual(nets);
    expect(nets.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(0); // the pot kept the rest
  });

  it('says so for someone who never played', async () => {
    const stats = await world.reply('dan', 'guts', { subcommand: 'stats' });
    expect(stats.embeds[0]?.description).toMatch(/dan.* has no deals yet/);
  });
});
