import type { Card } from '../cards/card.ts';
import { faceDownPositions, getVariant } from '../rules/variants.ts';
import { clonePlain } from './clone.ts';
import { dealOf, makeCtx } from './context.ts';
import { type FairView, fairView } from './fair.ts';
import { pendingPickers, pickLimit } from './picks.ts';
import { isSequential, pendingChoosers } from './round.ts';
import type { Awaiting, Choice, DealState, GameState, PlayerId } from './types.ts';

/** A deal is being played: cards are out and it is not settled yet. */
export function dealInPlay(state: GameState): boolean {
  return !['lobby', 'between-deals', 'over'].includes(awaiting(state).kind);
}

/** What the game waits for: which buttons the bot shows and whether a countdown runs. */
export function awaiting(state: GameState): Awaiting {
  if (state.phase !== 'deal' || !state.deal) return { kind: state.phase === 'deal' ? 'between-deals' : state.phase };
  const ctx = makeCtx(state);
  const d = dealOf(ctx);
  const step = ctx.steps[d.step];
  if (d.drawing) return { kind: 'draw', pending: [d.drawing], max: pickLimit(ctx), turn: d.drawing };
  if (step?.kind === 'declare') {
    const sequential = isSequential(ctx);
    return {
      kind: 'declare',
      round: d.round,
      mode: sequential ? 'sequential' : 'simultaneous',
      pending: pendingChoosers(ctx),
      ...(sequential && d.queue[0] ? { turn: d.queue[0] } : {}),
      canDrop: !(d.compulsory && d.round === 1),
    };
  }
  if (step?.kind === 'take') {
    return { kind: 'take', pending: [...d.queue], turn: d.queue[0] as PlayerId, count: step.count };
  }
  if (step?.kind === 'pass' || step?.kind === 'discard' || step?.kind === 'draw') {
    return { kind: step.kind, pending: pendingPickers(ctx), max: pickLimit(ctx) };
  }
  return { kind: 'between-deals' };
}

export interface DealView {
  dealNo: number;
  players: PlayerId[];
  dealer: PlayerId;
  round: number;
  in: PlayerId[];
  dead: PlayerId[];
  /** Face-up cards of each player (dealt or taken face up): everyone sees them. */
  up: Record<PlayerId, Card[]>;
  /** How many cards each player has drawn this deal: everyone sees that. */
  drawn: Record<PlayerId, number>;
  /** The pot when this declaration round began (a late drop pays a share of it). */
  roundPot: number;
  /** Each player's private cards; null where this viewer may not see the card. */
  hands: Record<PlayerId, (Card | null)[]>;
  /** Board cards; null while face down. */
  board: Record<string, Card | null>;
  removed: string[];
  /** Who has chosen this round; in simultaneous rounds not which way. */
  decided: PlayerId[];
  /** Choices everybody may see (sequential rounds). */
  choices: Record<PlayerId, Choice>;
  /** The viewer's own choice this round (null for the public view). */
  myChoice: Choice | null;
}

/** The game's public fields; the deal as this viewer may see it; what the game waits for. */
export interface PlayerView
  extends Omit<GameState, 'rng' | 'fair' | 'deal' | 'compulsoryNext' | 'reanteNext' | 'excused'> {
  /** A fair game's commitment, client seed and revealed seeds; never a seed still to be revealed. */
  fair: FairView | null;
  deal: DealView | null;
  awaiting: Awaiting;
}

/**
 * The game as one player may see it: other players' face-down cards, the deck, the
 * kitty and the RNG are gone; in Indian guts the viewer's own card is hidden instead.
 */
export function viewFor(state: GameState, viewer: PlayerId): PlayerView {
  return viewAs(state, viewer);
}

/** The game as anyone watching the channel may see it: face-up cards only, no choice before the reveal. */
export function publicView(state: GameState): PlayerView {
  return viewAs(state, null);
}

function viewAs(state: GameState, viewer: PlayerId | null): PlayerView {
  const ctx = makeCtx(state);
  const d = state.deal;
  let deal: DealView | null = null;
  if (d) {
    const forehead = ctx.variant.forehead === true;
    const faceDown = faceDownPositions(ctx.variant);
    const sequential = isSequential(ctx);
    deal = {
      dealNo: state.dealNo,
      players: [...d.players],
      dealer: d.dealer,
      round: d.round,
      in: [...d.in],
      dead: [...d.dead],
      up: clonePlain(d.up),
      drawn: { ...(d.drawn ?? {}) },
      roundPot: d.roundPot,
      hands: Object.fromEntries(
        Object.entries(d.hands).map(([owner, cards]) => [owner, handAsSeen(d, forehead, owner, cards, viewer)]),
      ),
      board: Object.fromEntries(Object.entries(d.board).map(([pos, c]) => [pos, faceDown.has(pos) ? null : c])),
      removed: [...d.removed],
      decided: Object.keys(d.choices),
      choices: sequential ? { ...d.choices } : {},
      myChoice: viewer === null ? null : (d.choices[viewer] ?? null),
    };
  }
  return {
    v: 1,
    variant: state.variant,
    // Shared, not copied: a game's options are never changed in place (setOptions puts new ones),
    // and a private message's view is drawn at every step for each player, the options its largest part.
    options: state.options,
    host: state.host,
    players: clonePlain(state.players),
    button: state.button,
    dealNo: state.dealNo,
    pot: state.pot,
    reserve: state.reserve,
    phase: state.phase,
    stopRequested: state.stopRequested,
    fair: fairView(state.fair),
    deal,
    awaiting: awaiting(state),
  };
}

/** A player's private cards as `viewer` sees them: null where the card is face down to them. */
function handAsSeen(
  d: DealState,
  forehead: boolean,
  owner: PlayerId,
  cards: readonly Card[],
  viewer: PlayerId | null,
): (Card | null)[] {
  const seesAll = viewer !== null && (forehead ? owner !== viewer : owner === viewer);
  const up = d.up[owner] ?? [];
  return cards.map((c) => (seesAll || up.includes(c) ? c : null));
}

/**
 * What a player's private message depends on, read from the game as `viewFor(state, viewer)`
 * would show it (the test checks it against that view) without copying the rest of the
 * game: after every step each player's message is compared with it, and few of them change.
 */
export interface PrivateFacts {
  viewer: PlayerId;
  dealNo: number;
  options: GameState['options'];
  deal: {
    /** The viewer's own cards as they see them (null where hidden from them, as in Indian guts). */
    hand: (Card | null)[] | undefined;
    up: readonly Card[] | undefined;
    round: number;
    roundPot: number;
    in: boolean;
    dead: boolean;
    myChoice: Choice | null;
  } | null;
  awaiting: Awaiting;
}

export function privateFacts(state: GameState, viewer: PlayerId): PrivateFacts {
  const d = state.deal;
  const cards = d?.hands[viewer];
  return {
    viewer,
    dealNo: state.dealNo,
    options: state.options,
    deal: d
      ? {
          hand: cards && handAsSeen(d, getVariant(state.variant).forehead === true, viewer, cards, viewer),
          up: d.up[viewer],
          round: d.round,
          roundPot: d.roundPot,
          in: d.in.includes(viewer),
          dead: d.dead.includes(viewer),
          myChoice: d.choices[viewer] ?? null,
        }
      : null,
    awaiting: awaiting(state),
  };
}
