import { SOURCE_LOCALE, type TextKey, tell } from '../i18n/index.ts';

/** Values put into a refusal's text: numbers, names, and `variant` (an id: each language names it its own way). */
export type SayVars = Readonly<Record<string, string | number>>;

/**
 * A refusal the player caused and can fix ("You're not at this table"): nothing was
 * changed. It names its text by its key in the message catalogue (`refusal.noGame`),
 * so the Discord layer answers it privately in the presser's language; `message` is
 * the English text, for logs.
 */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
  readonly key: TextKey;
  readonly vars: SayVars;

  constructor(key: TextKey, vars: SayVars = {}) {
    super(tell(SOURCE_LOCALE, key, vars));
    this.key = key;
    this.vars = vars;
  }
}
