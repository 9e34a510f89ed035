import type { GameEvent, GameState } from '../engine/index.ts';

/**
 * The deal as it last stood in play (`before`), with the cards the step that ended it
 * dealt to `playerId` (Iron Cross: a lone stayer's 4th card, played against the phantom
 * at once): their private message, put in the past tense, shows every card they held.
 * Null where that step dealt them none. Only the player's own cards are added.
 */
export function withCardsDealtAtEnd(
  before: GameState,
  events: readonly GameEvent[],
  playerId: string,
): GameState | null {
  const d = before.deal;
  if (!d) return null;
  const hidden: number[] = [];
  const faceUp: number[] = [];
  for (const e of events) {
    if (e.type !== 'Dealt') continue;
    hidden.push(...(e.private[playerId] ?? []));
    faceUp.push(...(e.faceUp[playerId] ?? []));
  }
  if (hidden.length + faceUp.length === 0) return null;
  return {
    ...before,
    deal: {
      ...d,
      hands: { ...d.hands, [playerId]: [...(d.hands[playerId] ?? []), ...hidden, ...faceUp] },
      up: { ...d.up, [playerId]: [...(d.up[playerId] ?? []), ...faceUp] },
    },
  };
}
