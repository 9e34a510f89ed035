import type { APIEmbed } from 'discord.js';
import { type Card, formatCards } from '../../cards/card.ts';
import type { DealProof } from '../../engine/index.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import { type ButtonRow, type ButtonTarget, buttonRow } from './buttons.ts';
import { clip } from './format.ts';

/**
 * A deal's proof as its **Verify** button shows it, privately (docs/FAIRNESS.md): the
 * game's commitment, the deal's revealed seed, the client seed, the deal's number in its
 * game, the deck in dealing order, and whether the seed and the cards check out.
 */

export const VERIFY_COLOUR = 0x3b82f6;

/** What the hand history holds for a deal's proof. */
export type DealProofFound =
  | {
      kind: 'proof';
      proof: DealProof;
      /** The deck the seeds deal, from index 0. */
      deck: Card[];
      /** The seed hashes (deal number times) to the commitment. */
      seedMatches: boolean;
      /** The cards the deal drew are exactly the deck's first ones. */
      cardsMatch: boolean;
    }
  /** The deal ended without a proof: dealt before deals were provably fair. */
  | { kind: 'none' }
  /** The deal's hand history was pruned (`HISTORY_DAYS`). */
  | { kind: 'pruned' };

/** The Verify button a result carries. */
export const verifyRow = (target: ButtonTarget, locale: string = SOURCE_LOCALE): ButtonRow =>
  buttonRow(target, [{ action: 'verify', label: t(locale, 'button.verify') }]);

/** Inline code that survives backticks in a phrase (Markdown's double-backtick span). */
const code = (text: string) => `\`\` ${text} \`\``;

/** The private panel: deal `dealNo` is the table's number, as its result is titled. */
export function verifyPanel(
  found: DealProofFound,
  dealNo: number,
  locale: string = SOURCE_LOCALE,
): { embeds: APIEmbed[] } {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const title = say('verify.title', { deal: dealNo });
  if (found.kind !== 'proof') {
    const description = say(found.kind === 'none' ? 'verify.noProof' : 'verify.pruned', { deal: dealNo });
    return { embeds: [{ color: VERIFY_COLOUR, title, description }] };
  }
  const { proof, deck } = found;
  const verdict = !found.seedMatches
    ? say('verify.seedWrong')
    : !found.cardsMatch
      ? say('verify.cardsWrong')
      : say('verify.holds');
  const embed: APIEmbed = {
    color: VERIFY_COLOUR,
    title,
    description: verdict,
    fields: [
      { name: say('verify.commitment'), value: code(proof.commitment) },
      { name: say('verify.seed'), value: code(proof.serverSeed) },
      { name: say('verify.clientSeed'), value: clip(code(proof.clientSeed), 1024) },
      { name: say('verify.dealNo'), value: String(proof.dealNo) },
      { name: say('verify.deck'), value: `\`\`\`\n${formatCards(deck)}\n\`\`\`` },
    ],
    footer: { text: say('verify.howTo') },
  };
  return { embeds: [embed] };
}
