/**
 * A refused action or option. `code` is stable (the bot maps it to behaviour and tests
 * match on it); `message` is short and written for the person who pressed the button.
 */
export class RuleError extends Error {
  readonly code: string;
  /** The option or action field at fault, when there is one. */
  readonly field: string | undefined;

  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
    this.field = field;
  }
}
