import { AdjustableClock } from '@guts/local-discord';
import { Routes } from 'discord.js';
import { describe, expect } from 'vitest';
import { roleMetadataBody } from '../../../src/discord/linked-roles/metadata.ts';
import { loadAllLanguages } from '../../../src/i18n/index.ts';
import { test } from '../fixture.ts';
import { playToEnd } from '../play.ts';
import { withActivity } from './sockets.ts';

/**
 * Linked roles, end to end: the metadata registered as deploy-commands does, a player
 * who follows the verification URL through Discord's consent and back, and their
 * connection written again once a deal they won settles (at most once a minute).
 */
describe('linked roles', () => {
  test('a player links, wins a deal, and their role connection follows', async ({ startWorld }) => {
    const clock = new AdjustableClock();
    const world = await startWorld(withActivity({ players: ['ann', 'bob'], rateLimits: 'none', clock }));
    await loadAllLanguages();
    const app = world.bot.client.application?.id ?? '';
    await world.bot.client.rest.put(Routes.applicationRoleConnectionMetadata(app), { body: roleMetadataBody() });
    expect(world.discord.roleConnectionMetadata().map((m) => (m as { key: string }).key)).toEqual([
      'deals_won',
      'season_points',
      'best_season_rank',
      'achievements',
      'plays_guts',
    ]);
    const base = `http://127.0.0.1:${world.bot.activityPort()}`;
    const start = await fetch(`${base}/linked-roles`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const consent = start.headers.get('location') ?? '';
    expect(new URL(consent).searchParams.get('scope')).toBe('role_connections.write identify');
    // A forged state saves nothing.
    const forged = new URL(world.discord.approveOAuth2(world.user('ann'), consent));
    forged.searchParams.set('state', 'made.up');
    expect((await fetch(forged)).status).toBe(403);
    const back = world.discord.approveOAuth2(world.user('ann'), consent);
    const linked = await fetch(back);
    expect(linked.status).toBe(200);
    expect(await linked.text()).toContain('Linked: your guts roles now follow');
    expect(world.discord.roleConnectionOf(world.user('ann'))).toEqual({
      platform_name: 'Guts',
      platform_username: null,
      metadata: { deals_won: '0', season_points: '0', achievements: '0', plays_guts: '1' },
    });
    // ann stays, bob drops: ann takes the pot alone.
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 5 } });
    await world.press('bob', lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    await playToEnd(world, ({ player }) => (player === 'ann' ? 'stay' : 'drop'));
    await world.bot.idle();
    // Written at most once a minute: the minute since the link passes, then the next round writes it.
    clock.advance(61_000);
    await expect
      .poll(() => world.discord.roleConnectionOf(world.user('ann'))?.metadata.deals_won, { timeout: 20_000 })
      .toBe('1');
    const metadata = world.discord.roleConnectionOf(world.user('ann'))?.metadata;
    expect(Number(metadata?.achievements)).toBeGreaterThanOrEqual(2); // a first deal, a first win
    // Two people, one winner: a point for the one beaten.
    expect(metadata?.season_points).toBe('1');
    // bob never linked: nothing is written for him.
    expect(world.discord.roleConnectionOf(world.user('bob'))).toBeNull();
  }, 90_000);
});
