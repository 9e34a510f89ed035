import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { HELP_MENU_ID, HELP_PAGES, helpView, rulesEmbed } from '../../../src/discord/views/rules.ts';
import { SOURCE_LOCALE } from '../../../src/i18n/index.ts';
import { listVariants, OPTION_SPECS } from '../../../src/rules/index.ts';

/** What Discord counts toward a message's 6,000 embed characters. */
const embedLength = (e: APIEmbed) =>
  (e.title ?? '').length +
  (e.description ?? '').length +
  (e.footer?.text ?? '').length +
  (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);

function withinLimits(embeds: APIEmbed[]): void {
  for (const e of embeds) {
    expect((e.description ?? '').length).toBeLessThanOrEqual(4096);
    for (const f of e.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(1024);
    expect(e.fields?.length ?? 0).toBeLessThanOrEqual(25);
  }
  expect(embeds.reduce((n, e) => n + embedLength(e), 0)).toBeLessThanOrEqual(6000);
}

describe('/guts rules and /guts help', () => {
  it.each(listVariants().map((v) => v.id))("%s: explained step by step, within Discord's limits", (id) => {
    const embed = rulesEmbed(id);
    withinLimits([embed]);
    const steps = (embed.description ?? '').split('\n').filter((l) => /^\d+\. /.test(l));
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.at(-1)).toMatch(/^\d+\. Showdown/);
    expect(embed.fields?.find((f) => f.name === 'Money')?.value).toMatch(/pot|winner/);
  });

  it('lists every variant', () => {
    const embed = rulesEmbed(null);
    withinLimits([embed]);
    expect(embed.fields?.length).toBe(listVariants().filter((v) => v.available).length);
  });

  it('opens on how a game goes and the commands, in one screen, with a menu to the options', () => {
    const view = helpView();
    expect(view.content).toMatch(/^\*\*How a game goes\*\*\n1\. /);
    expect(view.content).toContain('**Commands**');
    expect(view.content.length).toBeLessThanOrEqual(2000);
    expect(view.embeds).toEqual([]); // nothing below that pushes the steps out of view
    const [row] = view.components;
    expect(row?.components).toHaveLength(1);
    const menu = row?.components[0] as {
      custom_id: string;
      options: { label: string; value: string; default?: boolean }[];
    };
    expect(menu.custom_id).toBe(HELP_MENU_ID);
    expect(menu.options.map((o) => [o.value, o.label, o.default ?? false])).toEqual([
      ['how', 'How a game goes', true],
      ['money', 'Options: money', false],
      ['declaring', 'Options: declaring', false],
      ['extras', 'Options: extras', false],
    ]);
    const money = helpView(SOURCE_LOCALE, 'money');
    expect(money.content).toBe('');
    expect(money.embeds.map((e) => e.title)).toEqual(['Options: money']);
  });

  it('explains every option once, by its name in words, with its values and default', () => {
    const pages = HELP_PAGES.filter((p) => p !== 'how').map((p) => helpView(SOURCE_LOCALE, p));
    const embeds = pages.flatMap((v) => v.embeds);
    withinLimits(embeds);
    const text = embeds.map((e) => e.description ?? '').join('\n');
    for (const spec of OPTION_SPECS) {
      const line = text.split('\n').find((l) => l.includes(`(\`${spec.name}=\`)`));
      expect(line, spec.name).toMatch(
        new RegExp(`^\\*\\*${spec.title.replace(/[()]/g, '\\$&')}\\*\\* .*Takes .*; default .+\\.$`),
      );
      expect(spec.title).not.toMatch(/[a-z][A-Z]/); // no camelCase shown as a name
    }
  });
});
