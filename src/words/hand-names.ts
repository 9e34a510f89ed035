import { ACE, RANK_NAMES, type Rank } from '../cards/card.ts';
import { type HandResult, handParts } from '../hands/index.ts';
import { LANGUAGES, localeOf, t } from '../i18n/index.ts';

/**
 * A hand's name in the reader's language ("Paar Asse", "Kのワンペア"), from its value:
 * the engine names hands in English, for logs and histories. English readers get the
 * engine's full name (with its kicker); a language without a catalogue falls back to it.
 */
export function handName(hand: Pick<HandResult, 'value' | 'ranking' | 'description'>, locale: string): string {
  const lng = localeOf(locale);
  if (lng.startsWith('en') || !LANGUAGES.includes(lng)) return hand.description;
  const { category, ranks, size } = handParts(hand.value, hand.ranking);
  const [first, second] = ranks as [Rank, Rank | undefined];
  const key =
    category === 'high-card' && size === 1
      ? 'single'
      : category === 'straight-flush' && size === 5 && first === ACE
        ? 'royal'
        : category;
  // A rank is an index into RANK_NAMES, so its name is there.
  const name = (r: Rank) => RANK_NAMES[r] as (typeof RANK_NAMES)[number];
  const one = (r: Rank | undefined) => (r === undefined ? '' : t(lng, `rank.${name(r)}`));
  const many = (r: Rank | undefined) => (r === undefined ? '' : t(lng, `ranks.${name(r)}`));
  const named = t(lng, `hand.${key}`, {
    rank: one(first),
    ranks: many(first),
    rank2: one(second),
    ranks2: many(second),
  });
  // The top kicker, as the English name says it: two hands of one name are told apart by it.
  const kicker = ranks[KICKER_AT[category] ?? ranks.length];
  const text = kicker === undefined || size === 1 ? named : t(lng, 'hand.kicker', { hand: named, rank: one(kicker) });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Where a hand's kickers start among its significant ranks (hands with none are left out). */
const KICKER_AT: Partial<Record<ReturnType<typeof handParts>['category'], number>> = {
  'high-card': 1,
  pair: 1,
  'two-pair': 2,
  'three-of-a-kind': 1,
  'four-of-a-kind': 1,
};
