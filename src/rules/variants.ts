import { CATALOGUE } from './catalogue.ts';
import { RuleError } from './rule-error.ts';
import type { Options, Step, Variant, VariantId } from './types.ts';

export type { BoardPosition, HandSpec, Step, Variant, VariantId } from './types.ts';

const BY_ID = new Map(CATALOGUE.map((v) => [v.id, v]));

export function listVariants(): readonly Variant[] {
  return CATALOGUE;
}

export function getVariant(id: VariantId): Variant {
  const v = BY_ID.get(id);
  if (!v) throw new RuleError('unknown-variant', `unknown variant ${id}`, 'variant', { vars: { id: String(id) } });
  return v;
}

/** Cards one player can hold in a deal at most (for the deck limit of docs/RULES.md: Deals that cannot complete). */
export function cardsPerPlayer(variant: Variant): number {
  return variant.steps.reduce((n, s) => n + (s.kind === 'deal' ? s.count : s.kind === 'take' ? s.count : 0), 0);
}

/** The most players the deck can serve with these options; a kitty takes one seat's cards. */
export function maxPlayersFor(variant: Variant, options: Options): number {
  return options.kitty === 'off' ? variant.maxPlayers : variant.maxPlayers - 1;
}

/** The steps of a deal with these options: conditional steps resolved, pass and discard inserted. */
export function stepsFor(variant: Variant, options: Options): Step[] {
  const steps = variant.steps.filter((s) => !('if' in s) || s.if === undefined || options[s.if]);
  const firstDeclare = steps.findIndex((s) => s.kind === 'declare' || s.kind === 'take');
  const before: Step[] = [];
  if (options.pass !== 'none') before.push({ kind: 'pass' });
  if (options.discard > 0) before.push({ kind: 'discard', max: options.discard });
  steps.splice(firstDeclare, 0, ...before);
  return steps;
}

const faceDownOf = new WeakMap<Variant, ReadonlySet<string>>();

/** The board positions dealt face down (turned at the showdown): hidden from everyone until then. */
export function faceDownPositions(variant: Variant): ReadonlySet<string> {
  let positions = faceDownOf.get(variant);
  if (!positions)
    faceDownOf.set(variant, (positions = new Set(variant.board.filter((p) => !p.faceUp).map((p) => p.id))));
  return positions;
}
