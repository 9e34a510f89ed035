import type { Variant } from './types.ts';
import { listVariants } from './variants.ts';

/**
 * Finding a variant from what a player types: its id, its name, or a name players use
 * for it ("357", "ic", "ttt"). Feeds Discord's autocomplete, so the catalogue can grow
 * past the 25 fixed choices a slash command option may have.
 */

/** What players call the variants besides their names. */
const ALIASES: Record<string, readonly string[]> = {
  'two-card': ['2', '2 card'],
  'three-card': ['3', '3 card', 'guts'],
  'one-card': ['1', '1 card', 'high card'],
  indian: ['forehead', 'blind man'],
  'iron-cross': ['ic', 'cross'],
  'iron-cross-five': ['ic5', 'cross 5'],
  'tic-tac-toe': ['ttt', 'tic tac toe'],
  'two-plus-one': ['2+1', '2 1'],
  'four-two-two': ['422', '4-2-2'],
  'four-two-three': ['423', '4-2-3'],
  'three-five-seven': ['357', '3-5-7'],
  'six-seven-eight': ['678', '6-7-8'],
  'deadly-69s': ['69', '69s', 'deadly'],
  'four-card-draw': ['4 card draw', 'draw 4'],
  'five-card-draw': ['5 card draw', 'draw 5', 'draw'],
  'two-more-inches': ['2 more inches', 'inches'],
};

/** Lower case, words separated by single spaces: "Tic-Tac Toe" and "tic tac toe" are the same. */
const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim();

const namesOf = (v: Variant) => [v.id, v.name, ...(ALIASES[v.id] ?? [])].map(normal);

/** How well a variant matches: 0 exact, 1 a name starts with it, 2 contains it, 3 every word found; null none. */
function score(v: Variant, query: string): number | null {
  const names = namesOf(v);
  if (names.includes(query)) return 0;
  if (names.some((n) => n.startsWith(query))) return 1;
  if (names.some((n) => n.includes(query))) return 2;
  const words = query.split(' ');
  if (names.some((n) => words.every((w) => n.includes(w)))) return 3;
  return null;
}

/** Playable variants matching `query`, best first, as Discord autocomplete choices (at most `limit`). */
export function findVariants(query: string, limit = 25): { name: string; value: string }[] {
  const q = normal(query);
  const playable = listVariants().filter((v) => v.available);
  const ranked = playable
    .map((v, order) => ({ v, order, score: q ? score(v, q) : 0 }))
    .filter((r): r is { v: Variant; order: number; score: number } => r.score !== null)
    .sort((a, b) => a.score - b.score || a.order - b.order);
  return ranked.slice(0, limit).map(({ v }) => ({ name: v.name.slice(0, 100), value: v.id }));
}

/** The variant a player means: an exact id, name or alias; else the only match; else null. */
export function resolveVariant(text: string): string | null {
  const q = normal(text);
  const exact = listVariants().find((v) => v.available && namesOf(v).includes(q));
  if (exact) return exact.id;
  const found = findVariants(text, 2);
  return found.length === 1 ? (found[0] as { value: string }).value : null;
}
