import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CliCommand } from '../../../src/cli/main.ts';

const folder = new URL('../../../src/cli/commands/', import.meta.url);
const commands = readdirSync(folder)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -'.ts'.length));

describe('every guts subcommand answers --help and -h', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has commands to ask', () => {
    expect(commands).toEqual(expect.arrayContaining(['audit', 'backup', 'export', 'verify', 'start', 'rest-proxy']));
  });

  // `start` and `rest-proxy` would start a bot or listen on a port: asked for help, they must not.
  it.each(commands.flatMap((name) => [[name, '--help'] as const, [name, '-h'] as const]))(
    'guts %s %s prints its usage and exits 0',
    async (name, flag) => {
      const out: string[] = [];
      const err: string[] = [];
      vi.spyOn(process.stdout, 'write').mockImplementation((s) => out.push(String(s)) > 0);
      vi.spyOn(process.stderr, 'write').mockImplementation((s) => err.push(String(s)) > 0);
      const command = (await import(new URL(`${name}.ts`, folder).href)) as CliCommand;
      expect(await command.run([flag])).toBe(0);
      expect(err.join('')).toBe('');
      expect(out.join('')).toMatch(
        new RegExp(`^usage: guts ${name}\\b.*\\n${command.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`),
      );
    },
  );
});
