import { Locale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { data } from '../../../commands/guts.ts';
import { languageChoices, tableLanguage } from '../../../src/discord/language-choices.ts';
import { languageName, loadAllLanguages, TABLE_LANGUAGES } from '../../../src/i18n/index.ts';

interface Option {
  name: string;
  autocomplete?: boolean;
  choices?: unknown[];
  options?: Option[];
}

describe("a table's language, found by typing", () => {
  it('is an autocomplete option, so any number of languages fits under Discord’s 25 choices', async () => {
    await loadAllLanguages(); // the command's localizations
    const start = (data.toJSON().options as Option[]).find((o) => o.name === 'start');
    const language = start?.options?.find((o) => o.name === 'language');
    expect(language?.autocomplete).toBe(true);
    expect(language?.choices ?? []).toEqual([]);
  });

  it('offers at most 25 languages, the typist’s own first when nothing is typed', () => {
    const offered = languageChoices('', Locale.Japanese);
    expect(offered.length).toBe(Math.min(25, TABLE_LANGUAGES.length));
    expect(offered[0]).toEqual({ name: '日本語', value: 'ja' });
  });

  it('finds every table language by its code, its own name and its name in the typist’s language', () => {
    for (const lng of TABLE_LANGUAGES) {
      expect(
        languageChoices(lng, Locale.EnglishUS).map((c) => c.value),
        lng,
      ).toContain(lng);
      expect(languageChoices(languageName(lng), Locale.German)[0]?.value, lng).toBe(lng);
      expect(tableLanguage(languageName(lng), Locale.French), lng).toBe(lng);
      expect(tableLanguage(lng.toUpperCase(), Locale.French), lng).toBe(lng);
    }
    // A Japanese client types German in Japanese; a French one in French, without its accent.
    expect(languageChoices('ドイツ', Locale.Japanese)[0]).toEqual({ name: 'Deutsch (ドイツ語)', value: 'de' });
    expect(tableLanguage('allemand', Locale.French)).toBe('de');
    expect(tableLanguage('Polish', Locale.Korean)).toBe('pl');
    expect(languageChoices('neerl', Locale.French)[0]?.value).toBe('nl');
  });

  it('offers nothing for text that names no language, and resolves nothing from it', () => {
    expect(languageChoices('klingon', Locale.EnglishUS)).toEqual([]);
    expect(tableLanguage('klingon', Locale.EnglishUS)).toBeUndefined();
    // Part of a name is a suggestion, not a choice.
    expect(tableLanguage('deut', Locale.EnglishUS)).toBeUndefined();
  });
});
