/**
 * A refusal the player caused and can fix ("You're not at this table"): nothing was
 * changed, and its message is written for the player. The Discord layer answers it
 * privately; the engine's `RuleError` is treated the same way.
 */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}
