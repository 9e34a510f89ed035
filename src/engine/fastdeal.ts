import { scoreBest } from '../hands/index.ts';
import { anteUp, finishDeal, openDeal } from './bookends.ts';
import { type Ctx, makeCtx } from './context.ts';
import { transfersOf } from './events.ts';
import { rankingOf, wildsOf } from './hand-spec.ts';
import { judge } from './judge.ts';
import { allDropped, settleShowdown } from './settle.ts';
import type { GameEvent, GameState, PlayerId } from './types.ts';

/**
 * A whole deal in one call, for simulations of the simplest games (one private deal, one
 * simultaneous declaration, a showdown): the same bookends, judging and settling as
 * `apply`, and the same cards for the same RNG state, without the per-action state
 * machine, hand descriptions or card events. Emits the money events, `DealStarted` and
 * `DealEnded`.
 */

/** Decides for one player from the value of their hand: true to stay. */
export type FastDecider = (playerId: PlayerId, value: number) => boolean;

export const canPlayFast = (s: GameState): boolean => playableFast(makeCtx(s));

function playableFast({ s, variant, steps }: Ctx): boolean {
  const o = s.options;
  return (
    !s.fair &&
    steps.length === 3 &&
    steps[0]?.kind === 'deal' &&
    steps[1]?.kind === 'declare' &&
    steps[2]?.kind === 'showdown' &&
    variant.board.length === 0 &&
    !variant.forehead &&
    o.declare === 'simultaneous' &&
    o.kitty === 'off' &&
    o.allDrop !== 'wimp' &&
    o.allDrop !== 'wimp-wild' &&
    !o.dropperAnte &&
    !o.loneVsDeck
  );
}

const deck: number[] = new Array(52).fill(0);

/** Plays one deal of a game `canPlayFast` accepts, changing `s` in place. */
export function playFastDeal(s: GameState, by: PlayerId, decide: FastDecider): GameEvent[] {
  const ctx = makeCtx(s);
  const [dealStep, , showdownStep] = ctx.steps;
  if (dealStep?.kind !== 'deal' || showdownStep?.kind !== 'showdown' || !playableFast(ctx)) {
    throw new Error(`${s.variant} with these options needs apply()`);
  }
  const opened = openDeal(ctx, by);
  anteUp(ctx, opened);
  const { players } = opened;
  // Deals exactly as cardFor does: one card at a time round the table from a fresh deck.
  for (let i = 0; i < 52; i++) deck[i] = i;
  let left = 52;
  const hands: number[][] = [];
  for (let k = 0; k < players.length; k++) hands.push([]);
  for (let c = 0; c < dealStep.count; c++) {
    for (const hand of hands) {
      const j = ctx.rng.int(left);
      hand.push(deck[j] as number);
      deck[j] = deck[--left] as number;
    }
  }
  const spec = showdownStep.hand;
  const ranking = rankingOf(ctx.s.options, spec);
  const wild = wildsOf(ctx.s.options, spec, [], []);
  const values = new Map<PlayerId, number>();
  const stayed: PlayerId[] = [];
  for (let k = 0; k < players.length; k++) {
    const p = players[k] as PlayerId;
    const value = scoreBest(hands[k] as number[], ranking, wild);
    values.set(p, value);
    if (opened.compulsory || decide(p, value)) stayed.push(p);
  }
  let winners: PlayerId[] = [];
  if (stayed.length === 0) {
    allDropped(ctx, () => values);
  } else {
    const verdict = judge(stayed, [], stayed.length > 1 ? values : new Map(), null, false, s.options.losers);
    winners = verdict.winners;
    settleShowdown(ctx, verdict, s.pot);
  }
  finishDeal(ctx, { players, transfers: transfersOf(ctx.events), stayed, winners, voided: false });
  s.rng = ctx.rng.state();
  return ctx.events;
}
