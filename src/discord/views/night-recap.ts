import type { NightRecap } from '../../table/night-recap.ts';
import { recapLines as recapWords } from '../../words/night-recap.ts';
import { bold } from './format.ts';

/** The night's recap as the chat's final standings show it (src/words/night-recap.ts), names in bold. */
export function recapLines(recap: NightRecap, nameOf: (playerId: string) => string, locale: string): string[] {
  return recapWords(recap, (playerId) => bold(nameOf(playerId)), locale);
}
