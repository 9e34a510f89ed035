import { t } from '../../i18n/index.ts';
import type { NightRecap } from '../../table/night-recap.ts';
import { handName } from '../../words/hand-names.ts';
import { bold } from './format.ts';

/**
 * The night's recap as the final standings show it: one line per moment the game had,
 * in the reader's language (biggest pot, best hand, longest run of wins, boldest stay,
 * most drops), none for a moment it did not have.
 */
export function recapLines(recap: NightRecap, nameOf: (playerId: string) => string, locale: string): string[] {
  const who = (playerId: string) => bold(nameOf(playerId));
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
