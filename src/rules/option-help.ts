import { OPTION_SPECS, type OptionGroup, type OptionSpec } from './option-specs.ts';
import { BASE_OPTIONS } from './options.ts';
import type { Match } from './types.ts';

/**
 * Every table option explained for players: its name in words, what it does, the values
 * it takes and its default, and how to type it. `/guts help` and the rule book both
 * read it, from the option table itself.
 */

export const GROUP_TITLES: Record<OptionGroup, string> = {
  money: 'Money',
  declaring: 'Declaring',
  extras: 'Extras',
};

const matchText = (m: Match): string =>
  m.kind === 'pot' ? 'match the pot' : m.kind === 'burn' ? `burn ${m.amount}` : `${m.percent}% of the pot`;

/** The values an option takes, in words. */
export function valuesText(spec: OptionSpec): string {
  switch (spec.kind) {
    case 'integer':
      return `a whole number from ${spec.min.toLocaleString('en-US')} to ${spec.max.toLocaleString('en-US')}${spec.nullable ? ', or none' : ''}`;
    case 'choice':
      return spec.choices.map((c) => `${c.value} (${c.label})`).join(', ');
    case 'boolean':
      return 'on or off';
    case 'rank':
      return 'a rank, 2 to A, or none';
    case 'match':
      return 'pot (match the pot), burn:N (pay N chips), percent:N (pay N% of the pot)';
  }
}

/** An option's default (most variants'; a variant may set its own). */
export function defaultText(spec: OptionSpec): string {
  const value = BASE_OPTIONS[spec.name];
  if (value === null) return 'none';
  if (spec.kind === 'boolean') return value ? 'on' : 'off';
  if (spec.kind === 'match') return matchText(value as Match);
  return String(value);
}

/** "**Late-drop penalty** (`dropPenalty=`): Percent of the pot…. Takes …; default 0." */
export function optionHelpLine(spec: OptionSpec): string {
  return `**${spec.title}** (\`${spec.name}=\`): ${spec.about}. Takes ${valuesText(spec)}; default ${defaultText(spec)}.`;
}

/** The options of one group, in the order of the option table. */
export const optionsIn = (group: OptionGroup): OptionSpec[] => OPTION_SPECS.filter((s) => s.group === group);
