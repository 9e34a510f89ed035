import { languageName, localeOf, TABLE_LANGUAGES } from '../i18n/index.ts';

/**
 * The table's language on `/guts start language:`, found by typing: Discord lets an option
 * list at most 25 choices, and there are more languages than that, so the option
 * autocompletes instead. A language is found by its own name ("Deutsch"), its name in
 * the typist's language ("ドイツ語", "German") or its code ("de").
 * https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-structure
 */

/** Discord's most choices in an option or an autocomplete answer. */
const MAX_CHOICES = 25;

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

const displayNames = new Map<string, Intl.DisplayNames>();
/** `lng` named in `inLocale`'s language ("German" in English), or undefined where the runtime has no name for it. */
function displayName(lng: string, inLocale: string): string | undefined {
  let names = displayNames.get(inLocale);
  if (!names) displayNames.set(inLocale, (names = new Intl.DisplayNames([inLocale], { type: 'language' })));
  return names.of(lng);
}

/** Every name a player may type for `lng`, folded. */
function namesOf(lng: string, typist: string): string[] {
  const names = [languageName(lng), displayName(lng, typist), displayName(lng, 'en'), lng];
  return names.filter((n): n is string => n !== undefined).map(fold);
}

/** The language's own name, and its name in the typist's language when that differs: "Deutsch (ドイツ語)". */
function label(lng: string, typist: string): string {
  const own = languageName(lng);
  const theirs = displayName(lng, typist);
  return theirs && fold(theirs) !== fold(own) ? `${own} (${theirs})` : own;
}

/** The table languages matching what the typist has typed, names that start with it first; the typist's own first when nothing is typed. */
export function languageChoices(typed: string, typistLocale: string): { name: string; value: string }[] {
  const typist = localeOf(typistLocale);
  const query = fold(typed);
  const rank = (lng: string): number => {
    const names = namesOf(lng, typist);
    if (query === '') return lng === typist ? 0 : 1;
    if (names.some((n) => n.startsWith(query))) return 0;
    return names.some((n) => n.includes(query)) ? 1 : -1;
  };
  return TABLE_LANGUAGES.map((lng) => ({ lng, rank: rank(lng) }))
    .filter((c) => c.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, MAX_CHOICES)
    .map(({ lng }) => ({ name: label(lng, typist), value: lng }));
}

/** The table language a player picked or typed in full (a code or a name), or undefined when none matches. */
export function tableLanguage(text: string, typistLocale: string): string | undefined {
  const typist = localeOf(typistLocale);
  const query = fold(text);
  return (
    TABLE_LANGUAGES.find((lng) => fold(lng) === query) ??
    TABLE_LANGUAGES.find((lng) => namesOf(lng, typist).includes(query))
  );
}
