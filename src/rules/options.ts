import { RANK_CHARS } from '../cards/card.ts';
import { MAX_CHIPS, OPTION_SPECS, type OptionSpec } from './option-specs.ts';
import { RuleError, type RuleSay } from './rule-error.ts';
import type { Options, VariantId } from './types.ts';
import { getVariant } from './variants.ts';

export type { DeadlyRule, Match, Options } from './types.ts';

export const BASE_OPTIONS: Readonly<Options> = {
  ante: 1,
  declare: 'simultaneous',
  timer: 30,
  cap: null,
  capStyle: 'reserve',
  match: { kind: 'pot' },
  progressiveBurn: false,
  ties: 'split',
  losers: 'all',
  allDrop: 'carry',
  wimpAmount: null,
  kitty: 'off',
  legs: null,
  compulsoryFirst: false,
  everybodyAntes: false,
  loserSkipsAnte: false,
  threeCardRanking: 'guts',
  pass: 'none',
  dropPenalty: 0,
  money: 'match',
  odds: true,
  discard: 0,
  deadly: '69s',
  secondDeclare: false,
  dropperAnte: false,
  loneVsDeck: false,
  deadlyRank: null,
};

type Check = (name: string, value: unknown) => unknown;

const bad = (name: string, what: string, said: RuleSay['what']): RuleError =>
  new RuleError('bad-option', `${name} must be ${what}`, name, { key: 'mustBe', vars: { name }, what: said });

function integer(min: number, max: number): Check {
  return (name, value) => {
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
      throw max === MAX_CHIPS
        ? bad(name, `an integer ≥ ${min}`, { key: 'integerAtLeast', vars: { min } })
        : bad(name, `${min}–${max}`, { key: 'integerRange', vars: { min, max } });
    }
    return value;
  };
}

const MATCH_FORMS = '{kind:"pot"}, {kind:"burn",amount} or {kind:"percent",percent}';
const MATCH_SAID = { key: 'oneOf', vars: { values: MATCH_FORMS } };

const match: Check = (name, value) => {
  const v = value as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null) throw bad(name, MATCH_FORMS, MATCH_SAID);
  const keys = Object.keys(v).sort().join(',');
  if (v.kind === 'pot' && keys === 'kind') return { kind: 'pot' };
  if (v.kind === 'burn' && keys === 'amount,kind') {
    return { kind: 'burn', amount: integer(1, MAX_CHIPS)(`${name}.amount`, v.amount) };
  }
  if (v.kind === 'percent' && keys === 'kind,percent') {
    return { kind: 'percent', percent: integer(1, 100)(`${name}.percent`, v.percent) };
  }
  throw bad(name, MATCH_FORMS, MATCH_SAID);
};

/** The check an option's spec calls for (option-specs.ts holds the bounds). */
function checkOf(spec: OptionSpec): Check {
  switch (spec.kind) {
    case 'integer': {
      const check = integer(spec.min, spec.max);
      return spec.nullable ? (name, value) => (value === null ? null : check(name, value)) : check;
    }
    case 'choice': {
      const values = spec.choices.map((c) => c.value);
      return (name, value) => {
        if (typeof value !== 'string' || !values.includes(value))
          throw bad(name, `one of ${values.join(', ')}`, { key: 'oneOf', vars: { values: values.join(', ') } });
        return value;
      };
    }
    case 'boolean':
      return (name, value) => {
        if (typeof value !== 'boolean') throw bad(name, 'true or false', { key: 'trueOrFalse' });
        return value;
      };
    case 'match':
      return match;
    case 'rank':
      return (name, value) => {
        if (value === null) return null;
        const rank = typeof value === 'string' ? value.toUpperCase().replace(/^10$/, 'T') : '';
        if (rank.length !== 1 || !RANK_CHARS.includes(rank))
          throw bad(name, 'a rank 2…A, or none', { key: 'rankOrNone' });
        return rank;
      };
  }
}

const CHECKS = new Map<string, Check>(OPTION_SPECS.map((spec) => [spec.name, checkOf(spec)]));

export const OPTION_NAMES: readonly (keyof Options)[] = OPTION_SPECS.map((spec) => spec.name);

/** The options a variant plays with when the table sets none (docs/RULES.md: Table options defaults per variant). */
export function defaultOptions(variantId: VariantId): Options {
  const variant = getVariant(variantId);
  return { ...BASE_OPTIONS, match: { kind: 'pot' }, ...variant.defaults };
}

/** The options of a table that differ from its variant's defaults: what a preset keeps, what a lobby names. */
export function changedOptions(variantId: VariantId, options: Options): Record<string, unknown> {
  const defaults = defaultOptions(variantId) as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(options).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(defaults[name])),
  );
}

/**
 * Full typed options from what a table or scenario gave, or a RuleError naming the
 * first bad option. Options a variant cannot use are refused rather than ignored,
 * so a table never believes a rule is on when it is not.
 */
export function parseOptions(variantId: VariantId, given: Record<string, unknown> | Partial<Options>): Options {
  const raw = given as Record<string, unknown>;
  const variant = getVariant(variantId);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new RuleError('bad-option', 'options must be an object', 'options');
  }
  const options = defaultOptions(variantId) as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(raw)) {
    const check = CHECKS.get(name);
    if (!check) throw new RuleError('unknown-option', `unknown option ${name}`, name, { vars: { name } });
    options[name] = check(name, value);
  }
  const parsed = options as unknown as Options;
  // `allDrop` defaults to "reante" when a kitty plays (docs/RULES.md: Table options), unless set explicitly.
  if (!('allDrop' in raw) && parsed.kitty !== 'off' && !('allDrop' in variant.defaults)) parsed.allDrop = 'reante';
  // Refused only when set to something else than the default, so a parsed set of
  // options parses again unchanged.
  const defaults = defaultOptions(variantId);
  for (const name of variant.inapplicable) {
    if (name in raw && JSON.stringify(parsed[name]) !== JSON.stringify(defaults[name])) {
      throw new RuleError('bad-option', `${name} does not apply to ${variant.id}`, name, {
        key: 'notForVariant',
        vars: { name, variant: variant.id },
      });
    }
  }
  if (parsed.loneVsDeck && parsed.kitty !== 'off') {
    throw new RuleError(
      'bad-option',
      'loneVsDeck needs kitty off: a lone stayer plays the deck or the kitty',
      'loneVsDeck',
      { key: 'loneVsDeckKitty' },
    );
  }
  if (!variant.allDropRules.includes(parsed.allDrop)) {
    throw new RuleError('bad-option', `allDrop ${parsed.allDrop} does not apply to ${variant.id}`, 'allDrop', {
      key: 'allDropNotForVariant',
      vars: { value: parsed.allDrop, variant: variant.id },
    });
  }
  if (parsed.discard > variant.handCards) {
    throw new RuleError('bad-option', `discard must be 0–${variant.handCards} for ${variant.id}`, 'discard', {
      key: 'discardRange',
      vars: { max: variant.handCards, variant: variant.id },
    });
  }
  return parsed;
}
