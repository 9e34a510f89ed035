import pino from 'pino';

/**
 * The one root logger. Interactions log through `log.child({ guildId, tableId,
 * interactionId })`. Tokens never reach the output: the client's and any header
 * or config field named like one is redacted.
 */
export const log = pino({
  level: process.env.LOG_LEVEL?.trim().toLowerCase() || 'info',
  redact: {
    paths: [
      'token',
      '*.token',
      'discordToken',
      '*.discordToken',
      'config.discordToken',
      'headers.authorization',
      '*.headers.authorization',
      'interaction.token',
    ],
    censor: '[redacted]',
  },
});

export type Logger = typeof log;
