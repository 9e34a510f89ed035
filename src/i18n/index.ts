import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Locale } from 'discord-api-types/v10';
import i18next, { type InitOptions, type i18n, type TOptions } from 'i18next';
import { keptFormat } from './kept-format.ts';
import type { TextKey } from './keys.ts';
import { LANGUAGE_NAMES } from './language-names.ts';
import type { Resource } from './resource.ts';
import { SaidTexts, valuesId } from './said.ts';

/**
 * Every language a player reads: Discord's locales (the `Locale` list Discord sends on
 * interactions). en-US is the source; the others translate it. A locale without its own
 * catalogue, or a key a catalogue lacks, reads English.
 */
export type { KeyUnder, TextKey } from './keys.ts';
export type { Resource } from './resource.ts';
export const LOCALES: readonly string[] = Object.values(Locale);
export const SOURCE_LOCALE = 'en-US';

/**
 * The catalogues written in full, one JSON file per Discord locale in `locales/` (what
 * Weblate and Crowdin read and write), each read the first time a message in its
 * language is needed: a process serving a few languages holds only those (all of them
 * cost ~6.5 MB). en-US, the source and every language's fallback, is read at import.
 */
const TRANSLATED = [
  'de',
  'fr',
  'es-ES',
  'ja',
  'pt-BR',
  'it',
  'nl',
  'pl',
  'ru',
  'uk',
  'tr',
  'ko',
  'zh-CN',
  'zh-TW',
  'sv-SE',
  'da',
  'no',
  'es-419',
  'id',
  'hr',
  'lt',
  'hu',
  'ro',
  'fi',
  'vi',
  'cs',
  'el',
  'bg',
  'hi',
  'th',
] as const;
const TRANSLATED_SET: ReadonlySet<string> = new Set(TRANSLATED);

/** The file of `lng`'s catalogue: `locales/` beside `src/`, in the sources and in the compiled build alike. */
const catalogueFile = (lng: string): URL => new URL(`../../locales/${lng}.json`, import.meta.url);
const readCatalogue = async (lng: string): Promise<Resource> =>
  JSON.parse(await readFile(catalogueFile(lng), 'utf8')) as Resource;
const en = JSON.parse(readFileSync(catalogueFile(SOURCE_LOCALE), 'utf8')) as Resource;

/** The languages with a catalogue of their own (en-GB reads the source's). A test checks each has every key of the source. */
export const LANGUAGES: readonly string[] = [SOURCE_LOCALE, 'en-GB', ...TRANSLATED];

/** The languages a host may give a table: the complete catalogues (en-GB reads as en-US). */
export const TABLE_LANGUAGES: readonly string[] = LANGUAGES.filter((l) => l !== 'en-GB');

/** How every instance reads its catalogues. */
const OPTIONS = {
  initAsync: false,
  lng: SOURCE_LOCALE,
  fallbackLng: SOURCE_LOCALE,
  supportedLngs: LOCALES,
  load: 'currentOnly',
  // Messages are Discord markdown, not HTML: names are escaped by the views.
  interpolation: { escapeValue: false },
  returnNull: false,
} as const satisfies InitOptions;

/** The catalogues as i18next takes them. */
const resourcesOf = (byLanguage: Readonly<Record<string, Resource>>) =>
  Object.fromEntries(Object.entries(byLanguage).map(([lng, catalogue]) => [lng, { translation: catalogue }]));

/** One i18next instance for what the process says, with the source loaded at import; `ensureLanguages` adds the others. */
const instance = i18next.createInstance();
void instance.init({ ...OPTIONS, resources: resourcesOf({ [SOURCE_LOCALE]: en, 'en-GB': en }) });

/** The languages whose catalogue is in `instance`, and those on their way. */
const loaded = new Set<string>([SOURCE_LOCALE, 'en-GB']);
const loading = new Map<string, Promise<void>>();
const ALL_LOADED = Promise.resolve();

function load(lng: string): Promise<void> {
  let done = loading.get(lng);
  if (done) return done;
  if (!TRANSLATED_SET.has(lng)) return ALL_LOADED; // a Discord locale without a catalogue reads English
  done = readCatalogue(lng).then(
    (catalogue) => {
      instance.addResourceBundle(lng, 'translation', catalogue);
      loaded.add(lng);
    },
    (err: unknown) => {
      // Its messages read English (counted by `t`); the next ask tries again.
      loading.delete(lng);
      process.emitWarning(`i18n: the "${lng}" catalogue did not load: ${String(err)}`);
    },
  );
  loading.set(lng, done);
  return done;
}

/**
 * Loads the catalogues of `locales` (Discord locales; null and unknown ones read English)
 * not loaded yet. `t` is synchronous: whatever is about to speak a language awaits this
 * first (an interaction's languages, a table's when it is loaded or its language changes).
 */
export function ensureLanguages(...locales: readonly (string | null | undefined)[]): Promise<void> {
  let pending: Promise<void>[] | undefined;
  for (const locale of locales) {
    if (!locale || loaded.has(locale) || !TRANSLATED_SET.has(locale)) continue;
    (pending ??= []).push(load(locale));
  }
  return pending ? Promise.all(pending).then(() => undefined) : ALL_LOADED;
}

/** The languages `t` speaks so far (tests: which ones a game needed). */
export const loadedLanguages = (): readonly string[] => [...loaded];

/**
 * Every catalogue, for what reads them all at once (command registration, tests), in an
 * instance of its own: `instance` keeps to the languages the process speaks, even where a
 * process registers commands and plays (the local Discord, tests).
 */
let everyLanguage: { catalogues: Readonly<Record<string, Resource>>; i18n: i18n } | undefined;
let loadingAll: Promise<void> | undefined;

/** Every catalogue loaded for `translations` and `catalogues` (command registration, tests). */
export function loadAllLanguages(): Promise<void> {
  loadingAll ??= Promise.all(TRANSLATED.map(async (lng) => [lng, await readCatalogue(lng)] as const)).then(
    (loadedCatalogues) => {
      const catalogues = { [SOURCE_LOCALE]: en, 'en-GB': en, ...Object.fromEntries(loadedCatalogues) };
      const all = i18next.createInstance();
      void all.init({ ...OPTIONS, resources: resourcesOf(catalogues) });
      everyLanguage = { catalogues, i18n: all };
    },
  );
  return loadingAll;
}

/** Every catalogue by language, each also spoken by `t` (tests that check every language). */
export async function catalogues(): Promise<Readonly<Record<string, Resource>>> {
  await Promise.all([loadAllLanguages(), ensureLanguages(...LANGUAGES)]);
  return (everyLanguage as NonNullable<typeof everyLanguage>).catalogues;
}

/** Reads of a language not loaded yet, by language: each answered in English (see `t`). */
const unloadedReads = new Map<string, number>();
export const readsBeforeLoading = (): ReadonlyMap<string, number> => unloadedReads;

/**
 * A message asked in a language whose catalogue is not loaded: a path that speaks without
 * awaiting `ensureLanguages` first. It reads English rather than fail, is counted, warned
 * about once per language, and its catalogue loaded for next time.
 */
function readBeforeLoading(lng: string): void {
  const reads = (unloadedReads.get(lng) ?? 0) + 1;
  unloadedReads.set(lng, reads);
  if (reads > 1) return;
  process.emitWarning(`i18n: "${lng}" read before its catalogue was loaded; answered in English`);
  void load(lng);
}

/** A locale Discord sent, or the source when it sent none (or one Discord does not list). */
const KNOWN_LOCALES: ReadonlySet<string> = new Set(LOCALES);
export const localeOf = (locale: string | null | undefined): string =>
  locale && KNOWN_LOCALES.has(locale) ? locale : SOURCE_LOCALE;

/** Texts `t` put together already (see said.ts): a few thousand lines of a few hundred bytes at most. */
const said = new SaidTexts(4096);

/** The text of `key` in `locale`, with its values put in (and its plural chosen by `count`). */
export function t(locale: string, key: TextKey, vars: TOptions = {}): string {
  const lng = localeOf(locale);
  const name: string = key; // as i18next's t() takes it (see `translations`)
  if (!loaded.has(lng)) {
    if (TRANSLATED_SET.has(lng)) readBeforeLoading(lng);
    return instance.t(name, { ...vars, lng }) as string; // English for now: not worth keeping
  }
  const values = valuesId(vars);
  const known = values === undefined ? undefined : said.get(lng, name, values);
  if (known !== undefined) return known;
  const text = instance.t(name, { ...vars, lng }) as string;
  if (values !== undefined) said.set(lng, name, values, text);
  return text;
}

/** A table language's name for itself ("Deutsch"), without loading its catalogue. */
export const languageName = (lng: string): string => LANGUAGE_NAMES[lng] ?? t(lng, 'language');

/** Whether the source catalogue names `key` (a plural or context form counts). */
const named = new Set<string>(); // only keys found: their number is the catalogue's
export function has(key: string): key is TextKey {
  if (named.has(key)) return true;
  const found = instance.exists(key, { lng: SOURCE_LOCALE });
  if (found) named.add(key);
  return found;
}

/**
 * The text of a key put together from data (a variant's id, an option's name), which the type
 * check cannot see: `otherwise` when the source catalogue lacks it.
 */
export const textOf = (locale: string, key: string, otherwise: string, vars?: TOptions): string =>
  has(key) ? t(locale, key, vars) : otherwise;

/** `t`, with a `variant` value given as a variant's id ("iron-cross") named as `locale` names it. */
export function tell(locale: string, key: TextKey, vars: Readonly<Record<string, unknown>> = {}): string {
  const variant = vars.variant;
  const name = typeof variant === 'string' ? `variant.${variant}.name` : '';
  return t(locale, key, has(name) ? { ...vars, variant: t(locale, name) } : { ...vars });
}

/** Each language's number format, with the numbers it wrote (at most NUMBERS_KEPT a language). */
const formats = new Map<string, (n: number) => string>();
const NUMBERS_KEPT = 2_000;

/** A number as `locale` writes it: "1,234" in en-US, "1.234" in de, "1 234" in fr. */
export function formatNumber(locale: string, n: number): string {
  const lng = localeOf(locale);
  let format = formats.get(lng);
  if (!format) formats.set(lng, (format = keptFormat(new Intl.NumberFormat(lng), NUMBERS_KEPT)));
  return format(n);
}

const lists = new Map<string, Intl.ListFormat>();
/** Items as `locale` lists them: "a, b and c", "a、b、c". */
export function listOf(locale: string, items: readonly string[]): string {
  const lng = localeOf(locale);
  let f = lists.get(lng);
  if (!f) lists.set(lng, (f = new Intl.ListFormat(lng, { style: 'long', type: 'conjunction' })));
  return f.format(items);
}

/**
 * The text of `key` in every complete catalogue that says it differently from the source:
 * Discord's `*_localizations`. Only after `loadAllLanguages()`: a missing catalogue would
 * silently drop its language from the command's localizations.
 */
export function translations(key: TextKey): Partial<Record<Locale, string>> {
  if (!everyLanguage) throw new Error('translations() reads every catalogue: await loadAllLanguages() first');
  const all = everyLanguage.i18n;
  const name: string = key; // as i18next's t() takes it: checking TextKey against its key types costs tsc ~40 s
  const source = all.t(name, { lng: SOURCE_LOCALE });
  const out: Partial<Record<Locale, string>> = {};
  for (const lng of LANGUAGES) {
    if (!all.exists(name, { lng, fallbackLng: false })) continue;
    const text = all.t(name, { lng });
    if (text !== source) out[lng as Locale] = text;
  }
  return out;
}
