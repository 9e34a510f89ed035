import { describe, expect, it, vi } from 'vitest';
import { childOnUse, createLogger } from '../../src/log.ts';

describe('the logger', () => {
  it('writes JSON and never a token', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line: string) => lines.push(line) });
    logger.child({ guildId: 'g1', tableId: 7 }).warn(
      {
        token: 'secret-1',
        config: { discordToken: 'secret-2' },
        interaction: { token: 'secret-3' },
        request: { headers: { authorization: 'Bot secret-4' } },
        accessToken: 'secret-5',
        link: { refreshToken: 'secret-6', refresh_token: 'secret-7' },
        answer: { access_token: 'secret-8' },
      },
      'something happened',
    );
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toMatchObject({ guildId: 'g1', tableId: 7, msg: 'something happened' });
    expect(lines[0]).not.toMatch(/secret/);
    expect(entry.token).toBe('[redacted]');
  });

  it('never writes a fair game’s unrevealed seeds, wherever its state is logged', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line: string) => lines.push(line) });
    const state = {
      dealNo: 3,
      fair: { commitment: 'c0ffee', checkpoints: { 32: 'seed-1' } },
      deal: { serverSeed: 'seed-2' },
    };
    logger.info(state, 'the state itself');
    logger.info({ state }, 'a state');
    logger.info({ step: { after: state, before: state } }, 'a step');
    logger.info({ tableId: 1, state: { ...state } }, 'a table');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toMatch(/seed-/);
      expect(line).toContain('c0ffee');
    }
  });
});

describe('a child logger made on use', () => {
  it('is made only when something is logged at a level the parent writes, with its bindings', () => {
    const lines: string[] = [];
    const parent = createLogger({ write: (line: string) => lines.push(line) }, 'info');
    const made = vi.spyOn(parent, 'child');
    const log = childOnUse(parent, { guildId: 'g1', interactionId: 'i1' });
    log.debug('press');
    log.trace({ token: 'secret' }, 'detail');
    expect(made).not.toHaveBeenCalled();
    expect(lines).toHaveLength(0);
    log.warn({ token: 'secret-1' }, 'something happened');
    log.info('and more');
    expect(made).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { guildId: 'g1', interactionId: 'i1', msg: 'something happened', token: '[redacted]' },
      { guildId: 'g1', interactionId: 'i1', msg: 'and more' },
    ]);
    log.child({ tableId: 7 }).error('deeper');
    expect(JSON.parse(lines[2] as string)).toMatchObject({ guildId: 'g1', tableId: 7, msg: 'deeper' });
    expect(log.level).toBe('info');
  });
});

describe('errors in the log', () => {
  it('keep an interaction token out of a Discord API error, and leave its request body out', async () => {
    const { DiscordAPIError } = await import('discord.js');
    const err = new DiscordAPIError(
      { code: 50013, message: 'Missing Permissions' },
      50013,
      403,
      'POST',
      'https://discord.com/api/v10/webhooks/123456/aW50ZXJhY3Rpb246c2VjcmV0LXRva2Vu?wait=true',
      { body: { content: 'Your cards: A♠ K♠ Q♠' }, files: undefined },
    );
    const lines: string[] = [];
    createLogger({ write: (line: string) => lines.push(line) }).error({ err }, 'could not send private cards');
    const entry = JSON.parse(lines[0] as string);
    expect(entry.err.code).toBe(50013);
    expect(entry.err.url).toBe('https://discord.com/api/v10/webhooks/123456/[redacted]?wait=true');
    expect(lines[0]).not.toMatch(/aW50ZXJhY3Rpb24|A♠|Your cards/);
  });

  it('redacts the token of an interaction callback URL', async () => {
    const { redactUrl } = await import('../../src/log.ts');
    expect(redactUrl('/api/v10/interactions/987/tok-en.x/callback')).toBe(
      '/api/v10/interactions/987/[redacted]/callback',
    );
  });
});
