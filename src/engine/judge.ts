import type { Options } from '../rules/options.ts';
import type { PlayerId } from './types.ts';

/** Who wins a showdown and who pays (docs/RULES.md: Settling a deal), from hand values alone. */

export interface Verdict {
  /** Best hand(s) among the players; empty when the kitty won, on a stand-off, or when nobody lives. */
  winners: PlayerId[];
  losers: PlayerId[];
  kittyWins: boolean;
  /** A tie with the phantom: nobody pays (Iron Cross). */
  standOff: boolean;
}

function extreme(values: ReadonlyMap<PlayerId, number>, ids: readonly PlayerId[], sign: 1 | -1): PlayerId[] {
  let target = Number.NEGATIVE_INFINITY;
  for (const id of ids) target = Math.max(target, sign * (values.get(id) as number));
  return ids.filter((id) => sign * (values.get(id) as number) === target);
}

export const maxOf = (values: ReadonlyMap<PlayerId, number>, ids: readonly PlayerId[]): PlayerId[] =>
  extreme(values, ids, 1);

/**
 * `values` holds every contender's hand value, or nothing when no cards need showing
 * (a lone live stayer and no kitty). Dead players (Deadly 69s) always lose and are the
 * worst hands. Ties go to the kitty, except the phantom's, which are a stand-off.
 */
export function judge(
  contenders: readonly PlayerId[],
  dead: readonly PlayerId[],
  values: ReadonlyMap<PlayerId, number>,
  kittyValue: number | null,
  phantom: boolean,
  losersRule: Options['losers'],
): Verdict {
  const live = contenders.filter((p) => !dead.includes(p));
  let winners = values.size === 0 && live.length === 1 ? live : extreme(values, live, 1);
  let kittyWins = false;
  let standOff = false;
  if (kittyValue !== null) {
    const best = winners.length > 0 ? (values.get(winners[0] as PlayerId) as number) : -1;
    kittyWins = kittyValue > best || (kittyValue === best && !phantom);
    standOff = !kittyWins && kittyValue === best;
    if (kittyWins || standOff) winners = [];
  }
  let losers: PlayerId[] = standOff ? [] : contenders.filter((p) => !winners.includes(p));
  if (losersRule === 'worst-only' && winners.length > 0 && losers.length > 0) {
    const deadLosers = losers.filter((p) => dead.includes(p));
    losers = deadLosers.length > 0 ? deadLosers : extreme(values, losers, -1);
  }
  return { winners, losers, kittyWins, standOff };
}
