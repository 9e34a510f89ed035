export { MAX_CHIPS, OPTION_SPECS, type OptionGroup, type OptionSpec, optionSpec } from './option-specs.ts';
export {
  BASE_OPTIONS,
  changedOptions,
  type DeadlyRule,
  defaultOptions,
  type Match,
  OPTION_NAMES,
  type Options,
  parseOptions,
} from './options.ts';
export { RuleError } from './rule-error.ts';
export {
  type BoardPosition,
  cardsPerPlayer,
  faceDownPositions,
  getVariant,
  type HandSpec,
  listVariants,
  maxPlayersFor,
  type Step,
  stepsFor,
  type Variant,
  type VariantId,
} from './variants.ts';
