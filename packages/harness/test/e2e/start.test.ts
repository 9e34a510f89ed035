import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('without DISCORD_TOKEN serves the playground and its Activity page, from the compiled build', async () => {
    // As on a fresh clone: the compiled build has no TypeScript, yet the page is bundled from it.
    const cwd = mkdtempSync(join(tmpdir(), 'guts-start-'));
    const { DISCORD_TOKEN: _, ...rest } = process.env;
    const child = spawn(process.execPath, [join(process.cwd(), 'packages/harness/bin/harness.js'), 'start'], {
      cwd,
      env: { ...rest, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    try {
      // Serving (its address printed), or ended: then what it wrote to stderr says why.
      await expect
        .poll(() => /open http/.test(out) || err !== '' || child.exitCode !== null, { timeout: 120_000 })
        .toBe(true);
      expect(err).toBe('');
      const url = /open (http:\S+)/.exec(out)?.[1] as string;
      expect((await fetch(url)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 180_000);
});
