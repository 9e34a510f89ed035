import type { GameState } from '../engine/index.ts';
import type { EquityResult } from '../hands/index.ts';
import type { Logger } from '../log.ts';
import type { TableAt } from '../table/game-nets.ts';
import type { Member } from '../table/tables.ts';

/**
 * The odds a frame shows each seated player who has a page open: the chat's private
 * message's own (the bot's odds cache), so both surfaces show one number.
 */

/** A seated player's odds now, as their private message shows them; null: none shown. */
export type AskOdds = (state: GameState, playerId: string) => Promise<EquityResult | null>;

/** Each seated player's odds now, by user id. */
export type SeatOdds = ReadonlyMap<string, EquityResult | null>;

/**
 * How long a frame waits for a player's odds: most come at once from the odds table; a
 * sampled one later than this is left out of this frame (the odds cache keeps it for the next).
 */
const ODDS_WAIT_MS = 300;

function oddsWithin(odds: Promise<EquityResult | null>, ms: number): Promise<EquityResult | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([odds, late]).finally(() => clearTimeout(timer));
}

/**
 * The odds of each player of `table`'s deal among `pages` (the pages open in its
 * channel): at once for most hands, a Monte Carlo run for the rest, waited for at most
 * ODDS_WAIT_MS; one that fails is logged and shown as none. Null outside a deal, with the
 * table's odds off, or with no seated player's page open.
 */
export function seatOdds(
  { record }: TableAt,
  pages: Iterable<{ readonly member: Member }>,
  ask: AskOdds | undefined,
  log: Logger,
): Promise<SeatOdds> | null {
  const state = record.state;
  if (!ask || state?.phase !== 'deal' || !state.options.odds) return null;
  const seated = new Set<string>();
  for (const page of pages) if (state.deal?.players.includes(page.member.id)) seated.add(page.member.id);
  if (!seated.size) return null;
  return Promise.all(
    [...seated].map((id) =>
      oddsWithin(ask(state, id), ODDS_WAIT_MS).then(
        (odds) => [id, odds] as const,
        (err: unknown) => {
          log.error({ err, tableId: record.id }, 'activity odds not read');
          return [id, null] as const;
        },
      ),
    ),
  ).then((pairs) => new Map(pairs));
}
