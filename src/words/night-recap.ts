import type { HandResult } from '../hands/index.ts';
import { t } from '../i18n/index.ts';
import { handName } from './hand-names.ts';

type NamedHand = Pick<HandResult, 'ranking' | 'value' | 'description'>;

/** The moments a recap may have (the table layer's `NightRecap` is one): each absent when the game gave none. */
export interface RecapMoments {
  biggestPot?: { playerId: string; chips: number };
  bestHand?: { playerId: string; hand: NamedHand };
  longestRun?: { playerId: string; deals: number };
  boldestStay?: { playerId: string; hand: NamedHand };
  mostDrops?: { playerId: string; drops: number; deals: number };
}

/**
 * The night's recap as the final standings say it, on both surfaces: one line per moment
 * the game had, in the reader's language (biggest pot, best hand, longest run of wins,
 * boldest stay, most drops), none for a moment it did not have. `nameOf` says a player as
 * the surface writes names (bold in the chat, plain on the page).
 */
export function recapLines(recap: RecapMoments, nameOf: (playerId: string) => string, locale: string): string[] {
  const who = nameOf;
  const lines: string[] = [];
  const { biggestPot, bestHand, longestRun, boldestStay, mostDrops } = recap;
  if (biggestPot) {
    lines.push(
      t(locale, 'recap.biggestPot', {
        name: who(biggestPot.playerId),
        chips: t(locale, 'chips', { count: biggestPot.chips }),
      }),
    );
  }
  if (bestHand) {
    lines.push(t(locale, 'recap.bestHand', { name: who(bestHand.playerId), hand: handName(bestHand.hand, locale) }));
  }
  if (longestRun) lines.push(t(locale, 'recap.longestRun', { name: who(longestRun.playerId), run: longestRun.deals }));
  // The boldest stay tells something only when it is not also the night's best hand.
  if (boldestStay && boldestStay.hand.value !== bestHand?.hand.value) {
    const hand = handName(boldestStay.hand, locale);
    lines.push(t(locale, 'recap.boldestStay', { name: who(boldestStay.playerId), hand }));
  }
  if (mostDrops) {
    const { drops, deals } = mostDrops;
    lines.push(t(locale, 'recap.mostDrops', { name: who(mostDrops.playerId), drops, deals }));
  }
  return lines;
}
