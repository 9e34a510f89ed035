import { Locale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { data as guts } from '../../../commands/guts.ts';
import { data as ledger } from '../../../commands/ledger.ts';
import { catalogues, has, LOCALES, SOURCE_LOCALE, t, textOf } from '../../../src/i18n/index.ts';

/** Every catalogue, each language loaded (the bot loads them one by one, as players need them). */
const CATALOGUES = await catalogues();

/**
 * Localized command texts within Discord's rules, for every locale with a catalogue:
 * names lowercase, 1-32 of the allowed characters, unique among their siblings in each
 * language; descriptions and choice names 1-100 characters; keys are Discord's locales;
 * each command within 8,000 characters counting its longest localizations.
 * https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-naming
 */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Node {
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Node[];
  choices?: { name: string; name_localizations?: Record<string, string> | null; value: string | number }[];
}
const nodes = (node: Node, path = ''): [string, Node][] => [
  [`${path}${node.name}`, node],
  ...(node.options ?? []).flatMap((o) => nodes(o, `${path}${node.name} `)),
];
const COMMANDS = [guts, ledger].map((c) => c.toJSON() as Node);
const nameIn = (node: { name: string; name_localizations?: Record<string, string> | null }, lng: string) =>
  node.name_localizations?.[lng] ?? node.name;

describe('the commands in every language with a catalogue', () => {
  const all = COMMANDS.flatMap((c) => nodes(c));

  it("keeps Discord's rules for localized names, descriptions and choices", () => {
    const broken: string[] = [];
    for (const [path, node] of all) {
      for (const [lng, name] of Object.entries(node.name_localizations ?? {})) {
        if (!LOCALES.includes(lng) || !NAME.test(name) || name !== name.toLocaleLowerCase(lng))
          broken.push(`${path} name ${lng}: ${name}`);
      }
      for (const [lng, text] of Object.entries(node.description_localizations ?? {})) {
        if (!LOCALES.includes(lng) || text.length < 1 || text.length > 100)
          broken.push(`${path} description ${lng}: ${text}`);
      }
      for (const c of node.choices ?? []) {
        for (const [lng, text] of Object.entries(c.name_localizations ?? {})) {
          if (!LOCALES.includes(lng) || text.length < 1 || text.length > 100) broken.push(`${path} choice ${lng}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names siblings apart in every language', () => {
    const clashes: string[] = [];
    for (const [path, node] of all) {
      for (const lng of Object.keys(CATALOGUES)) {
        const names = (node.options ?? []).map((o) => nameIn(o, lng));
        const twice = names.filter((n, i) => names.indexOf(n) !== i);
        if (twice.length) clashes.push(`${path} ${lng}: ${twice.join(', ')}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('says every command, option and choice in every complete language, from the catalogue', () => {
    const missing: string[] = [];
    for (const lng of Object.keys(CATALOGUES).filter((l) => l !== SOURCE_LOCALE)) {
      for (const [path, node] of all) {
        // Left out only where the catalogue says it as English does ("Chips" in German).
        const key = has(`commands.${path}.description`)
          ? `commands.${path}.description`
          : `option.${path.split(' ').at(-1)}.about`;
        const said = node.description_localizations?.[lng] ?? node.description;
        if (said !== textOf(lng, key, '')) missing.push(`${path} ${lng}`);
      }
    }
    expect(missing).toEqual([]);
    const start = all.find(([p]) => p === 'guts start')?.[1];
    expect(start && nameIn(start, Locale.German)).toBe(t(Locale.German, 'commands.guts start.name'));
    expect(all.find(([p]) => p === 'guts')?.[1].description_localizations?.[Locale.German]).toBe(
      'Guts-Poker in diesem Kanal spielen',
    );
    const period = all.find(([p]) => p === 'guts leaderboard period')?.[1];
    expect(period?.choices?.map((c) => c.name_localizations?.[Locale.Japanese])).toEqual([
      '直近1週間',
      '直近1か月',
      '全期間',
    ]);
  });

  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    '/%s stays within 8,000 characters counting its longest localizations',
    (_, command) => {
      const longest = (base: string | undefined, loc: Record<string, string> | null | undefined) =>
        Math.max(base?.length ?? 0, ...Object.values(loc ?? {}).map((s) => s.length));
      let total = 0;
      for (const [, node] of nodes(command)) {
        total +=
          longest(node.name, node.name_localizations) + longest(node.description, node.description_localizations);
        for (const c of node.choices ?? []) total += longest(c.name, c.name_localizations) + String(c.value).length;
      }
      expect(total).toBeLessThanOrEqual(8000);
    },
  );
});
