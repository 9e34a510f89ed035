import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOT_NODE_OPTIONS } from '../../src/node-options.ts';

/** Every way an operator starts the bot passes node the bot's options (src/node-options.ts). */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe("the bot's Node options", () => {
  it('are options node takes, in NODE_OPTIONS too', () => {
    for (const option of BOT_NODE_OPTIONS) {
      const run = spawnSync(process.execPath, [option, '-e', '0'], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const env = spawnSync(process.execPath, ['-e', '0'], {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: option },
      });
      expect(env.status, env.stderr).toBe(0);
    }
  });

  it('are on the `guts` command line (its first line), `npm start` and the image', () => {
    const shebang = read('bin/guts.js').split('\n')[0];
    expect(shebang).toBe(`#!/usr/bin/env -S node ${BOT_NODE_OPTIONS.join(' ')}`);
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe(`node ${BOT_NODE_OPTIONS.join(' ')} packages/harness/bin/harness.js start`);
    const entry = /^ENTRYPOINT (\[.*\])$/m.exec(read('Dockerfile'))?.[1] ?? '[]';
    expect(JSON.parse(entry)).toEqual(['node', ...BOT_NODE_OPTIONS, 'bin/guts.js']);
  });

  it("are the sharding manager's children's", () => {
    expect(read('src/shards/manager.ts')).toContain('execArgv: [...BOT_NODE_OPTIONS]');
  });
});
