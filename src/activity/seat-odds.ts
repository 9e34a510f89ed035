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
 * How long a frame waits for a player's odds: those from the odds table come at once; a
 * sampled one (a board, cards to come) takes the odds budget on the helper thread, so the
 * frame goes without it and the same step is sent again when it comes (`all`): the page
 * never shows a step later than the chat for want of a number.
 */
const ODDS_WAIT_MS = 30;

function oddsWithin(odds: Promise<EquityResult | null>, ms: number): Promise<EquityResult | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([odds, late]).finally(() => clearTimeout(timer));
}

/** A frame's odds: what came within ODDS_WAIT_MS (`soon`), and every player's once all came (`all`). */
export interface FrameOdds {
  soon: Promise<SeatOdds>;
  /** Null when `soon` already holds them all. */
  all: Promise<SeatOdds | null>;
}

/**
 * The odds of each player of `table`'s deal among `pages` (the pages open in its
 * channel): at once for most hands, a Monte Carlo run for the rest (in `all` only when
 * later than ODDS_WAIT_MS); one that fails is logged and shown as none. Null outside a
 * deal, with the table's odds off, or with no seated player's page open.
 */
export function seatOdds(
  { record }: TableAt,
  pages: Iterable<{ readonly member: Member }>,
  ask: AskOdds | undefined,
  log: Logger,
): FrameOdds | null {
  const state = record.state;
  if (!ask || state?.phase !== 'deal' || !state.options.odds) return null;
  const seated = new Set<string>();
  for (const page of pages) if (state.deal?.players.includes(page.member.id)) seated.add(page.member.id);
  if (!seated.size) return null;
  const asked = [...seated].map((id) => {
    const odds = ask(state, id).catch((err: unknown) => {
      log.error({ err, tableId: record.id }, 'activity odds not read');
      return null;
    });
    return [id, odds] as const;
  });
  const soon = Promise.all(asked.map(async ([id, odds]) => [id, await oddsWithin(odds, ODDS_WAIT_MS)] as const));
  const all = Promise.all(asked.map(async ([id, odds]) => [id, await odds] as const));
  return {
    soon: soon.then((pairs) => new Map(pairs)),
    all: Promise.all([soon, all]).then(([early, full]) =>
      full.some(([, odds], i) => odds !== early[i]?.[1]) ? new Map(full) : null,
    ),
  };
}
