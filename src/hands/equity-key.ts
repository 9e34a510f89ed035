import type { Card } from '../cards/card.ts';
import type { EquityOptions } from './equity.ts';

/**
 * A key under which equal odds questions meet. Odds do not change when the suits are
 * renamed consistently (hearts for spades everywhere), nor with the order of the private
 * or dead cards, so the key is the smallest spelling over the 24 renamings: the 22,100
 * three-card hands fall into 1,755 classes, and a busy server asks each class again and
 * again. Exact wild cards (one-eyed jacks) tie suits down, so then only the order is
 * normalised. The result is a string for a Map; each spelling as asked is remembered,
 * so the 24 renamings are tried once per spelling.
 */
/** The 24 renamings of the four suits, the identity first. */
export const PERMUTATIONS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  const permute = (rest: number[], acc: number[]): void => {
    if (rest.length === 0) out.push(acc);
    rest.forEach((s, i) => {
      permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, s]);
    });
  };
  permute([0, 1, 2, 3], []);
  return out;
})();

const IDENTITY = PERMUTATIONS[0] as readonly number[];

type Question = Omit<EquityOptions, 'now' | 'budgetMs'>;

function spell(q: Question, perm: readonly number[]): string {
  const rename = (c: Card): Card => (c & ~3) | (perm[c & 3] as number);
  const sorted = (cards: readonly Card[] | undefined) => (cards ?? []).map(rename).sort((a, b) => a - b);
  const board = q.board ?? {};
  const cells = Object.keys(board)
    .sort()
    .map((pos) => `${pos}=${rename(board[pos] as Card)}`);
  return `${sorted(q.privateCards)}|${cells}|${sorted(q.dead)}`;
}

/** Questions as asked (one spelling) to their keys: most questions come again, renamed or not. */
const KNOWN = new Map<string, string>();
/** Three-card hands and their wild and dead cards: tens of thousands of spellings at most. */
const KNOWN_MAX = 50_000;

export function equityKey(q: Question): string {
  const { privateCards: _p, board: _b, dead: _d, ...rest } = q;
  const restText = JSON.stringify(rest);
  const asked = `${spell(q, IDENTITY)}|${restText}`;
  const known = KNOWN.get(asked);
  if (known !== undefined) return known;
  const perms = q.wild?.cards?.length ? [IDENTITY] : PERMUTATIONS;
  let best = '';
  for (const perm of perms) {
    const s = spell(q, perm);
    if (best === '' || s < best) best = s;
  }
  const key = `${best}|${restText}`;
  if (KNOWN.size >= KNOWN_MAX) KNOWN.clear();
  KNOWN.set(asked, key);
  return key;
}
