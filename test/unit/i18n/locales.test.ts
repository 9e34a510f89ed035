import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES, type Resource, SOURCE_LOCALE } from '../../../src/i18n/index.ts';
import { flatten, PLURAL } from './flatten.ts';

/**
 * The catalogues as translators see them: locales/<locale>.json, i18next's layout (what
 * Weblate and Crowdin read). Each is checked against the source, en-US.json, as a file:
 * catalogue.test.ts checks them again as the bot loads them.
 */
const DIR = new URL('../../../locales/', import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const read = (lng: string) => JSON.parse(readFileSync(new URL(`${lng}.json`, DIR), 'utf8')) as Resource;

const source = flatten(read(SOURCE_LOCALE));
/** What a translator translates: each text, a plural's forms counted once (by its base key). */
const units = [...new Set([...source.keys()].map((k) => k.replace(PLURAL, '')))];
const plurals = new Set([...source.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));

/** The units `lng`'s file says: a text present and not empty, a plural in every form its language needs. */
function translated(lng: string): number {
  const own = flatten(read(lng));
  const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const says = (key: string) => Boolean(own.get(key));
  return units.filter((u) => (plurals.has(u) ? forms.every((f) => says(`${u}_${f}`)) : says(u))).length;
}

const coverage = new Map<string, number>();

describe('locales/*.json', () => {
  it('holds one file per catalogue the bot loads, each named for a Discord locale', () => {
    const named = FILES.map((f) => f.slice(0, -'.json'.length)).sort();
    expect(named).toEqual(LANGUAGES.filter((l) => l !== 'en-GB').sort()); // en-GB reads en-US.json
    for (const lng of named) expect(LOCALES).toContain(lng);
    expect(named).toHaveLength(31);
  });

  for (const file of FILES) {
    const lng = file.slice(0, -'.json'.length);
    it(`${lng}: translates every text of the source`, () => {
      coverage.set(lng, translated(lng));
      expect(coverage.get(lng)).toBe(units.length);
    });
  }

  // `npm test` says how complete each language is, for whoever adds or updates one.
  afterAll(() => {
    const lines = [...coverage].map(([lng, n]) => `i18n ${lng}: ${n}/${units.length} keys`);
    console.log(lines.join('\n'));
  });
});
