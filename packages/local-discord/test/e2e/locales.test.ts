import { Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from '../harness.ts';

/**
 * Discord sends every interaction with the presser's client language (`locale`) and, in
 * a server, the server's (`guild_locale`, its preferred locale).
 * https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
 */
describe('languages on interactions', () => {
  const { h } = harnessForFile();

  it("carries the presser's locale and the server's", async () => {
    const discord = h().discord;
    const guild = discord.createGuild({ name: 'Spieleabend', locale: Locale.German });
    const channel = discord.createChannel(guild, { name: 'poker' });
    const yuki = discord.createUser({ name: 'yuki', guilds: [guild], locale: Locale.Japanese });
    await h().client.application?.commands.set(
      [{ name: 'guts', description: 'Play guts', options: [] } as never],
      guild.id,
    );
    const seen: unknown[] = [];
    h().onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      seen.push([i.locale, i.guildLocale, i.guild?.preferredLocale]);
      await i.reply({ content: 'ok' });
    });
    await discord.runCommand(yuki, channel, 'guts', {}).response();
    expect(seen).toEqual([[Locale.Japanese, Locale.German, Locale.German]]);
  });

  it('says en-US when nobody chose, and refuses a language Discord does not offer', async () => {
    const seen: unknown[] = [];
    h().onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      seen.push([i.locale, i.guildLocale]);
      await i.reply({ content: 'ok' });
    });
    await h()
      .discord.runCommand(h().ann, h().channel, 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } })
      .response();
    expect(seen).toEqual([[Locale.EnglishUS, Locale.EnglishUS]]);
    expect(() => h().discord.createUser({ name: 'x', locale: 'de-DE' })).toThrow(RangeError);
  });
});
