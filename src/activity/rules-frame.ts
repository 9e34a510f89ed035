import type { GameState } from '../engine/index.ts';
import { OPTION_SPECS, type OptionGroup, type OptionSpec } from '../rules/option-specs.ts';
import { getVariant } from '../rules/variants.ts';
import { choiceLabel, groupTitle, optionAbout, optionTitle } from '../rules-text/option-help.ts';
import type { RuleFieldFrame, RulesFrame, RuleValue } from './frames.ts';

/**
 * The host's rules panel on the page, from the rule book's option table as the chat's
 * Rules form is built (discord/views/rules-form.ts): by group (money, declaring,
 * extras), the options that take a value first, then the on/off ones, each option only
 * where the variant plays with it, a choice only with the variant's own values. The
 * table's language is not here: it is the chat's messages' (the page speaks each
 * player's own).
 */

const GROUPS: readonly OptionGroup[] = ['money', 'declaring', 'extras'];

/** The choices a variant offers for an option (its own all-drop rules only). */
function choicesFor(variantId: string, spec: OptionSpec & { kind: 'choice' }) {
  if (spec.name !== 'allDrop') return spec.choices;
  const allowed: readonly string[] = getVariant(variantId).allDropRules;
  return spec.choices.filter((c) => allowed.includes(c.value));
}

function field(variantId: string, spec: OptionSpec, value: unknown, locale: string): RuleFieldFrame {
  const bounds = spec.kind === 'integer' ? { min: spec.min, max: spec.max } : { min: null, max: null };
  return {
    name: spec.name,
    kind: spec.kind,
    group: groupTitle(spec.group, locale),
    label: optionTitle(spec.name, locale),
    about: optionAbout(spec.name, locale),
    ...bounds,
    nullable: (spec.kind === 'integer' && spec.nullable === true) || spec.kind === 'rank',
    choices:
      spec.kind === 'choice'
        ? choicesFor(variantId, spec).map((c) => ({ value: c.value, label: choiceLabel(spec.name, c.value, locale) }))
        : [],
    value: (value ?? null) as RuleValue,
  };
}

/** The panel for `viewer`, in `locale`: only the host's, in the lobby and at game over. */
export function rulesFrame(state: GameState, viewer: string, locale: string): RulesFrame | null {
  if (viewer !== state.host || (state.phase !== 'lobby' && state.phase !== 'over')) return null;
  const variant = getVariant(state.variant);
  const applies = (spec: OptionSpec) =>
    !variant.inapplicable.includes(spec.name) && (spec.kind !== 'choice' || choicesFor(variant.id, spec).length > 1);
  const values = state.options as unknown as Record<string, unknown>;
  const fields = GROUPS.flatMap((group) => {
    const specs = OPTION_SPECS.filter((spec) => spec.group === group && applies(spec));
    return [...specs.filter((s) => s.kind !== 'boolean'), ...specs.filter((s) => s.kind === 'boolean')];
  }).map((spec) => field(variant.id, spec, values[spec.name], locale));
  return { for: state.phase === 'lobby' ? 'lobby' : 'next', fields };
}
