import type { Card } from '../cards/card.ts';
import type { EquityOptions } from './equity.ts';

/**
 * A key under which equal odds questions meet. Odds do not change when the suits are
 * renamed consistently (hearts for spades everywhere), nor with the order of the private
 * or dead cards, so the key is the smallest spelling over the 24 renamings: the 22,100
 * three-card hands fall into 1,755 classes, and a busy server asks each class again and
 * again. Exact wild cards (one-eyed jacks) tie suits down, so then only the order is
 * normalised. The result is a string for a Map; each spelling of the cards as asked is
 * remembered, so the 24 renamings are tried once per spelling.
 */
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

/**
 * In place, smallest first by `<` (for strings the order of the default sort). These
 * lists hold a few items and are spelled at every redraw of a private message, where
 * `Array.prototype.sort` allocated more than the rest of the key together.
 */
function sortSmall<T extends number | string>(items: T[]): T[] {
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as T;
    let j = i - 1;
    for (; j >= 0 && item < (items[j] as T); j--) items[j + 1] = items[j] as T;
    items[j + 1] = item;
  }
  return items;
}

/** The card with its suit renamed by `perm` (one of `PERMUTATIONS`). */
export const renameSuit = (c: Card, perm: readonly number[]): Card => (c & ~3) | (perm[c & 3] as number);

function spell(q: Question, perm: readonly number[]): string {
  const rename = (c: Card): Card => renameSuit(c, perm);
  const sorted = (cards: readonly Card[] | undefined) => sortSmall((cards ?? []).map(rename));
  const board = q.board ?? {};
  const cells = sortSmall(Object.keys(board)).map((pos) => `${pos}=${rename(board[pos] as Card)}`);
  return `${sorted(q.privateCards)}|${cells}|${sorted(q.dead)}`;
}

/**
 * Cards as asked (one spelling, and whether exact wild cards tie the suits down) to their
 * smallest spelling. The rest of the question (opponents, ranking, wilds) is left out of
 * this map's key, as the renaming never touches it: the three-card hands fit many times
 * over, whatever the number of opponents.
 */
const KNOWN = new Map<string, string>();
/** Three-card hands and their wild and dead cards: tens of thousands of spellings at most. */
const KNOWN_MAX = 50_000;

export function equityKey(q: Question): string {
  const { privateCards: _p, board: _b, dead: _d, ...rest } = q;
  const restText = JSON.stringify(rest);
  const suitsTied = Boolean(q.wild?.cards?.length);
  const asked = `${spell(q, IDENTITY)}|${suitsTied}`;
  let best = KNOWN.get(asked);
  if (best === undefined) {
    best = '';
    for (const perm of suitsTied ? [IDENTITY] : PERMUTATIONS) {
      const s = spell(q, perm);
      if (best === '' || s < best) best = s;
    }
    if (KNOWN.size >= KNOWN_MAX) KNOWN.clear();
    KNOWN.set(asked, best);
  }
  return `${best}|${restText}`;
}
