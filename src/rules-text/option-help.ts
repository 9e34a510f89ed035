import { formatNumber, SOURCE_LOCALE, t, textOf } from '../i18n/index.ts';
import { OPTION_SPECS, type OptionGroup, type OptionSpec } from '../rules/option-specs.ts';
import { BASE_OPTIONS } from '../rules/options.ts';
import type { Match } from '../rules/types.ts';

/**
 * Every table option explained for players: its name in words, what it does, the values
 * it takes and its default, and how to type it. `/guts help` (in the reader's language)
 * and the rule book (in English) both read it, from the option table itself; the words
 * are the message catalogue's (`option`, `choice`, `value`, `help`), whose English is
 * the option table's own (a test holds them equal).
 */

/** A group of options as players call it: "Money". */
export const groupTitle = (group: OptionGroup, locale: string = SOURCE_LOCALE): string =>
  t(locale, `form.group_${group}`);

/** What players call an option ("dropPenalty" → "Late-drop penalty"), and what it does, in `locale`. */
export const optionTitle = (name: string, locale: string = SOURCE_LOCALE): string =>
  textOf(locale, `option.${name}.title`, name);
export const optionAbout = (name: string, locale: string = SOURCE_LOCALE): string =>
  textOf(locale, `option.${name}.about`, `option.${name}.about`);

/** One of a choice option's values in words ("tied winners split the pot"). */
export const choiceLabel = (name: string, value: string, locale: string = SOURCE_LOCALE): string =>
  textOf(locale, `choice.${name}.${value}`, value);

/** What losers pay, in words: "match the pot", "burn 5", "10% of the pot". */
export function matchText(m: Match, locale: string = SOURCE_LOCALE): string {
  if (m.kind === 'pot') return t(locale, 'value.matchPot');
  if (m.kind === 'burn') return t(locale, 'value.burn', { amount: formatNumber(locale, m.amount) });
  return t(locale, 'value.percent', { percent: m.percent });
}

/** A value an option has, in words: "on", "none", "tied winners split the pot", "1,000". */
export function valueWords(spec: OptionSpec, value: unknown, locale: string = SOURCE_LOCALE): string {
  if (value === null || value === undefined) return t(locale, 'value.none');
  switch (spec.kind) {
    case 'boolean':
      return t(locale, value ? 'value.on' : 'value.off');
    case 'choice':
      return choiceLabel(spec.name, String(value), locale);
    case 'match':
      return matchText(value as Match, locale);
    case 'integer':
      return typeof value === 'number' ? formatNumber(locale, value) : String(value);
    case 'rank':
      return value === 'T' ? '10' : String(value);
  }
}

/** The values an option takes, in words. */
export function valuesText(spec: OptionSpec, locale: string = SOURCE_LOCALE): string {
  switch (spec.kind) {
    case 'integer': {
      const bounds = { min: formatNumber(locale, spec.min), max: formatNumber(locale, spec.max) };
      return t(locale, spec.nullable ? 'help.integerOrNone' : 'help.integer', bounds);
    }
    case 'choice':
      return spec.choices
        .map((c) => t(locale, 'help.choice', { value: c.value, label: choiceLabel(spec.name, c.value, locale) }))
        .join(', ');
    case 'boolean':
      return t(locale, 'help.boolean');
    case 'rank':
      return t(locale, 'help.rank');
    case 'match':
      return t(locale, 'help.match');
  }
}

/** An option's default (most variants'; a variant may set its own). */
export function defaultText(spec: OptionSpec, locale: string = SOURCE_LOCALE): string {
  const value = BASE_OPTIONS[spec.name];
  if (value === null) return t(locale, 'value.none');
  if (spec.kind === 'boolean') return t(locale, value ? 'value.on' : 'value.off');
  if (spec.kind === 'match') return matchText(value as Match, locale);
  return String(value);
}

/** "**Late-drop penalty** (`dropPenalty=`): Percent of the pot…. Takes …; default 0." */
export function optionHelpLine(spec: OptionSpec, locale: string = SOURCE_LOCALE): string {
  return t(locale, 'help.optionLine', {
    title: optionTitle(spec.name, locale),
    name: spec.name,
    about: optionAbout(spec.name, locale),
    values: valuesText(spec, locale),
    default: defaultText(spec, locale),
  });
}

/** The options of one group, in the order of the option table. */
export const optionsIn = (group: OptionGroup): OptionSpec[] => OPTION_SPECS.filter((s) => s.group === group);
