import {
  type APILabelComponent,
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  TextInputStyle,
} from 'discord.js';
import { RANK_CHARS } from '../../cards/card.ts';
import {
  getVariant,
  OPTION_SPECS,
  type OptionGroup,
  type OptionSpec,
  type Options,
  optionSpec,
} from '../../rules/index.ts';
import { encodeButtonId } from '../custom-id.ts';
import { type ButtonTarget, buttonRow } from './buttons.ts';
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
const GROUPS: readonly { group: OptionGroup; title: string }[] = [
  { group: 'money', title: 'Money' },
  { group: 'declaring', title: 'Declaring' },
  { group: 'extras', title: 'Extras' },
];
/** The custom id of the checkbox group that holds a page's on/off options. */
export const SWITCHES = 'switches';

export type RulesField = { kind: 'value'; spec: OptionSpec } | { kind: 'switches'; specs: OptionSpec[] };

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

function pageLabel(title: string, fields: readonly RulesField[]): string {
  const names = fields.map((f) => (f.kind === 'value' ? optionLabel(f.spec.name).toLowerCase() : 'on/off rules'));
  const label = `${title}: ${names.join(', ')}`;
  return label.length <= LABEL_MAX ? label : `${label.slice(0, LABEL_MAX - 1)}…`;
}

/** What players call an option ("dropPenalty" → "Late-drop penalty"). */
export function optionLabel(name: string): string {
  return optionSpec(name)?.title ?? name;
}

/** The choices a variant offers for an option (its own all-drop rules only). */
function choicesFor(variantId: string, spec: OptionSpec & { kind: 'choice' }) {
  if (spec.name !== 'allDrop') return spec.choices;
  const allowed: readonly string[] = getVariant(variantId).allDropRules;
  return spec.choices.filter((c) => allowed.includes(c.value));
}

/** The form's pages for a variant. */
export function rulesPages(variantId: string): RulesPage[] {
  const variant = getVariant(variantId);
  const applies = (spec: OptionSpec) =>
    !variant.inapplicable.includes(spec.name) && (spec.kind !== 'choice' || choicesFor(variantId, spec).length > 1);
  const pages: RulesPage[] = [];
  for (const { group, title } of GROUPS) {
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
      const numbered = chunks.length > 1 ? `${title} (${n + 1} of ${chunks.length})` : title;
      pages.push({ key: `${group}-${n + 1}`, title: numbered, label: pageLabel(title, chunk), fields: chunk });
    });
  }
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
  { value: 'pot', label: 'Match the pot' },
  { value: 'burn', label: 'Pay a fixed amount (burn)' },
  { value: 'percent', label: 'Pay a percent of the pot' },
] as const;

/** The match rule: a choice of pot, burn or percent, and the amount or percent beside it. */
function matchFields(spec: OptionSpec, value: unknown): APILabelComponent[] {
  const match = (value ?? { kind: 'pot' }) as Options['match'];
  const amount = match.kind === 'burn' ? match.amount : match.kind === 'percent' ? match.percent : null;
  return [
    {
      type: ComponentType.Label,
      label: optionLabel(spec.name),
      description: spec.about,
      component: {
        type: ComponentType.RadioGroup,
        custom_id: spec.name,
        options: MATCH_KINDS.map((k) => ({ ...k, ...(k.value === match.kind ? { default: true } : {}) })),
      },
    },
    {
      type: ComponentType.Label,
      label: 'Burn amount or percent',
      description: 'Chips for a burn, or the percent of the pot; left empty to match the pot.',
      component: {
        type: ComponentType.TextInput,
        custom_id: MATCH_AMOUNT,
        style: TextInputStyle.Short,
        required: false,
        max_length: 10,
        placeholder: 'e.g. 5',
        ...(amount !== null ? { value: String(amount) } : {}),
      },
    },
  ];
}

function field(variantId: string, spec: OptionSpec, value: unknown): APILabelComponent {
  const label = { type: ComponentType.Label as const, label: optionLabel(spec.name), description: spec.about };
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
          ...(nullable ? { placeholder: 'none' } : {}),
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
            label: c.label,
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
            label: rank === 'T' ? '10' : rank,
            ...((value ?? 'none') === rank ? { default: true } : {}),
          })),
        },
      };
    case 'boolean':
      throw new RangeError(`${spec.name} is one of a page's switches`);
  }
}

function switchesField(specs: OptionSpec[], options: Options): APILabelComponent {
  const values = options as unknown as Record<string, unknown>;
  return {
    type: ComponentType.Label,
    label: 'On or off',
    description: 'Tick the rules to play with.',
    component: {
      type: ComponentType.CheckboxGroup,
      custom_id: SWITCHES,
      required: false,
      min_values: 0,
      max_values: specs.length,
      options: specs.map((spec) => ({
        value: spec.name,
        label: optionLabel(spec.name),
        description: spec.about,
        ...(values[spec.name] === true ? { default: true } : {}),
      })),
    },
  };
}

/** One page of the form as a modal, filled in with the table's options. */
export function rulesModal(
  target: ButtonTarget,
  variantId: string,
  options: Options,
  page: RulesPage,
): APIModalInteractionResponseCallbackData {
  const values = options as unknown as Record<string, unknown>;
  return {
    custom_id: encodeButtonId({
      tableId: String(target.tableId),
      dealNo: target.dealNo,
      action: 'rules',
      arg: page.key,
    }),
    title: `Rules: ${page.title}`,
    components: page.fields.flatMap((f) =>
      f.kind === 'switches'
        ? [switchesField(f.specs, options)]
        : f.spec.kind === 'match'
          ? matchFields(f.spec, values[f.spec.name])
          : [field(variantId, f.spec, values[f.spec.name])],
    ),
  };
}

/** The host's private menu: the table's rules now, and a button per page of the form. */
export function rulesMenu(target: ButtonTarget, variantId: string, options: Options, said?: string) {
  // One button per page, five to a row: the labels are long, so a phone shows them stacked.
  const pages = rulesPages(variantId);
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
    `**${getVariant(variantId).name}**: ${optionsLine(variantId, options)}`,
    'Pick what to change. Everyone sees the new rules on the table.',
  ];
  return { content: lines.join('\n'), embeds: [], components: rows.slice(0, 5) };
}
