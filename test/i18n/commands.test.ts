import { Locale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { data } from '../../commands/guts.ts';
import { CATALOGUES, LOCALES } from '../../src/i18n/index.ts';

/**
 * Localized command texts within Discord's rules: names lowercase, 1-32 of the allowed
 * characters; descriptions 1-100 characters; keys are Discord's locales.
 * https://discord.com/developers/docs/interactions/application-commands#application-command-object
 */
const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Node {
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Node[];
  choices?: { name: string; value: string | number }[];
}
const nodes = (node: Node, path = ''): [string, Node][] => [
  [`${path}${node.name}`, node],
  ...(node.options ?? []).flatMap((o) => nodes(o, `${path}${node.name} `)),
];

describe('/guts in every language', () => {
  const all = nodes(data.toJSON() as Node);

  it("keeps Discord's rules for localized names and descriptions", () => {
    const broken: string[] = [];
    for (const [path, node] of all) {
      for (const [lng, name] of Object.entries(node.name_localizations ?? {})) {
        if (!LOCALES.includes(lng) || !NAME.test(name) || name !== name.toLowerCase())
          broken.push(`${path} name ${lng}`);
      }
      for (const [lng, text] of Object.entries(node.description_localizations ?? {})) {
        if (!LOCALES.includes(lng) || text.length < 1 || text.length > 100) broken.push(`${path} description ${lng}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('describes the command and its playing subcommands in every complete language', () => {
    const played = ['guts', 'guts start', 'guts start variant', 'guts stop', 'guts rules', 'guts table', 'guts help'];
    const foreign = Object.keys(CATALOGUES).filter((l) => !l.startsWith('en'));
    for (const path of played) {
      const node = all.find(([p]) => p === path)?.[1];
      expect(Object.keys(node?.description_localizations ?? {}).sort(), path).toEqual([...foreign].sort());
    }
    expect(all.find(([p]) => p === 'guts')?.[1].description_localizations?.[Locale.German]).toBe(
      'Guts-Poker in diesem Kanal spielen',
    );
  });

  it('stays within 8,000 characters counting its longest localization', () => {
    let total = 0;
    for (const [, node] of all) {
      const longest = (base: string | undefined, loc: Record<string, string> | null | undefined) =>
        Math.max(base?.length ?? 0, ...Object.values(loc ?? {}).map((s) => s.length));
      total += longest(node.name, node.name_localizations) + longest(node.description, node.description_localizations);
      for (const c of node.choices ?? []) total += c.name.length + String(c.value).length;
    }
    expect(total).toBeLessThanOrEqual(8000);
  });
});
