import { z } from 'zod';
import { RANK_CHARS } from '../cards/card.ts';
import { MAX_CHIPS, OPTION_SPECS, type OptionSpec } from '../rules/option-specs.ts';

/**
 * The host's rule changes as a page may send them (its Rules panel: a lobby's change, or
 * the next game's with Play again), checked at the edge with one zod schema built from the
 * rule book's option table (OPTION_SPECS): each option by its name, its kind and bounds,
 * no other key. A value out of bounds never reaches the table layer; what passes is
 * checked again there as the chat's form is (the engine's `setOptions`, `/guts start`'s
 * checks for Play again), with the variant's own limits.
 */

const match = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pot') }),
  z.strictObject({ kind: z.literal('burn'), amount: z.int().min(1).max(MAX_CHIPS) }),
  z.strictObject({ kind: z.literal('percent'), percent: z.int().min(1).max(100) }),
]);

function valueSchema(spec: OptionSpec): z.ZodType {
  switch (spec.kind) {
    case 'integer': {
      const n = z.int().min(spec.min).max(spec.max);
      return spec.nullable ? n.nullable() : n;
    }
    case 'choice':
      return z.enum(spec.choices.map((c) => c.value) as [string, ...string[]]);
    case 'boolean':
      return z.boolean();
    case 'rank':
      return z.enum(RANK_CHARS.split('') as [string, ...string[]]).nullable();
    case 'match':
      return match;
  }
}

/** Every option optional (only the changed ones are sent), none other allowed. */
export const optionChanges = z.strictObject(
  Object.fromEntries(OPTION_SPECS.map((spec) => [spec.name, valueSchema(spec).optional()])),
);

/** The changes a page asks for: option name → value, each within its spec's bounds. */
export type OptionChanges = Record<string, unknown>;
