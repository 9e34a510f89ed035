import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `npm start` runs `guts-harness start`: the playground without DISCORD_TOKEN, else the bot's `guts start`. */
describe('guts-harness start', () => {
  const start = (env: NodeJS.ProcessEnv) => {
    const { DISCORD_TOKEN: _, ...rest } = process.env;
    return spawnSync(process.execPath, ['packages/harness/bin/harness.js', 'start'], {
      env: { ...rest, ...env },
      encoding: 'utf8',
    });
  };

  it('without DISCORD_TOKEN opens the playground (here refused: PORT is not a port)', () => {
    const run = start({ PORT: 'nonsense' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('guts: PORT must be a port number (0-65535), got "nonsense"\n');
  });

  it('reports a bad setting as the bot does', () => {
    const run = start({ DISCORD_TOKEN: 'x', SHARD_COUNT: 'lots' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('guts: SHARD_COUNT must be a whole number from 1 to 10000 or "auto", got "lots"\n');
  });
});
