import type { Options } from './types.ts';

/**
 * Every table option of docs/RULES.md: Table options, described once: its kind and bounds (which
 * `parseOptions` checks), a line for players, and the group a settings form puts it
 * in. `/guts start`'s options, its help text and the bounds Discord enforces on them
 * are all derived from this table.
 */

/** Chip amounts stay far below 2^53 even after pot × percent arithmetic. */
export const MAX_CHIPS = 1_000_000_000;

export type OptionGroup = 'money' | 'declaring' | 'extras';

interface Described {
  name: keyof Options;
  /** What players call it ("Late-drop penalty"): help, the rule book and the form say this, not the name. */
  title: string;
  /** One line for players (at most 100 characters: Discord's limit for an option description). */
  about: string;
  group: OptionGroup;
}

export type OptionSpec = Described &
  (
    | { kind: 'integer'; min: number; max: number; nullable?: boolean }
    | { kind: 'choice'; choices: readonly { value: string; label: string }[] }
    | { kind: 'boolean' }
    /** A card rank, "2"…"A" ("T" or "10" for ten), or null. */
    | { kind: 'rank'; nullable: true }
    /** `{kind:"pot"}`, `{kind:"burn",amount}` or `{kind:"percent",percent}`. */
    | { kind: 'match' }
  );

const choice = (...pairs: [value: string, label: string][]) => pairs.map(([value, label]) => ({ value, label }));

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'ante',
    title: 'Ante',
    kind: 'integer',
    min: 1,
    max: MAX_CHIPS,
    group: 'money',
    about: 'Chips each player antes',
  },
  {
    name: 'declare',
    title: 'How players declare',
    kind: 'choice',
    choices: choice(['simultaneous', 'everyone at once (hidden)'], ['sequential', 'in turn']),
    group: 'declaring',
    about: 'Everyone at once (hidden until the reveal), or in turn',
  },
  {
    name: 'timer',
    title: 'Countdown',
    kind: 'integer',
    min: 10,
    max: 300,
    group: 'declaring',
    about: 'Seconds to stay or drop',
  },
  {
    name: 'cap',
    title: 'Cap',
    kind: 'integer',
    min: 1,
    max: MAX_CHIPS,
    nullable: true,
    group: 'money',
    about: 'Most one deal can win or cost; the rest goes to a reserve',
  },
  {
    name: 'capStyle',
    title: 'Cap style',
    kind: 'choice',
    choices: choice(['reserve', 'excess to the reserve'], ['clip', 'excess is not paid']),
    group: 'money',
    about: 'What happens to a payment over the cap',
  },
  {
    name: 'match',
    title: 'What losers pay',
    kind: 'match',
    group: 'money',
    about: 'What losers pay: the pot, a fixed burn, or a percent',
  },
  {
    name: 'progressiveBurn',
    title: 'Growing burn',
    kind: 'boolean',
    group: 'money',
    about: 'The burn doubles each deal nobody wins',
  },
  {
    name: 'ties',
    title: 'Ties',
    kind: 'choice',
    choices: choice(['split', 'tied winners split the pot'], ['no-split', 'a tie carries the pot']),
    group: 'money',
    about: 'Whether tied winners split the pot',
  },
  {
    name: 'losers',
    title: 'Who pays',
    kind: 'choice',
    choices: choice(['all', 'every losing stayer pays'], ['worst-only', 'only the worst hand pays']),
    group: 'money',
    about: 'Which losing stayers pay',
  },
  {
    name: 'allDrop',
    title: 'When everyone drops',
    kind: 'choice',
    choices: choice(
      ['carry', 'the pot carries'],
      ['reante', 'everyone antes again'],
      ['wimp', 'the best dropped hand pays'],
      ['wimp-wild', 'it and every dropper with a wild card pay'],
    ),
    group: 'money',
    about: 'When everyone drops',
  },
  {
    name: 'wimpAmount',
    title: 'Wimp amount',
    kind: 'integer',
    min: 1,
    max: MAX_CHIPS,
    nullable: true,
    group: 'money',
    about: 'What each dropper pays when everyone drops (none: the pot)',
  },
  {
    name: 'kitty',
    title: 'Kitty (ghost hand)',
    kind: 'choice',
    choices: choice(['off', 'off'], ['always', 'always'], ['alone', 'only when one player stays']),
    group: 'extras',
    about: 'An extra dealt hand everyone who stays must beat',
  },
  {
    name: 'legs',
    title: 'Legs',
    kind: 'integer',
    min: 1,
    max: 100,
    nullable: true,
    group: 'money',
    about: 'Legs (lone wins) needed to take the pot',
  },
  {
    name: 'compulsoryFirst',
    title: 'Compulsory first round',
    kind: 'boolean',
    group: 'declaring',
    about: 'Nobody may drop on the first round',
  },
  {
    name: 'everybodyAntes',
    title: 'Everybody antes',
    kind: 'boolean',
    group: 'money',
    about: 'Everyone antes every deal, not only the first',
  },
  {
    name: 'loserSkipsAnte',
    title: 'Loser skips the ante',
    kind: 'boolean',
    group: 'money',
    about: 'A player who paid last deal skips the ante',
  },
  {
    name: 'threeCardRanking',
    title: 'Three-card ranking',
    kind: 'choice',
    choices: choice(['guts', 'trips beat straights'], ['poker', 'straight flush on top'], ['pairs', 'pairs only']),
    group: 'extras',
    about: 'How three-card hands rank',
  },
  {
    name: 'pass',
    title: 'Passing',
    kind: 'choice',
    choices: choice(['none', 'no passing'], ['left', 'pass left'], ['alternate', 'left, then right']),
    group: 'extras',
    about: 'Pass a card to a neighbour before declaring',
  },
  {
    name: 'dropPenalty',
    title: 'Late-drop penalty',
    kind: 'integer',
    min: 0,
    max: 100,
    group: 'declaring',
    about: 'Percent of the pot a player pays to drop in a later round',
  },
  {
    name: 'money',
    title: 'Where losers pay',
    kind: 'choice',
    choices: choice(['match', 'losers match the pot'], ['pay-winner', 'losers pay the winner']),
    group: 'money',
    about: 'Where losers pay: into the pot, or to the winner',
  },
  {
    name: 'odds',
    title: 'Odds',
    kind: 'boolean',
    group: 'extras',
    about: "Show each player their hand's chance to win",
  },
  {
    name: 'discard',
    title: 'Discards',
    kind: 'integer',
    min: 0,
    max: 5,
    group: 'extras',
    about: 'Cards a player may swap before declaring',
  },
  {
    name: 'deadly',
    title: 'Deadly cards',
    kind: 'choice',
    choices: choice(
      ['69s', '6s and 9s'],
      ['7s', '7s'],
      ['low', 'the lowest card'],
      ['spades', 'spades'],
      ['lively-diamonds', 'all but diamonds'],
    ),
    group: 'extras',
    about: 'Which cards are wild face down and kill face up',
  },
  {
    name: 'secondDeclare',
    title: 'Second declaration',
    kind: 'boolean',
    group: 'declaring',
    about: 'Stayers ante again and declare again on their third card',
  },
  {
    name: 'dropperAnte',
    title: 'Droppers ante',
    kind: 'boolean',
    group: 'money',
    about: 'Players who dropped pay a new ante while losing stayers match the pot',
  },
  {
    name: 'loneVsDeck',
    title: 'Lone stayer plays the deck',
    kind: 'boolean',
    group: 'extras',
    about: "A lone stayer's hand must beat as many cards from the top of the deck",
  },
  {
    name: 'deadlyRank',
    title: 'Deadly rank',
    kind: 'rank',
    nullable: true,
    group: 'extras',
    about: 'A rank that is wild face down and kills face up (none: off)',
  },
];

export function optionSpec(name: string): OptionSpec | undefined {
  return OPTION_SPECS.find((s) => s.name === name);
}
