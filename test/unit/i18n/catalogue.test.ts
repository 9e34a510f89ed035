import { Locale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import {
  catalogues,
  formatNumber,
  LOCALES,
  languageName,
  type Resource,
  SOURCE_LOCALE,
  t,
  textOf,
} from '../../../src/i18n/index.ts';
import { listVariants, OPTION_SPECS } from '../../../src/rules/index.ts';
import { asTableNotes } from '../../../src/table/table-notes.ts';
import { flatten, PLURAL } from './flatten.ts';

/** Every catalogue, each language loaded (the bot loads them one by one, as players need them). */
const CATALOGUES = await catalogues();

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const source = flatten(CATALOGUES[SOURCE_LOCALE] as Resource);
/** Keys as a translator sees them: plural forms folded into their base key. */
const bases = new Set([...source.keys()].map((k) => k.replace(PLURAL, '')));
const pluralBases = new Set([...source.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));

describe('the message catalogue', () => {
  it("speaks Discord's locales, all of them", () => {
    expect([...LOCALES].sort()).toEqual(Object.values(Locale).sort());
    for (const lng of Object.keys(CATALOGUES)) expect(LOCALES).toContain(lng);
  });

  for (const [lng, catalogue] of Object.entries(CATALOGUES)) {
    describe(lng, () => {
      const keys = flatten(catalogue);
      const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;

      it('names itself as the language pickers name it', () => {
        if (lng !== 'en-GB') expect(languageName(lng)).toBe(catalogue.language);
      });

      it('has every key of the source, and no key the source lacks', () => {
        const missing = [...bases].filter((b) => !pluralBases.has(b) && !keys.has(b));
        const extra = [...keys.keys()].filter((k) => !bases.has(k.replace(PLURAL, '')));
        expect(missing).toEqual([]);
        expect(extra).toEqual([]);
      });

      it("has every plural form the language's rules choose between", () => {
        const missing = [...pluralBases].flatMap((b) =>
          categories.filter((c) => !keys.has(`${b}_${c}`)).map((c) => `${b}_${c}`),
        );
        expect(missing).toEqual([]);
      });

      it("has no plural form the language's rules never choose (a translator's text nobody would read)", () => {
        const unread = [...keys.keys()].filter((k) => {
          const form = PLURAL.exec(k)?.[1];
          return (
            form !== undefined &&
            pluralBases.has(k.replace(PLURAL, '')) &&
            !categories.includes(form as Intl.LDMLPluralRule)
          );
        });
        expect(unread).toEqual([]);
      });

      it('puts in the same values as the source', () => {
        for (const [key, text] of keys) {
          const base = key.replace(PLURAL, '');
          const original = source.get(key) ?? source.get(`${base}_other`) ?? '';
          // A plural form may say its number in words ("l'autre main"): only its count may go.
          const said = (v: (string | undefined)[]) => (key === base ? v : v.filter((x) => x !== 'count'));
          expect(said(variables(text)), key).toEqual(said(variables(original)));
        }
      });
    });
  }

  it('falls back to English for a locale without a catalogue and for one Discord does not send', () => {
    for (const lng of LOCALES.filter((l) => !(l in CATALOGUES))) expect(t(lng, 'button.stay'), lng).toBe('Stay');
    expect(t('xx', 'button.stay')).toBe('Stay');
    expect(t(Locale.German, 'button.stay')).toBe('Bleiben');
    // A sentence chosen by the opponent (context) and by how many pay (plural).
    expect(t(Locale.German, 'result.beaten', { context: 'kitty', count: 2, names: 'A, B' })).toBe(
      'Der Kitty gewinnt: A, B zahlen.',
    );
    expect(t(Locale.EnglishUS, 'result.beaten', { context: 'deck', count: 1, names: 'A' })).toBe(
      'The deck wins: A pays.',
    );
  });

  it("counts chips by the language's plural rules and writes numbers its way", () => {
    expect(t(Locale.EnglishUS, 'chips', { count: 1 })).toBe('1 chip');
    expect(t(Locale.EnglishUS, 'chips', { count: 1234 })).toBe('1,234 chips');
    expect(t(Locale.German, 'chips', { count: 1234 })).toBe('1.234 Chips');
    expect(t(Locale.French, 'chips', { count: 1 })).toBe('1 jeton');
    expect(t(Locale.French, 'chips', { count: 1_000_000 })).toBe('1\u202f000\u202f000 de jetons');
    expect(t(Locale.Japanese, 'chips', { count: 1 })).toBe('1チップ');
    expect(formatNumber(Locale.PortugueseBR, 123_456_789)).toBe('123.456.789');
    expect(formatNumber(Locale.EnglishUS, 123_456_789)).toBe('123,456,789');
    // Written once and kept: the same again, and 0 and -0 told apart as Intl tells them.
    expect(formatNumber(Locale.EnglishUS, 123_456_789)).toBe('123,456,789');
    for (const n of [0, -0, 0, 1.5, -1234]) {
      expect(formatNumber(Locale.German, n)).toBe(new Intl.NumberFormat('de').format(n));
    }
  });
});

describe("a table's language kept with its messages", () => {
  it('reads back every Discord locale, and English for anything else', () => {
    for (const locale of LOCALES) expect(asTableNotes({ locale }).locale).toBe(locale);
    expect(asTableNotes({ locale: 'x"; drop' }).locale).toBe('en-US');
    expect(asTableNotes({}).locale).toBe('en-US');
  });
});

describe("the catalogue's English and the rule book's own words", () => {
  it('name every variant and option as the rule book does, so neither drifts', () => {
    for (const v of listVariants()) {
      expect(textOf(SOURCE_LOCALE, `variant.${v.id}.name`, ''), v.id).toBe(v.name);
      expect(textOf(SOURCE_LOCALE, `variant.${v.id}.summary`, ''), v.id).toBe(v.summary);
    }
    for (const spec of OPTION_SPECS) {
      expect(textOf(SOURCE_LOCALE, `option.${spec.name}.title`, ''), spec.name).toBe(spec.title);
      expect(textOf(SOURCE_LOCALE, `option.${spec.name}.about`, ''), spec.name).toBe(spec.about);
      if (spec.kind === 'choice') {
        for (const c of spec.choices) expect(textOf(SOURCE_LOCALE, `choice.${spec.name}.${c.value}`, '')).toBe(c.label);
      }
    }
  });
});
