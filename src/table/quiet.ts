import type { GameEvent } from '../engine/index.ts';
import type { TableNotes } from './table-notes.ts';

/**
 * Abandoned games. A countdown that ends with nobody pressing drops everyone and the
 * next deal starts by itself; in variants where everyone antes every deal that would
 * drain every seated player for ever. So the table counts the deals in a row that ended
 * with no press at all, and after `QUIET_DEALS_TO_STOP` of them the game is stopped
 * instead of dealt again (its pot stays with the channel).
 */
export const QUIET_DEALS_TO_STOP = 2;

/** The count after a step: a press marks the deal as played; a deal's end adds it up. */
export function countQuiet(
  notes: TableNotes,
  events: readonly GameEvent[],
  pressed: boolean,
): Pick<TableNotes, 'pressedThisDeal' | 'quietDeals'> {
  let { pressedThisDeal, quietDeals } = notes;
  for (const e of events) {
    if (e.type === 'DealStarted') pressedThisDeal = false;
    if (e.type === 'DealEnded') {
      quietDeals = pressedThisDeal || pressed ? 0 : quietDeals + 1;
      pressedThisDeal = false;
    }
  }
  // A press that starts a deal (the host's Deal) counts for the table, not the new deal.
  if (pressed) {
    quietDeals = 0;
    if (!events.some((e) => e.type === 'DealStarted' || e.type === 'DealEnded')) pressedThisDeal = true;
  }
  return { pressedThisDeal, quietDeals };
}
