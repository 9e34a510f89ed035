import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';

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
      },
      'something happened',
    );
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toMatchObject({ guildId: 'g1', tableId: 7, msg: 'something happened' });
    expect(lines[0]).not.toMatch(/secret/);
    expect(entry.token).toBe('[redacted]');
  });
});
