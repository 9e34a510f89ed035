import { has, SOURCE_LOCALE, type TextKey, tell } from '../i18n/index.ts';
import type { RuleError } from '../rules/rule-error.ts';

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

/** Errors whose message is written for players: ours and the engine's rule errors (every surface answers them). */
export function isUserFacing(err: unknown): err is Error {
  return err instanceof UserFacingError || (err instanceof Error && err.name === 'RuleError');
}

/** A refusal (ours or the engine's) as `locale` says it; an engine sentence the catalogue lacks reads in English. */
export function refusalText(err: Error, locale: string): string {
  if (err instanceof UserFacingError) return tell(locale, err.key, err.vars);
  const { code, say } = err as RuleError;
  const key = `rule.${say?.key ?? code}`;
  if (!has(key)) return err.message;
  const whatKey = say?.what ? `rule.${say.what.key}` : '';
  const what = say?.what && has(whatKey) ? { what: tell(locale, whatKey, say.what.vars) } : {};
  return tell(locale, key, { ...say?.vars, ...what });
}
