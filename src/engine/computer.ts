import { type Card, rankOf } from '../cards/card.ts';
import { Rng } from '../cards/rng.ts';
import { equityKey } from '../hands/equity-key.ts';
import { equity } from '../hands/index.ts';
import { faceDownPositions, getVariant } from '../rules/variants.ts';
import { clonePlain } from './clone.ts';
import { dealOf, makeCtx } from './context.ts';
import { lossAmount, percentHalfUp, winAmount } from './money.ts';
import { dropCost, handPreview, oddsQuestion } from './preview.ts';
import type { Action, ComputerLevel, GameState, PlayerId } from './types.ts';
import { awaiting } from './view.ts';

/**
 * Computer players: the move a computer seat makes now, worked out only from what that
 * seat may see (its own cards, face-up cards, the board, the pot, public choices), never
 * another player's hidden cards, the deck or the kitty. Pure: the same visible table
 * always gives the same move (its odds are sampled with a seed taken from what it sees).
 */

/**
 * How much better than even staying must look, as a share of the pot: a cautious player
 * wants an edge, a bold one stays on a little less than an even chance.
 */
const MARGIN: Record<ComputerLevel, number> = { cautious: 0.25, balanced: 0, bold: -0.25 };

/** The game as `me` may see it, as a state the rule functions can read: everything hidden is gone. */
export function seatState(state: GameState, me: PlayerId): GameState {
  const s = clonePlain(state);
  s.rng = [0, 0, 0, 0];
  if (s.fair) s.fair.checkpoints = '';
  const d = s.deal;
  if (!d) return s;
  const forehead = isForehead(state);
  for (const id of Object.keys(d.hands)) {
    const up = d.up[id] ?? [];
    const mine = id === me;
    // Indian guts: everyone's card but your own.
    const sees = forehead ? !mine : mine;
    d.hands[id] = sees ? (d.hands[id] as Card[]) : (d.hands[id] as Card[]).filter((c) => up.includes(c));
  }
  for (const pos of faceDownPositions(getVariant(state.variant))) delete d.board[pos];
  d.deck = [];
  delete d.serverSeed;
  d.kitty = null;
  d.stack = null;
  d.picks = d.picks[me] ? { [me]: d.picks[me] as Card[] } : {};
  // Simultaneous choices stay secret until the reveal: only the seat's own is known.
  if (awaiting(state).kind === 'declare' && (awaiting(state) as { mode: string }).mode === 'simultaneous') {
    d.choices = d.choices[me] ? { [me]: d.choices[me] } : {};
  }
  return s;
}

/** Indian guts: each player sees everyone's card but their own. */
const isForehead = (state: GameState): boolean => getVariant(state.variant).forehead;

/** A seed from the odds question itself: the same question is always sampled the same way. */
function seedOf(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Odds by question (equity-key.ts puts equivalent hands together): a computer player
 * meets the same few thousand questions again and again. A memo of a pure function,
 * bounded; its answers do not depend on what it held before.
 */
const oddsMemo = new Map<string, number>();
const ODDS_MEMO_MAX = 100_000;

/**
 * How often a rival who has not shown its choice stays: with the better half of its
 * hands, as a sensible player does (the median rule of `guts sim`'s threshold bot).
 */
const RIVAL_STAYS = 0.5;

/** The chance `me` beats one rival's hand, from what it sees (heads-up odds). */
function chanceToBeat(seen: GameState, me: PlayerId, rival: PlayerId): number {
  const d = seen.deal as NonNullable<GameState['deal']>;
  if (isForehead(seen)) {
    // Indian guts: my card is unseen; it must beat the rival's card, which I see.
    const theirs = Math.max(...(d.hands[rival] ?? []).map(rankOf));
    const seenCards = new Set(Object.values(d.hands).flat());
    let above = 0;
    let even = 0;
    let total = 0;
    for (let c = 0; c < 52; c++) {
      if (seenCards.has(c)) continue;
      total++;
      if (rankOf(c) > theirs) above++;
      else if (rankOf(c) === theirs) even++;
    }
    return total ? (above + even / 2) / total : 0;
  }
  const question = oddsQuestion(seen, me);
  if (!question) return 0.5;
  const key = equityKey({ ...question, opponents: 1 });
  let chance = oddsMemo.get(key);
  if (chance === undefined) {
    chance = equity({ ...question, opponents: 1, precision: 0.02 }, Rng.fromSeed(seedOf(key))).beatAll;
    if (oddsMemo.size >= ODDS_MEMO_MAX) oddsMemo.clear();
    oddsMemo.set(key, chance);
  }
  return chance;
}

/**
 * The chance `me` takes the pot if it stays: each rival still in either drops, or stays
 * with one of its better hands and must be beaten. A rival known to have stayed
 * (a sequential round) holds one of its better hands; one known to have dropped is out.
 */
function chanceToWin(seen: GameState, me: PlayerId): number {
  const d = seen.deal;
  if (!d) return 0;
  let chance = 1;
  for (const rival of d.in) {
    if (rival === me || d.choices[rival] === 'drop') continue;
    const stays = d.choices[rival] === 'stay' ? 1 : RIVAL_STAYS;
    const beat = chanceToBeat(seen, me, rival);
    // Beating a random hand with probability b means beating one of its better half with
    // (b - ½) / ½. In Indian guts a rival cannot see its own card: staying tells nothing of it.
    const beatsStayer = isForehead(seen) ? beat : Math.max(0, beat - (1 - RIVAL_STAYS)) / RIVAL_STAYS;
    chance *= 1 - stays + stays * beatsStayer;
  }
  return chance;
}

/** Whether this deal asks for another declaration before its next showdown. */
function declaresAgain(seen: GameState): boolean {
  const ctx = makeCtx(seen);
  for (let i = dealOf(ctx).step + 1; i < ctx.steps.length; i++) {
    const step = ctx.steps[i];
    if (step?.kind === 'showdown') return false;
    if (step?.kind === 'declare') return true;
  }
  return false;
}

/** Stay (or take) when staying is worth more than dropping, by the level's margin. */
function staysIn(seen: GameState, me: PlayerId, level: ComputerLevel): boolean {
  const d = seen.deal;
  if (!d) return false;
  const others = d.in.filter((p) => p !== me);
  // Everyone else has dropped already (in turn): the pot is there for the taking.
  if (others.length > 0 && others.every((p) => d.choices[p] === 'drop')) return true;
  const pot = seen.pot;
  const win = chanceToWin(seen, me);
  const gain = winAmount(seen.options, pot);
  // With another declaration round to come, a hand that turns out badly can still drop
  // then, for that round's price (Iron Cross's late drop): staying now risks no more.
  const later = declaresAgain(seen);
  const loss = later ? percentHalfUp(pot, seen.options.dropPenalty) : lossAmount(seen.options, pot, seen.dealNo);
  const stay = win * gain - (1 - win) * loss;
  const drop = -dropCost(seen);
  return stay - drop >= MARGIN[level] * Math.max(pot, 1);
}

/** The cards to keep: those that make the hand now, else the highest. */
function cardsToThrow(seen: GameState, me: PlayerId, max: number): Card[] {
  const up = seen.deal?.up[me] ?? [];
  const mine = ((seen.deal?.hands[me] ?? []) as Card[]).filter((c) => !up.includes(c));
  const keep = new Set<Card>(handPreview(seen, me).hand?.cards ?? []);
  return mine
    .filter((c) => !keep.has(c))
    .sort((a, b) => rankOf(a) - rankOf(b))
    .slice(0, max);
}

/**
 * What computer player `me` does now, or null when nothing is asked of it (another
 * player's turn, already chosen, between deals).
 */
export function computerMove(state: GameState, me: PlayerId, level: ComputerLevel): Action | null {
  const wait = awaiting(state);
  if (!('pending' in wait) || !wait.pending.includes(me)) return null;
  if ('turn' in wait && wait.turn !== undefined && wait.turn !== me) return null;
  const seen = seatState(state, me);
  switch (wait.kind) {
    case 'declare': {
      const stay = !wait.canDrop || staysIn(seen, me, level);
      return { type: 'declare', playerId: me, choice: stay ? 'stay' : 'drop' };
    }
    case 'take':
      // A compulsory first round allows no drop: taking is the only move.
      return (seen.deal?.compulsory && seen.deal.round === 1) || staysIn(seen, me, level)
        ? { type: 'take', playerId: me }
        : { type: 'declare', playerId: me, choice: 'drop' };
    case 'pass': {
      const [card] = cardsToThrow(seen, me, 1);
      const fallback = (seen.deal?.hands[me] ?? [])[0] as Card;
      return { type: 'pass', playerId: me, card: card ?? fallback };
    }
    case 'discard':
    case 'draw':
      return { type: wait.kind, playerId: me, cards: cardsToThrow(seen, me, wait.max) };
  }
}
