import { ensureLanguages, type KeyUnder, LOCALES, t } from 'guts/src/i18n/index.ts';

/**
 * What the page's own Discord client says (not the bot): "This interaction failed", "Ben
 * used /guts start", "Only you can see this", the command box's hints. Discord's client speaks its user's language,
 * so the page speaks each seat's: every text in every Discord locale, from the catalogues.
 */
export interface ClientTexts {
  interactionFailed: string;
  /** A command the bot did not acknowledge within 3 seconds. */
  noResponse: string;
  /** With `{{user}}` and `{{command}}` left in, for the page to fill. */
  used: string;
  commands: string;
  required: string;
  /** Under a private (ephemeral) message. */
  onlyYou: string;
  dismiss: string;
  optionType: Record<KeyUnder<'playground.optionType'>, string>;
}

const OPTION_TYPES = [
  'text',
  'wholeNumber',
  'trueFalse',
  'user',
  'channel',
  'role',
  'mentionable',
  'number',
  'file',
  'value',
  'choice',
] as const satisfies readonly KeyUnder<'playground.optionType'>[];

function textsIn(locale: string): ClientTexts {
  return {
    interactionFailed: t(locale, 'playground.interactionFailed'),
    noResponse: t(locale, 'playground.noResponse'),
    used: t(locale, 'playground.used', { user: '{{user}}', command: '{{command}}' }),
    commands: t(locale, 'playground.commands'),
    required: t(locale, 'playground.required'),
    onlyYou: t(locale, 'playground.onlyYou'),
    dismiss: t(locale, 'playground.dismiss'),
    optionType: Object.fromEntries(
      OPTION_TYPES.map((type) => [type, t(locale, `playground.optionType.${type}`)]),
    ) as ClientTexts['optionType'],
  };
}

/** Every Discord locale's texts, by locale (a locale without a catalogue reads English). */
export async function clientTexts(): Promise<Record<string, ClientTexts>> {
  await ensureLanguages(...LOCALES);
  return Object.fromEntries(LOCALES.map((locale) => [locale, textsIn(locale)]));
}
