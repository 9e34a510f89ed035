import pino, { type DestinationStream } from 'pino';

/**
 * The one root logger. Interactions log through `log.child({ guildId, tableId,
 * interactionId })`. Tokens never reach the output: any field named like one, at the
 * top or one level down, and authorization headers, are redacted.
 */
const REDACT = [
  'token',
  '*.token',
  'discordToken',
  '*.discordToken',
  'headers.authorization',
  '*.headers.authorization',
];

export function createLogger(destination?: DestinationStream) {
  const options = {
    level: process.env.LOG_LEVEL?.trim().toLowerCase() || 'info',
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const log = createLogger();

export type Logger = typeof log;
