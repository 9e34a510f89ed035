import type { Transfer } from './transfer.ts';
import type { GameEvent } from './types.ts';

/** Every chip movement in these events, in order: what the ledger posts. */
export function transfersOf(events: readonly GameEvent[]): Transfer[] {
  const out: Transfer[] = [];
  // A plain loop: this runs once per simulated deal, where flatMap's allocations show.
  for (const e of events) if ('transfers' in e) for (const t of e.transfers) out.push(t);
  return out;
}
