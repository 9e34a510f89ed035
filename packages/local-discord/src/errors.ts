/**
 * Discord's JSON error answers. Codes and messages are Discord's own
 * (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json), so a
 * bot that branches on `DiscordAPIError.code` behaves here as it would in production.
 */

/** One invalid field of a request body, addressed the way Discord nests its `errors`. */
export interface FieldError {
  /** Path into the request body, e.g. `['components', 0, 'components', 2, 'custom_id']`. */
  path: (string | number)[];
  /** Discord's machine-readable reason, e.g. `BASE_TYPE_MAX_LENGTH`. */
  code: string;
  message: string;
}

interface ErrorLeaf {
  _errors: { code: string; message: string }[];
}
export interface FormErrors {
  [key: string]: FormErrors | ErrorLeaf['_errors'];
}

/** An error the REST layer turns into an HTTP status and a Discord error body. */
export class DiscordHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: FormErrors,
  ) {
    super(message);
  }

  body(): { message: string; code: number; errors?: FormErrors } {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

/** Builds Discord's nested `errors` object: `{ content: { _errors: [{ code, message }] } }`. */
export function nestFieldErrors(fieldErrors: FieldError[]): FormErrors {
  const root: FormErrors = {};
  for (const { path, code, message } of fieldErrors) {
    let node = root;
    for (const key of path) {
      const child = (node[String(key)] ??= {}) as FormErrors;
      node = child;
    }
    const leaf = (node._errors ??= []) as ErrorLeaf['_errors'];
    leaf.push({ code, message });
  }
  return root;
}

export const errors = {
  notFound: () => new DiscordHttpError(404, 0, '404: Not Found'),
  unauthorized: () => new DiscordHttpError(401, 0, '401: Unauthorized'),
  methodNotAllowed: () => new DiscordHttpError(405, 0, '405: Method Not Allowed'),
  unknownChannel: () => new DiscordHttpError(404, 10003, 'Unknown Channel'),
  unknownGuild: () => new DiscordHttpError(404, 10004, 'Unknown Guild'),
  unknownMember: () => new DiscordHttpError(404, 10007, 'Unknown Member'),
  unknownMessage: () => new DiscordHttpError(404, 10008, 'Unknown Message'),
  unknownUser: () => new DiscordHttpError(404, 10013, 'Unknown User'),
  unknownWebhook: () => new DiscordHttpError(404, 10015, 'Unknown Webhook'),
  unknownInteraction: () => new DiscordHttpError(404, 10062, 'Unknown interaction'),
  alreadyAcknowledged: () => new DiscordHttpError(400, 40060, 'Interaction has already been acknowledged.'),
  cannotEditOthersMessage: () => new DiscordHttpError(403, 50005, 'Cannot edit a message authored by another user'),
  emptyMessage: () => new DiscordHttpError(400, 50006, 'Cannot send an empty message'),
  maxFollowUps: () =>
    new DiscordHttpError(400, 40094, 'This interaction has hit the maximum number of follow up messages'),
  missingAccess: () => new DiscordHttpError(403, 50001, 'Missing Access'),
  invalidWebhookToken: () => new DiscordHttpError(401, 50027, 'Invalid Webhook Token'),
  invalidFormBody: (fieldErrors: FieldError[]) =>
    new DiscordHttpError(400, 50035, 'Invalid Form Body', nestFieldErrors(fieldErrors)),
  internal: () => new DiscordHttpError(500, 0, '500: Internal Server Error'),
};
