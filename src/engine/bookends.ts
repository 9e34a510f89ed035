import { RuleError } from '../rules/rule-error.ts';
import { maxPlayersFor } from '../rules/variants.ts';
import { type Ctx, notAtThisTable } from './context.ts';
import { balanceReserve, collectAntes } from './money.ts';
import type { Transfer } from './transfer.ts';
import type { DealProof, PlayerId } from './types.ts';

/** What every deal does first (checks, button, antes) and last (results, button, game over). */

export interface OpenedDeal {
  dealer: PlayerId;
  /** From the dealer's left round to the dealer. */
  players: PlayerId[];
  compulsory: boolean;
}

export function openDeal(ctx: Ctx, by: PlayerId): OpenedDeal {
  const { s, variant } = ctx;
  if (s.phase === 'deal') throw new RuleError('deal-running', 'A deal is already running');
  const seated = s.players.map((p) => p.id);
  if (s.phase === 'lobby' && by !== s.host)
    throw new RuleError('not-host', 'Only the host can start the game', undefined, { key: 'notHostStart' });
  if (s.phase !== 'lobby' && !seated.includes(by) && by !== s.host) throw notAtThisTable();
  if (seated.length < variant.minPlayers) {
    throw new RuleError('not-enough-players', `Need at least ${variant.minPlayers} players`, undefined, {
      vars: { min: variant.minPlayers },
    });
  }
  const max = maxPlayersFor(variant, s.options);
  if (seated.length > max)
    throw new RuleError('too-many-players', `${variant.name} takes at most ${max} players`, undefined, {
      vars: { variant: variant.id, max },
    });
  balanceReserve(s, ctx.events);
  s.dealNo++;
  const dealer = s.button && seated.includes(s.button) ? s.button : (seated[seated.length - 1] as PlayerId);
  s.button = dealer;
  const at = seated.indexOf(dealer) + 1;
  const compulsory = s.compulsoryNext && s.options.compulsoryFirst;
  s.compulsoryNext = false;
  return { dealer, players: [...seated.slice(at), ...seated.slice(0, at)], compulsory };
}

/** Announces the deal and collects the antes (docs/RULES.md: How every game goes). */
export function anteUp(ctx: Ctx, opened: OpenedDeal): void {
  const { s } = ctx;
  ctx.events.push({
    type: 'DealStarted',
    dealNo: s.dealNo,
    dealer: opened.dealer,
    players: opened.players,
    compulsory: opened.compulsory,
    pot: s.pot,
    reserve: s.reserve,
    legs: Object.fromEntries(s.players.filter((p) => p.legs > 0).map((p) => [p.id, p.legs])),
    reante: s.reanteNext,
    excused: [...s.excused],
  });
  collectAntes(s, ctx.events, opened.players);
  s.reanteNext = false;
  s.excused = [];
}

export interface FinishedDeal {
  players: readonly PlayerId[];
  /** Every chip movement of the deal: the players' results. */
  transfers: readonly Transfer[];
  stayed: readonly PlayerId[];
  winners: readonly PlayerId[];
  voided: boolean;
  /** A fair game's deal: its seed, revealed with the result. */
  proof?: DealProof;
}

export function finishDeal(ctx: Ctx, deal: FinishedDeal): void {
  const { s } = ctx;
  const { voided } = deal;
  if (!voided) balanceReserve(s, ctx.events);
  // Results list players in seat order, whoever dealt.
  const seatOrder = s.players.map((p) => p.id).filter((p) => deal.players.includes(p));
  const delta: Record<PlayerId, number> = {};
  for (const p of seatOrder) delta[p] = 0;
  for (const t of deal.transfers) {
    if (t.from.kind === 'player') delta[t.from.id] = (delta[t.from.id] ?? 0) - t.amount;
    if (t.to.kind === 'player') delta[t.to.id] = (delta[t.to.id] ?? 0) + t.amount;
  }
  ctx.events.push({
    type: 'DealEnded',
    dealNo: s.dealNo,
    stayed: voided ? [] : seatOrder.filter((p) => deal.stayed.includes(p)),
    winners: voided ? [] : seatOrder.filter((p) => deal.winners.includes(p)),
    delta,
    pot: s.pot,
    reserve: s.reserve,
    ...(deal.proof ? { proof: deal.proof } : {}),
  });
  s.button = nextButton(ctx);
  if (s.players.some((p) => p.leaving)) {
    for (const seat of s.players.filter((p) => p.leaving)) ctx.events.push({ type: 'PlayerLeft', playerId: seat.id });
    s.players = s.players.filter((p) => !p.leaving);
  }
  s.deal = null;
  // Only computer players left: they never play on their own.
  if (s.players.every((p) => p.computer)) s.stopRequested = true;
  if (s.stopRequested || (!voided && s.pot === 0)) {
    s.phase = 'over';
    const reason = !voided && s.pot === 0 ? 'pot-won' : 'stopped';
    ctx.events.push({ type: 'GameOver', reason, pot: s.pot, reserve: s.reserve });
  } else {
    s.phase = 'between-deals';
  }
}

/** The button moves one seat to the left, past players who are leaving. */
function nextButton(ctx: Ctx): PlayerId | null {
  const seats = ctx.s.players;
  const from = seats.findIndex((p) => p.id === ctx.s.button);
  for (let i = 1; i <= seats.length; i++) {
    const seat = seats[(from + i) % seats.length];
    if (seat && !seat.leaving) return seat.id;
  }
  return null;
}
