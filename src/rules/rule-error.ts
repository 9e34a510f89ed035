/** How a refusal is said: its key under `rule.` in the message catalogue (default: its code) and its values. */
export interface RuleSay {
  readonly key?: string;
  readonly vars?: Readonly<Record<string, string | number>>;
  /** A part of the sentence said by a key of its own ("an integer ≥ 1" in "ante must be …"). */
  readonly what?: { readonly key: string; readonly vars?: Readonly<Record<string, string | number>> };
}

/**
 * A refused action or option. `code` is stable (the bot maps it to behaviour and tests
 * match on it); `message` is short, in English, for the person who pressed the button;
 * `say` names the same sentence in the message catalogue, for every other language.
 */
export class RuleError extends Error {
  readonly code: string;
  /** The option or action field at fault, when there is one. */
  readonly field: string | undefined;
  readonly say: RuleSay;

  constructor(code: string, message: string, field?: string, say: RuleSay = {}) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
    this.field = field;
    this.say = say;
  }
}
