import { Locale } from 'discord-api-types/v10';
import i18next, { type TOptions } from 'i18next';
import { bg } from './bg.ts';
import { cs } from './cs.ts';
import { da } from './da.ts';
import { de } from './de.ts';
import { el } from './el.ts';
import { en } from './en.ts';
import { es419 } from './es-419.ts';
import { esES } from './es-ES.ts';
import { fi } from './fi.ts';
import { fr } from './fr.ts';
import { hi } from './hi.ts';
import { hr } from './hr.ts';
import { hu } from './hu.ts';
import { id } from './id.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { lt } from './lt.ts';
import { nl } from './nl.ts';
import { no } from './no.ts';
import { pl } from './pl.ts';
import { ptBR } from './pt-BR.ts';
import type { Resource } from './resource.ts';
import { ro } from './ro.ts';
import { ru } from './ru.ts';
import { svSE } from './sv-SE.ts';
import { th } from './th.ts';
import { tr } from './tr.ts';
import { uk } from './uk.ts';
import { vi } from './vi.ts';
import { zhCN } from './zh-CN.ts';
import { zhTW } from './zh-TW.ts';

/**
 * Every language a player reads: Discord's locales (the `Locale` list Discord sends on
 * interactions). en-US is the source; the others translate it. A locale without its own
 * catalogue, or a key a catalogue lacks, reads English.
 */
export type { Resource } from './resource.ts';
export const LOCALES: readonly string[] = Object.values(Locale);
export const SOURCE_LOCALE = 'en-US';

/** The catalogues written in full: a test checks each has every key of the source. */
export const CATALOGUES: Readonly<Record<string, Resource>> = {
  'en-US': en,
  'en-GB': en,
  de,
  fr,
  'es-ES': esES,
  ja,
  'pt-BR': ptBR,
  // Translated after pt-BR: it, nl, pl, ru, uk, tr, ko, zh-CN, zh-TW, sv-SE, da, no.
  it,
  nl,
  pl,
  ru,
  uk,
  tr,
  ko,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'sv-SE': svSE,
  da,
  no,
  // The second group of translations.
  'es-419': es419,
  id,
  hr,
  lt,
  hu,
  ro,
  fi,
  vi,
  cs,
  el,
  bg,
  hi,
  th,
};

/** The languages a host may give a table: the complete catalogues (en-GB reads as en-US). */
export const TABLE_LANGUAGES: readonly string[] = Object.keys(CATALOGUES).filter((l) => l !== 'en-GB');

/** One i18next instance for the process, loaded at import (synchronous: the resources are in the bundle). */
const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(Object.entries(CATALOGUES).map(([lng, cat]) => [lng, { translation: cat }])),
  lng: SOURCE_LOCALE,
  fallbackLng: SOURCE_LOCALE,
  supportedLngs: LOCALES,
  load: 'currentOnly',
  // Messages are Discord markdown, not HTML: names are escaped by the views.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A locale Discord sent, or the source when it sent none (or one Discord does not list). */
export const localeOf = (locale: string | null | undefined): string =>
  locale && LOCALES.includes(locale) ? locale : SOURCE_LOCALE;

/** The text of `key` in `locale`, with its values put in (and its plural chosen by `count`). */
export function t(locale: string, key: string, vars: TOptions = {}): string {
  return instance.t(key, { ...vars, lng: localeOf(locale) }) as string;
}

/** Whether the source catalogue names `key` (a plural or context form counts). */
export function has(key: string): boolean {
  return instance.exists(key, { lng: SOURCE_LOCALE });
}

/** `t`, with a `variant` value given as a variant's id ("iron-cross") named as `locale` names it. */
export function tell(locale: string, key: string, vars: Readonly<Record<string, unknown>> = {}): string {
  const variant = vars.variant;
  const named = typeof variant === 'string' && has(`variant.${variant}.name`);
  return t(locale, key, named ? { ...vars, variant: t(locale, `variant.${variant}.name`) } : { ...vars });
}

const formats = new Map<string, Intl.NumberFormat>();
/** A number as `locale` writes it: "1,234" in en-US, "1.234" in de, "1 234" in fr. */
export function formatNumber(locale: string, n: number): string {
  const lng = localeOf(locale);
  let f = formats.get(lng);
  if (!f) formats.set(lng, (f = new Intl.NumberFormat(lng)));
  return f.format(n);
}

const lists = new Map<string, Intl.ListFormat>();
/** Items as `locale` lists them: "a, b and c", "a、b、c". */
export function listOf(locale: string, items: readonly string[]): string {
  const lng = localeOf(locale);
  let f = lists.get(lng);
  if (!f) lists.set(lng, (f = new Intl.ListFormat(lng, { style: 'long', type: 'conjunction' })));
  return f.format(items);
}

/** The text of `key` in every complete catalogue that says it differently from the source: Discord's `*_localizations`. */
export function translations(key: string): Partial<Record<Locale, string>> {
  const source = t(SOURCE_LOCALE, key);
  const out: Partial<Record<Locale, string>> = {};
  for (const lng of Object.keys(CATALOGUES)) {
    if (!instance.exists(key, { lng, fallbackLng: false })) continue;
    const text = t(lng, key);
    if (text !== source) out[lng as Locale] = text;
  }
  return out;
}
