import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { SlashCommand } from '../../../src/discord/command-registry.ts';
import type { BotContext } from '../../../src/discord/context.ts';
import { BotMetrics } from '../../../src/discord/metrics.ts';
import { createRouter, LATE_AFTER_MS, TOO_LATE } from '../../../src/discord/router.ts';
import { t } from '../../../src/i18n/index.ts';

/** The router's own decisions, on a hand-made interaction (the e2e tests cover the real client). */
function commandInteraction(createdTimestamp: number) {
  return {
    id: '1',
    guildId: '10',
    channelId: '20',
    user: { id: '30' },
    type: 2,
    commandName: 'guts',
    createdTimestamp,
    deferred: false,
    replied: false,
    ephemeral: null,
    isAutocomplete: () => false,
    inGuild: () => true,
    isChatInputCommand: () => true,
    isMessageComponent: () => false,
    isModalSubmit: () => false,
    isRepliable: () => true,
    reply: vi.fn(async () => undefined),
  };
}

describe('the router', () => {
  const metrics = new BotMetrics({
    caches: () => ({}),
    gatewayPingMs: () => 40,
    openTables: () => 0,
    helpers: () => ({ odds: { queued: 0, dropped: 0 }, pictures: { queued: 0, dropped: 0 } }),
    database: () => ({ errors: { transient: 0, permanent: 0 }, tablesWaiting: 0 }),
  });
  const ctx = {
    log: pino({ level: 'silent' }),
    tables: { ready: Promise.resolve() },
    metrics,
  } as unknown as BotContext;
  /** The value of one series of `/metrics`' text. */
  const series = async (name: string) =>
    Number(new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(await metrics.text())?.[1]);
  const execute = vi.fn(async () => {});
  const commands = new Map([['guts', { execute } as unknown as SlashCommand]]);
  const now = 1_000_000;
  const route = createRouter(ctx, commands, [], [], () => now);

  it('runs an interaction that arrives in time', async () => {
    const interaction = commandInteraction(now - 100);
    await route(interaction as never);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(interaction.reply).not.toHaveBeenCalled();
    expect(await series('guts_interactions_total{kind="command",outcome="ok"}')).toBe(1);
  });

  it('answers one that arrives too late, and does nothing else', async () => {
    execute.mockClear();
    const interaction = commandInteraction(now - LATE_AFTER_MS - 1);
    await route(interaction as never);
    expect(execute).not.toHaveBeenCalled();
    expect(interaction.reply).toHaveBeenCalledWith({ content: t('en-US', TOO_LATE), flags: 64 });
    expect(t('en-US', TOO_LATE)).toMatch(/too late to act on/);
    expect(await series('guts_interactions_total{kind="command",outcome="refused"}')).toBe(1);
  });

  it('counts an unexpected failure as an error', async () => {
    execute.mockRejectedValueOnce(new Error('boom'));
    await route(commandInteraction(now - 100) as never);
    expect(await series('guts_interactions_total{kind="command",outcome="error"}')).toBe(1);
    expect(await series('guts_gateway_ping_seconds')).toBe(0.04);
  });
});
