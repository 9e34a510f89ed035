import type { HandSpec, Options, Step, Variant } from './types.ts';

/** How the catalogue (catalogue.ts) writes a variant: only what sets it apart; the rest is each variant's default. */

const DECK = 52;

/** Options only some variants use; every other variant refuses them. */
const SPECIAL: (keyof Options)[] = ['deadly', 'secondDeclare', 'dropperAnte', 'loneVsDeck', 'deadlyRank'];

type Spec = Omit<
  Variant,
  | 'available'
  | 'minPlayers'
  | 'maxPlayers'
  | 'handCards'
  | 'board'
  | 'lines'
  | 'use'
  | 'defaults'
  | 'inapplicable'
  | 'phantom'
  | 'forehead'
  | 'dealerFirstInAsksAgain'
  | 'threeStage'
  | 'allDropRules'
> &
  Partial<Variant> & { allows?: (keyof Options)[] };

export function variant(spec: Spec): Variant {
  const { allows = [], ...rest } = spec;
  const board = rest.board ?? [];
  const perPlayer = rest.steps.reduce((n, s) => n + (s.kind === 'deal' || s.kind === 'take' ? s.count : 0), 0);
  const first = rest.steps.find((s) => s.kind === 'deal');
  return {
    available: true,
    minPlayers: 2,
    maxPlayers: Math.floor((DECK - board.length) / perPlayer),
    handCards: first?.kind === 'deal' ? first.count : 0,
    lines: null,
    use: null,
    defaults: {},
    phantom: false,
    forehead: false,
    dealerFirstInAsksAgain: false,
    threeStage: false,
    allDropRules: ['carry', 'reante', 'wimp'],
    ...rest,
    board,
    inapplicable: [...SPECIAL.filter((o) => !allows.includes(o)), ...(rest.inapplicable ?? [])],
  };
}

/** Deal `count` to everyone, one declaration, a showdown of `hand`. */
export const simple = (count: number, hand: HandSpec): Step[] => [
  { kind: 'deal', count, to: 'all' },
  { kind: 'declare' },
  { kind: 'showdown', hand },
];
