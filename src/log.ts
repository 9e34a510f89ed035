import pino, { type DestinationStream } from 'pino';

/**
 * The one root logger. Interactions log through `log.child({ guildId, tableId,
 * interactionId })`. Tokens never reach the output: any field named like one, at the
 * top or one level down, and authorization headers, are redacted, and so are a fair game's
 * unrevealed seeds wherever a game state may be logged (docs/FAIRNESS.md); errors go through
 * `serializeError`, which keeps interaction tokens out of URLs and drops request bodies.
 */
const REDACT = [
  'token',
  '*.token',
  'discordToken',
  '*.discordToken',
  // OAuth2 tokens (linked roles, the Activity's sign-in), as the bot and Discord spell them.
  ...['accessToken', 'refreshToken', 'access_token', 'refresh_token'].flatMap((k) => [k, `*.${k}`]),
  'headers.authorization',
  '*.headers.authorization',
  ...['', '*.', 'state.', '*.state.', 'after.', 'before.', '*.after.', '*.before.'].flatMap((at) => [
    `${at}fair.checkpoints`,
    `${at}deal.serverSeed`,
  ]),
];

/**
 * An interaction's token is a path segment of its webhook and callback URLs
 * (`/webhooks/:app/:token`, `/interactions/:id/:token/callback`).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/webhooks\/\d+\/)[^/?]+/g, '$1[redacted]')
    .replace(/(\/interactions\/\d+\/)[^/?]+/g, '$1[redacted]');
}

/**
 * pino's error serializer, less what a Discord API error carries that must not be
 * logged: the request body (a player's private cards, a message's text) and the token
 * in its URL.
 */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  delete out.requestBody;
  if (typeof out.url === 'string') out.url = redactUrl(out.url);
  if (typeof out.stack === 'string') out.stack = redactUrl(out.stack);
  if (typeof out.message === 'string') out.message = redactUrl(out.message);
  return out;
}

export function createLogger(
  destination?: DestinationStream,
  level = process.env.LOG_LEVEL?.trim().toLowerCase() || 'info',
) {
  const options = {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const log = createLogger();

export type Logger = typeof log;

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);
const quiet = () => {};

/**
 * `parent.child(bindings)`, made when something is first logged through it. pino's
 * child writes its bindings out (through the redaction) as it is made, and an
 * interaction's logger is made for every press, to log nothing most of the time: a
 * level the parent leaves off is answered without making the child.
 */
export function childOnUse(parent: Logger, bindings: Record<string, unknown>): Logger {
  let child: Logger | undefined;
  return new Proxy(parent, {
    get(_target, key) {
      if (!child && typeof key === 'string' && LEVELS.has(key) && !parent.isLevelEnabled(key)) return quiet;
      child ??= parent.child(bindings);
      const value: unknown = Reflect.get(child, key, child);
      return typeof value === 'function' ? value.bind(child) : value;
    },
  });
}
