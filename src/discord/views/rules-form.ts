import {
  type APILabelComponent,
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  TextInputStyle,
} from 'discord.js';
import { RANK_CHARS } from '../../cards/card.ts';
import { languageName, SOURCE_LOCALE, TABLE_LANGUAGES, t } from '../../i18n/index.ts';
import {
  getVariant,
  OPTION_SPECS,
  type OptionGroup,
  type OptionSpec,
  type Options,
  optionSpec,
} from '../../rules/index.ts';
import { choiceLabel, groupTitle, optionAbout, optionTitle } from '../../rules-text/option-help.ts';
import { encodeButtonId } from '../custom-id.ts';
import { type ButtonTarget, buttonRow } from './buttons.ts';
import { variantName } from './format.ts';
import { optionsLine } from './lobby.ts';

/**
 * The host's rules form, built from the rule book's option table (OPTION_SPECS), never
 * by hand per option. A Discord modal holds at most 5 fields, so a variant's options are
 * laid out in pages by group (money, declaring, extras): each option that takes a value
 * is a field of its own, and a group's on/off options share one checkbox group. A
 * variant's form shows only the options it plays with.
 */

/** Discord's limit on a modal's top-level components. */
const FIELDS_PER_MODAL = 5;
const GROUPS: readonly OptionGroup[] = ['money', 'declaring', 'extras'];
/** The custom id of the table-language menu, on a page of its own. */
export const LANGUAGE = 'language';
/** The custom id of the checkbox group that holds a page's on/off options. */
export const SWITCHES = 'switches';

export type RulesField =
  | { kind: 'value'; spec: OptionSpec }
  | { kind: 'switches'; specs: OptionSpec[] }
  /** The language the table's messages are written in (not a rule of the game: the table keeps it). */
  | { kind: 'language' };

export interface RulesPage {
  /** In custom ids: `money-1`. */
  key: string;
  /** The modal's title: "Money (1 of 3)". */
  title: string;
  /** The menu button that opens it, naming what it holds: "Money: ante, cap, cap style". */
  label: string;
  fields: RulesField[];
}

/** The text input beside the match radio group: the burn amount or the percent. */
export const MATCH_AMOUNT = 'match-amount';

/** Fields a field takes in a modal: the match rule is a choice and an amount. */
const width = (f: RulesField) => (f.kind === 'value' && f.spec.kind === 'match' ? 2 : 1);

/** Discord's limit on a button's label. */
const LABEL_MAX = 80;

function pageLabel(title: string, fields: readonly RulesField[], locale: string): string {
  const names = fields.map((f) =>
    f.kind === 'value' ? optionLabel(f.spec.name, locale).toLocaleLowerCase(locale) : t(locale, 'form.switchesName'),
  );
  const label = `${title}: ${names.join(', ')}`;
  return label.length <= LABEL_MAX ? label : `${label.slice(0, LABEL_MAX - 1)}…`;
}

/** What players call an option ("dropPenalty" → "Late-drop penalty"), in `locale`. */
export function optionLabel(name: string, locale: string = SOURCE_LOCALE): string {
  return optionSpec(name) ? optionTitle(name, locale) : name;
}

/** The choices a variant offers for an option (its own all-drop rules only). */
function choicesFor(variantId: string, spec: OptionSpec & { kind: 'choice' }) {
  if (spec.name !== 'allDrop') return spec.choices;
  const allowed: readonly string[] = getVariant(variantId).allDropRules;
  return spec.choices.filter((c) => allowed.includes(c.value));
}

/** The form's pages for a variant, in `locale`: the rules by group, then the table's language. */
export function rulesPages(variantId: string, locale: string = SOURCE_LOCALE): RulesPage[] {
  const variant = getVariant(variantId);
  const applies = (spec: OptionSpec) =>
    !variant.inapplicable.includes(spec.name) && (spec.kind !== 'choice' || choicesFor(variantId, spec).length > 1);
  const pages: RulesPage[] = [];
  for (const group of GROUPS) {
    const title = groupTitle(group, locale);
    const specs = OPTION_SPECS.filter((spec) => spec.group === group && applies(spec));
    const switches = specs.filter((spec) => spec.kind === 'boolean');
    const fields: RulesField[] = specs
      .filter((spec) => spec.kind !== 'boolean')
      .map((spec) => ({ kind: 'value', spec }));
    if (switches.length > 0) fields.push({ kind: 'switches', specs: switches });
    // Pages of at most FIELDS_PER_MODAL fields, a field never split across two.
    const chunks: RulesField[][] = [];
    for (const f of fields) {
      const last = chunks.at(-1);
      if (last && last.reduce((n, g) => n + width(g), 0) + width(f) <= FIELDS_PER_MODAL) last.push(f);
      else chunks.push([f]);
    }
    chunks.forEach((chunk, n) => {
      const numbered =
        chunks.length > 1 ? t(locale, 'form.page', { group: title, n: n + 1, total: chunks.length }) : title;
      pages.push({ key: `${group}-${n + 1}`, title: numbered, label: pageLabel(title, chunk, locale), fields: chunk });
    });
  }
  const language = t(locale, 'form.languageLabel');
  pages.push({ key: LANGUAGE, title: language, label: language, fields: [{ kind: 'language' }] });
  return pages;
}

/** An option's value as the typed form writes it: `50`, `burn:5`, `none`. */
export function valueText(spec: OptionSpec, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (spec.kind !== 'match') return String(value);
  const match = value as Options['match'];
  return match.kind === 'pot' ? 'pot' : match.kind === 'burn' ? `burn:${match.amount}` : `percent:${match.percent}`;
}

const MATCH_KINDS = [
  { value: 'pot', key: 'form.matchPot' },
  { value: 'burn', key: 'form.matchBurn' },
  { value: 'percent', key: 'form.matchPercent' },
] as const;

/** The match rule: a choice of pot, burn or percent, and the amount or percent beside it. */
function matchFields(spec: OptionSpec, value: unknown, locale: string): APILabelComponent[] {
  const match = (value ?? { kind: 'pot' }) as Options['match'];
  const amount = match.kind === 'burn' ? match.amount : match.kind === 'percent' ? match.percent : null;
  return [
    {
      type: ComponentType.Label,
      label: optionLabel(spec.name, locale),
      description: optionAbout(spec.name, locale),
      component: {
        type: ComponentType.RadioGroup,
        custom_id: spec.name,
        options: MATCH_KINDS.map((k) => ({
          value: k.value,
          label: t(locale, k.key),
          ...(k.value === match.kind ? { default: true } : {}),
        })),
      },
    },
    {
      type: ComponentType.Label,
      label: t(locale, 'form.amountLabel'),
      description: t(locale, 'form.amountHint'),
      component: {
        type: ComponentType.TextInput,
        custom_id: MATCH_AMOUNT,
        style: TextInputStyle.Short,
        required: false,
        max_length: 10,
        placeholder: t(locale, 'form.amountExample'),
        ...(amount !== null ? { value: String(amount) } : {}),
      },
    },
  ];
}

function field(variantId: string, spec: OptionSpec, value: unknown, locale: string): APILabelComponent {
  const label = {
    type: ComponentType.Label as const,
    label: optionLabel(spec.name, locale),
    description: optionAbout(spec.name, locale),
  };
  const custom_id = spec.name;
  switch (spec.kind) {
    case 'match':
      throw new RangeError('the match rule takes two fields (matchFields)');
    case 'integer': {
      const text = valueText(spec, value);
      const nullable = spec.nullable === true;
      return {
        ...label,
        component: {
          type: ComponentType.TextInput,
          custom_id,
          style: TextInputStyle.Short,
          required: !nullable,
          max_length: 20,
          ...(text ? { value: text } : {}),
          ...(nullable ? { placeholder: t(locale, 'value.none') } : {}),
        },
      };
    }
    case 'choice':
      return {
        ...label,
        component: {
          type: ComponentType.RadioGroup,
          custom_id,
          options: choicesFor(variantId, spec).map((c) => ({
            value: c.value,
            label: choiceLabel(spec.name, c.value, locale),
            ...(c.value === value ? { default: true } : {}),
          })),
        },
      };
    case 'rank':
      return {
        ...label,
        component: {
          type: ComponentType.StringSelect,
          custom_id,
          options: ['none', ...RANK_CHARS].map((rank) => ({
            value: rank,
            label: rank === 'none' ? t(locale, 'value.none') : rank === 'T' ? '10' : rank,
            ...((value ?? 'none') === rank ? { default: true } : {}),
          })),
        },
      };
    case 'boolean':
      throw new RangeError(`${spec.name} is one of a page's switches`);
  }
}

function switchesField(specs: OptionSpec[], options: Options, locale: string): APILabelComponent {
  const values = options as unknown as Record<string, unknown>;
  return {
    type: ComponentType.Label,
    label: t(locale, 'form.switchesLabel'),
    description: t(locale, 'form.switchesHint'),
    component: {
      type: ComponentType.CheckboxGroup,
      custom_id: SWITCHES,
      required: false,
      min_values: 0,
      max_values: specs.length,
      options: specs.map((spec) => ({
        value: spec.name,
        label: optionLabel(spec.name, locale),
        description: optionAbout(spec.name, locale),
        ...(values[spec.name] === true ? { default: true } : {}),
      })),
    },
  };
}

/** Discord's most options in one select menu. */
const SELECT_OPTIONS_MAX = 25;

/** The select of each group of languages: `language`, then `language-2`, `language-3`… */
export const languageSelectId = (group: number): string => (group === 0 ? LANGUAGE : `${LANGUAGE}-${group + 1}`);

/**
 * The table's language: each by its own name, so a reader finds theirs whatever the form
 * speaks. More languages than a select may offer go in as many selects as they need;
 * then none is required, and only the one holding the table's language has a default.
 */
function languageFields(tableLocale: string, locale: string): APILabelComponent[] {
  const groups: string[][] = [];
  for (let i = 0; i < TABLE_LANGUAGES.length; i += SELECT_OPTIONS_MAX)
    groups.push(TABLE_LANGUAGES.slice(i, i + SELECT_OPTIONS_MAX));
  const several = groups.length > 1;
  return groups.map((group, g) => ({
    type: ComponentType.Label,
    label: t(locale, 'form.languageLabel'),
    description: t(locale, 'form.languageHint'),
    component: {
      type: ComponentType.StringSelect,
      custom_id: languageSelectId(g),
      ...(several ? { required: false, min_values: 0 } : {}),
      options: group.map((lng) => ({
        value: lng,
        label: languageName(lng),
        ...(lng === tableLocale || (tableLocale === 'en-GB' && lng === SOURCE_LOCALE) ? { default: true } : {}),
      })),
    },
  }));
}

/** One page of the form as a modal, filled in with the table's options (and language), in `locale`. */
export function rulesModal(
  target: ButtonTarget,
  variantId: string,
  options: Options,
  page: RulesPage,
  locale: string = SOURCE_LOCALE,
  tableLocale: string = SOURCE_LOCALE,
): APIModalInteractionResponseCallbackData {
  const values = options as unknown as Record<string, unknown>;
  return {
    custom_id: encodeButtonId({
      tableId: String(target.tableId),
      dealNo: target.dealNo,
      action: 'rules',
      arg: page.key,
    }),
    title: t(locale, 'form.modalTitle', { page: page.title }),
    components: page.fields.flatMap((f) =>
      f.kind === 'language'
        ? languageFields(tableLocale, locale)
        : f.kind === 'switches'
          ? [switchesField(f.specs, options, locale)]
          : f.spec.kind === 'match'
            ? matchFields(f.spec, values[f.spec.name], locale)
            : [field(variantId, f.spec, values[f.spec.name], locale)],
    ),
  };
}

/** The host's private menu: the table's rules now, and a button per page of the form. */
export function rulesMenu(
  target: ButtonTarget,
  variantId: string,
  options: Options,
  locale: string = SOURCE_LOCALE,
  said?: string,
) {
  // One button per page, five to a row: the labels are long, so a phone shows them stacked.
  const pages = rulesPages(variantId, locale);
  const rows = [];
  for (let i = 0; i < pages.length; i += 5) {
    rows.push(
      buttonRow(
        target,
        pages.slice(i, i + 5).map((page) => ({ action: 'rules', label: page.label, arg: page.key })),
      ),
    );
  }
  const lines = [
    ...(said ? [said] : []),
    `**${variantName(variantId, locale)}**: ${optionsLine(variantId, options, locale)}`,
    t(locale, 'form.menuHint'),
  ];
  return { content: lines.join('\n'), embeds: [], components: rows.slice(0, 5) };
}
