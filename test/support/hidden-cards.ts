import { formatCard } from '../../src/cards/card.ts';
import type { GameEvent, GameState } from '../../src/engine/index.ts';
import { faceDownPositions, getVariant } from '../../src/rules/index.ts';

/**
 * What a receiver of the Activity's frames may not see, from the game's own state: the
 * property test over frames built directly and the e2e test over the wire hold frames to it.
 */

/** Every card on the wire: the codes in a frame's JSON. */
export const codesIn = (json: string): Set<string> =>
  new Set([...json.matchAll(/"code":"([2-9TJQKA][cdhs])"/g)].map((m) => m[1] as string));

/** What `viewer` (null: a spectator) may not see: others' face-down cards (own, in Indian guts), the deck, the kitty, the face-down board. */
export function hiddenFrom(s: GameState, viewer: string | null): Set<string> {
  const d = s.deal;
  if (!d) return new Set();
  const forehead = getVariant(s.variant).forehead;
  const hidden: number[] = [...d.deck, ...(d.kitty ?? [])];
  for (const [owner, cards] of Object.entries(d.hands)) {
    const mine = owner === viewer;
    const visible = viewer !== null && (forehead ? !mine : mine);
    if (!visible) hidden.push(...cards.filter((c) => !(d.up[owner] ?? []).includes(c)));
  }
  for (const pos of faceDownPositions(getVariant(s.variant))) if (pos in d.board) hidden.push(d.board[pos] as number);
  return new Set(hidden.map(formatCard));
}

/** The cards a deal's result shows everyone: the hands and the kitty at its showdown. */
export function shownAtShowdown(events: readonly GameEvent[]): Set<string> {
  const shown = new Set<string>();
  for (const e of events) {
    if (e.type !== 'Showdown') continue;
    for (const h of e.hands) for (const c of h.hand.cards) shown.add(formatCard(c));
    for (const c of e.kittyCards ?? []) shown.add(formatCard(c));
  }
  return shown;
}
