import { RANK_CHARS, type Rank } from '../cards/card.ts';
import type { LayoutUse, RankingId } from '../hands/types.ts';
import { describeMoney } from './describe.ts';
import type { HandSpec, Options, Step, Variant } from './types.ts';

/**
 * How a deal of a variant goes, step by step, in players' words: worked out from the
 * variant's data (its steps, board, lines and hands) and the table's options, so the
 * words cannot drift from what the engine plays. `/guts rules` and the rule book
 * (`guts rulebook`, docs/RULES.md) both show it.
 */

const RANKINGS: Record<RankingId | 'three', (o: Options) => string> = {
  one: () => 'the highest card wins (aces high)',
  two: () => 'a pair beats any high card; A-A is best, 3-2 worst',
  three: (o) => RANKINGS[`three-${o.threeCardRanking}`](o),
  'three-guts': () => 'three of a kind, straight flush, straight, flush, pair, high card (guts ranking: trips on top)',
  'three-poker': () => 'straight flush, three of a kind, straight, flush, pair, high card (poker ranking)',
  'three-pairs': () => 'three of a kind, pair, high card (no straights or flushes)',
  four: () => 'four of a kind, three of a kind, two pair, pair, high card',
  five: () => 'standard poker hands, best five cards; with wild cards five of a kind is on top',
};

const RANK_WORDS: Record<string, string> = { T: '10s', J: 'jacks', Q: 'queens', K: 'kings', A: 'aces' };
/** "3s", "jacks": a rank as a number (the engine's) or as its letter (the `deadlyRank` option's). */
function rankWord(rank: Rank | string): string {
  const char = typeof rank === 'number' ? (RANK_CHARS[rank] ?? '?') : rank;
  return RANK_WORDS[char] ?? `${char}s`;
}

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const HAND_SIZE: Record<RankingId | 'three', string> = {
  one: 'your card',
  two: 'your two cards',
  three: 'your best three cards',
  'three-guts': 'your best three cards',
  'three-poker': 'your best three cards',
  'three-pairs': 'your best three cards',
  four: 'your best four cards',
  five: 'your best five cards',
};

function handLine(hand: HandSpec, o: Options): string {
  const wild = hand.wildRanks?.length ? `, ${hand.wildRanks.map(rankWord).join(' and ')} wild` : '';
  const deadly = hand.deadly ? ', the deadly cards wild while face down (see below)' : '';
  return `Showdown among those who stayed: ${HAND_SIZE[hand.ranking]}${wild}${deadly}. Ranking: ${RANKINGS[hand.ranking](o)}.`;
}

const range = (min: number, max: number): string =>
  min === max ? `exactly ${min}` : min === 0 ? `up to ${max}` : `${min} to ${max}`;

/** "up to 3 of your own cards and up to 3 from one line only (N-C-S, W-C-E)": how a layout hand is made. */
function layoutLine(variant: Variant, use: LayoutUse | null): string | null {
  const lines = variant.lines;
  if (!lines) return variant.board.length ? 'Your hand may use any of the community cards.' : null;
  const named = lines.map((l) => l.join('-')).join(', ');
  if (!use) return `A hand uses your cards with the cards of one line only: ${named}.`;
  return `A hand takes ${range(use.privateMin, use.privateMax)} of your own cards and ${range(use.boardMin, use.boardMax)} from one line only: ${named}.`;
}

function stepLine(step: Step, variant: Variant, o: Options, state: { declared: number; held: number }): string | null {
  switch (step.kind) {
    case 'deal': {
      if (step.if === 'secondDeclare' && !o.secondDeclare) return null;
      const more = state.held > 0 ? ' more' : '';
      state.held += step.count;
      const who = step.to === 'all' ? 'Everyone gets' : 'Players still in get';
      const how = step.faceUp
        ? 'face up'
        : variant.forehead
          ? 'held to their forehead: everyone sees it but them'
          : 'face down';
      return `${who} ${step.count}${more} card${step.count === 1 ? '' : 's'}, ${how}.`;
    }
    case 'board': {
      const down = variant.board.filter((p) => step.positions.includes(p.id) && !p.faceUp).length;
      const up = step.positions.length - down;
      const turned = down ? `, ${count(down, 'card')} face down (turned at the showdown)` : '';
      return `${count(up, 'community card')} face up on the table (${step.positions.join(', ')})${turned}.`;
    }
    case 'remove':
      return `Community card ${step.positions.join(', ')} leaves the table.`;
    case 'declare': {
      if (step.if === 'secondDeclare' && !o.secondDeclare) return null;
      state.declared++;
      const how =
        o.declare === 'sequential'
          ? 'In turn from the dealer\u2019s left, each player still in says stay or drop; later players see earlier choices.'
          : 'Everyone still in presses Stay or Drop before the countdown ends; choices stay hidden until everyone has chosen. No choice means drop.';
      const late =
        state.declared > 1 && o.dropPenalty > 0
          ? ` Dropping now costs ${o.dropPenalty}% of the pot as it stood when this round began (rounded half up), paid into the pot.`
          : '';
      const first = state.declared === 1 && o.compulsoryFirst ? ' On a game\u2019s first deal nobody may drop.' : '';
      return `${how}${late}${first}`;
    }
    case 'ante-in':
      return o.secondDeclare ? 'Players still in pay the ante again.' : null;
    case 'pass':
      return 'Everyone passes one card to a neighbour.';
    case 'discard':
      return `Everyone may swap up to ${count(step.max, 'card')} before declaring.`;
    case 'draw':
      return `Stayers may swap up to ${count(step.max, 'card')} for new ones from the deck.`;
    case 'take':
      return `In turn, each player takes ${count(step.count, 'face-up card')} (that is staying) or drops.`;
    case 'showdown':
      return handLine(step.hand, o);
  }
}

/** Rules a variant plays that its steps do not show. */
function specialLines(variant: Variant, o: Options): string[] {
  const lines: string[] = [];
  const phantom =
    'a hand dealt after the last declaration, played with its best line. Beat it and take the pot; lose and match it; a tie with it is a stand-off (nobody pays, the pot stays)';
  if (variant.phantom && o.kitty === 'off') {
    lines.push(`The phantom (Kitty: only when one player stays): a lone stayer must beat ${phantom}.`);
  } else if (variant.phantom) {
    lines.push(`If only one player stays, they play the phantom: ${phantom}.`);
  } else if (o.kitty === 'always') {
    lines.push(
      'A kitty hand is dealt like a player\u2019s and plays every showdown. If it is best (ties go to it), everyone who stayed pays and nobody wins.',
    );
  } else if (o.kitty === 'alone') {
    lines.push(
      'If only one player stays, they must beat a kitty hand dealt like a player\u2019s (ties go to the kitty), or match the pot.',
    );
  }
  if (variant.dealerFirstInAsksAgain) lines.push('A dealer who is the first to say in asks everyone again, once.');
  if (variant.threeStage) {
    lines.push('Every stage settles on its own, and everyone plays on to the next stage with their cards.');
  }
  if (!variant.inapplicable.includes('deadly')) {
    lines.push(
      `Deadly cards (${o.deadly}): wild while face down; one dealt to you face up kills you: you count as a stayer who lost, pay like any loser and cannot win.`,
    );
  }
  if (o.deadlyRank) {
    lines.push(`${rankWord(o.deadlyRank)} are wild face down and kill the player who takes one face up.`);
  }
  if (o.pass !== 'none')
    lines.push(
      `Before declaring, everyone passes one card ${o.pass === 'left' ? 'left' : 'left, then right the next deal'}.`,
    );
  if (o.discard > 0) lines.push(`Before declaring, everyone may swap up to ${count(o.discard, 'card')}.`);
  return lines;
}

export interface HowToPlay {
  /** A deal, one step a line, in order. */
  steps: string[];
  /** Who pays whom (describe.ts). */
  money: string[];
  /** The rules the steps do not show (the phantom, kills, passing…). */
  notes: string[];
}

/** How a deal goes, one step per line, the money, then the rules its steps do not show. */
export function howToPlay(variant: Variant, o: Options): HowToPlay {
  const state = { declared: 0, held: 0 };
  const steps: string[] = [];
  for (const step of variant.steps) {
    const line = stepLine(step, variant, o, state);
    if (line) steps.push(line);
    if (step.kind === 'board' || (step.kind === 'showdown' && !variant.threeStage)) {
      const layout = step.kind === 'board' ? layoutLine(variant, variant.use) : null;
      if (layout) steps.push(layout);
    }
  }
  return { steps, money: describeMoney(o), notes: specialLines(variant, o) };
}
