import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { helpView, rulesEmbed } from '../../src/discord/views/rules.ts';
import { listVariants, OPTION_SPECS } from '../../src/rules/index.ts';

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

  it('explains every option once, by its name in words, with its values and default', () => {
    const view = helpView();
    expect(view.content.length).toBeLessThanOrEqual(2000);
    withinLimits(view.embeds);
    const text = view.embeds.map((e) => e.description ?? '').join('\n');
    for (const spec of OPTION_SPECS) {
      const line = text.split('\n').find((l) => l.includes(`(\`${spec.name}=\`)`));
      expect(line, spec.name).toMatch(
        new RegExp(`^\\*\\*${spec.title.replace(/[()]/g, '\\$&')}\\*\\* .*Takes .*; default .+\\.$`),
      );
      expect(spec.title).not.toMatch(/[a-z][A-Z]/); // no camelCase shown as a name
    }
  });
});
