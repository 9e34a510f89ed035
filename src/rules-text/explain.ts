import { RANK_CHARS, type Rank } from '../cards/card.ts';
import type { LayoutUse, RankingId } from '../hands/types.ts';
import { has, type KeyUnder, listOf, SOURCE_LOCALE, type TextKey, t } from '../i18n/index.ts';
import type { HandSpec, Options, Step, Variant } from '../rules/types.ts';
import { describeMoney } from './describe.ts';

/**
 * How a deal of a variant goes, step by step, in players' words: worked out from the
 * variant's data (its steps, board, lines and hands) and the table's options, so the
 * words cannot drift from what the engine plays. `/guts rules` (in the reader's
 * language, from the message catalogue's `howto` section) and the rule book
 * (`guts rulebook`, docs/RULES.md, in English) both show it.
 */

type Say = (key: TextKey, vars?: Record<string, unknown>) => string;

/** The ranking's key: a three-card hand ranks as the table's option says. */
const rankingKey = (ranking: RankingId | 'three', o: Options): KeyUnder<'howto.ranking'> =>
  ranking === 'three' ? `three-${o.threeCardRanking}` : ranking;

/** "3s", "jacks": a rank as a number (the engine's) or as its letter (the `deadlyRank` option's). */
function rankWord(say: Say, rank: Rank | string): string {
  const char = typeof rank === 'number' ? (RANK_CHARS[rank] ?? '?') : rank;
  const key = `howto.rankPlural.${char}`;
  return has(key) ? say(key) : `${char}s`;
}

const HAND_SIZE: Record<RankingId | 'three', KeyUnder<'howto.handSize'>> = {
  one: 'one',
  two: 'two',
  three: 'three',
  'three-guts': 'three',
  'three-poker': 'three',
  'three-pairs': 'three',
  four: 'four',
  five: 'five',
};

function handLine(say: Say, locale: string, hand: HandSpec, o: Options): string {
  const parts = [say(`howto.handSize.${HAND_SIZE[hand.ranking]}`)];
  if (hand.wildRanks?.length) {
    parts.push(
      say('howto.wild', {
        ranks: listOf(
          locale,
          hand.wildRanks.map((r) => rankWord(say, r)),
        ),
      }),
    );
  }
  if (hand.deadly) parts.push(say('howto.deadlyWild'));
  return say('howto.showdown', {
    hand: parts.join(', '),
    ranking: say(`howto.ranking.${rankingKey(hand.ranking, o)}`),
  });
}

const range = (say: Say, min: number, max: number): string =>
  min === max
    ? say('howto.exactly', { count: min })
    : min === 0
      ? say('howto.upTo', { count: max })
      : say('howto.between', { min, max });

/** "up to 3 of your own cards and up to 3 from one line only (N-C-S, W-C-E)": how a layout hand is made. */
function layoutLine(say: Say, variant: Variant, use: LayoutUse | null): string | null {
  const lines = variant.lines;
  if (!lines) return variant.board.length ? say('howto.anyCommunity') : null;
  const named = lines.map((l) => l.join('-')).join(', ');
  if (!use) return say('howto.oneLine', { lines: named });
  return say('howto.layout', {
    own: range(say, use.privateMin, use.privateMax),
    board: range(say, use.boardMin, use.boardMax),
    lines: named,
  });
}

function stepLine(
  say: Say,
  step: Step,
  variant: Variant,
  o: Options,
  state: { declared: number; held: number },
): string | null {
  switch (step.kind) {
    case 'deal': {
      if (step.if === 'secondDeclare' && !o.secondDeclare) return null;
      const more = state.held > 0 ? 'More' : '';
      state.held += step.count;
      const who = step.to === 'all' ? 'dealAll' : 'dealIn';
      const how = step.faceUp ? 'faceUp' : variant.forehead ? 'forehead' : 'faceDown';
      return say(`howto.${who}${more}`, { count: step.count, how: say(`howto.${how}`) });
    }
    case 'board': {
      const down = variant.board.filter((p) => step.positions.includes(p.id) && !p.faceUp).length;
      const up = step.positions.length - down;
      const positions = step.positions.join(', ');
      return down
        ? say('howto.boardTurned', { count: up, positions, down: say('howto.cards', { count: down }) })
        : say('howto.board', { count: up, positions });
    }
    case 'remove':
      return say('howto.remove', { positions: step.positions.join(', ') });
    case 'declare': {
      if (step.if === 'secondDeclare' && !o.secondDeclare) return null;
      state.declared++;
      const lines = [say(o.declare === 'sequential' ? 'howto.sequential' : 'howto.simultaneous')];
      if (state.declared > 1 && o.dropPenalty > 0) lines.push(say('howto.lateDrop', { percent: o.dropPenalty }));
      if (state.declared === 1 && o.compulsoryFirst) lines.push(say('howto.noFirstDrop'));
      return lines.join(' ');
    }
    case 'ante-in':
      return o.secondDeclare ? say('howto.anteAgain') : null;
    case 'pass':
      return say('howto.pass');
    case 'discard':
      return say('howto.discard', { count: step.max });
    case 'draw':
      return say('howto.draw', { count: step.max });
    case 'take':
      return say('howto.take', { count: step.count });
    case 'showdown':
      return null;
  }
}

/** Rules a variant plays that its steps do not show. */
function specialLines(say: Say, variant: Variant, o: Options): string[] {
  const lines: string[] = [];
  const phantom = say('howto.phantomHand');
  if (variant.phantom && o.kitty === 'off') lines.push(say('howto.phantomOff', { phantom }));
  else if (variant.phantom) lines.push(say('howto.phantomAlone', { phantom }));
  else if (o.kitty === 'always') lines.push(say('howto.kittyAlways'));
  else if (o.kitty === 'alone') lines.push(say('howto.kittyAlone'));
  if (variant.dealerFirstInAsksAgain) lines.push(say('howto.dealerAsksAgain'));
  if (variant.threeStage) lines.push(say('howto.threeStage'));
  if (!variant.inapplicable.includes('deadly')) lines.push(say('howto.deadly', { deadly: o.deadly }));
  if (o.deadlyRank) lines.push(say('howto.deadlyRank', { ranks: rankWord(say, o.deadlyRank) }));
  if (o.pass !== 'none') lines.push(say(o.pass === 'left' ? 'howto.passLeft' : 'howto.passAlternate'));
  if (o.discard > 0) lines.push(say('howto.discardNote', { count: o.discard }));
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

/** How a deal goes, one step per line, the money, then the rules its steps do not show; in `locale`. */
export function howToPlay(variant: Variant, o: Options, locale: string = SOURCE_LOCALE): HowToPlay {
  const say: Say = (key, vars) => t(locale, key, vars);
  const state = { declared: 0, held: 0 };
  const steps: string[] = [];
  for (const step of variant.steps) {
    const line =
      step.kind === 'showdown' ? handLine(say, locale, step.hand, o) : stepLine(say, step, variant, o, state);
    if (line) steps.push(line);
    if (step.kind === 'board' || (step.kind === 'showdown' && !variant.threeStage)) {
      const layout = step.kind === 'board' ? layoutLine(say, variant, variant.use) : null;
      if (layout) steps.push(layout);
    }
  }
  return { steps, money: describeMoney(o, locale), notes: specialLines(say, variant, o) };
}
