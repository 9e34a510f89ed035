import type { APIEmbed } from 'discord.js';
import { type Card, formatCards } from '../../cards/card.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import type { DealProofFound } from '../../table/deal-proofs.ts';
import { type ButtonRow, type ButtonTarget, buttonRow } from './buttons.ts';
import { clip, escapeText } from './format.ts';

/**
 * A deal's proof as its **Verify** button shows it, privately (docs/FAIRNESS.md): the
 * game's commitment, the deal's revealed seed, the client seed, the deck in dealing
 * order, the kitty's whole hand where one played, and whether the seed and the cards
 * check out. The title names the deal as its result does and, beside it, its number
 * in its game: the one the proof, `guts verify --deal` and FAIRNESS.md count.
 */

export const VERIFY_COLOUR = 0x3b82f6;

/** The Verify button a result carries. */
export const verifyRow = (target: ButtonTarget, locale: string = SOURCE_LOCALE): ButtonRow =>
  buttonRow(target, [{ action: 'verify', label: t(locale, 'button.verify') }]);

/**
 * Text shown as typed: inline code (Markdown's double-backtick span, which holds a
 * single backtick), or where the text holds two backticks in a row, which would close
 * that span, the text with its Markdown escaped.
 */
export const asTyped = (text: string): string => (text.includes('``') ? escapeText(text) : `\`\` ${text} \`\``);

/** Cards in dealing order, in FAIRNESS.md's notation, as a code block. */
const cardBlock = (cards: readonly Card[]) => `\`\`\`\n${formatCards(cards)}\n\`\`\``;

/**
 * The private panel: deal `dealNo` is the table's number, as its result is titled.
 * `fairnessUrl`: the host's page on checking a deal (FAIRNESS_URL), linked when set.
 */
export function verifyPanel(
  found: DealProofFound,
  dealNo: number,
  locale: string = SOURCE_LOCALE,
  fairnessUrl: string | null = null,
): { embeds: APIEmbed[] } {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  if (found.kind !== 'proof') {
    const description = say(found.kind === 'none' ? 'verify.noProof' : 'verify.pruned', { deal: dealNo });
    return { embeds: [{ color: VERIFY_COLOUR, title: say('verify.title', { deal: dealNo }), description }] };
  }
  const { proof, deck, opponent } = found;
  const verdict = !found.seedMatches
    ? say('verify.seedWrong')
    : !found.cardsMatch
      ? say('verify.cardsWrong')
      : say('verify.holds');
  const link = fairnessUrl ? `\n[${say('verify.howToLink')}](${fairnessUrl})` : '';
  const embed: APIEmbed = {
    color: VERIFY_COLOUR,
    title: say('verify.titleInGame', { deal: dealNo, gameDeal: proof.dealNo }),
    description: `${verdict}${link}`,
    fields: [
      { name: say('verify.commitment'), value: asTyped(proof.commitment) },
      { name: say('verify.seed'), value: asTyped(proof.serverSeed) },
      { name: say('verify.clientSeed'), value: clip(asTyped(proof.clientSeed), 1024) },
      { name: say('verify.deck'), value: cardBlock(deck) },
      ...(opponent
        ? [
            {
              name: say(opponent.kind === 'deck' ? 'verify.deckHand' : 'verify.kitty'),
              value: cardBlock(opponent.cards),
            },
          ]
        : []),
    ],
    footer: { text: say('verify.howTo') },
  };
  return { embeds: [embed] };
}
