import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A bot without ACTIVITY_PORT costs what it did before the Activity: none of
 * `src/activity/` (its HTTP and WebSocket server, the hub, sessions, frames) is loaded,
 * so none of it takes memory or start-up time. The bot's process loads `src/main.ts` and
 * the slash commands; the Activity's modules must be reachable from them only through a
 * dynamic `import()`, which `createBot` makes only when asked to serve the Activity.
 *
 * Read as text: a static import loads its module, and with `verbatimModuleSyntax` so does
 * `import { type X }` (it stays `import {}`); only `import type` is erased.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** What a file loads as it is evaluated: its static imports and re-exports of our own files. */
function staticImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s)?[^;]*?from\s+'(\.[^']+)'/g)) {
    if (m[2]) continue;
    out.push(relative(root, normalize(join(dirname(join(root, file)), m[3] as string))));
  }
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+'(\.[^']+)'/g))
    out.push(relative(root, normalize(join(dirname(join(root, file)), m[1] as string))));
  return out;
}

/** Every file of ours loaded before any dynamic import runs, from these entry points. */
function loadedFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(file).filter((f) => f.endsWith('.ts')));
  }
  return seen;
}

const commands = readdirSync(join(root, 'commands'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `commands/${f}`);

describe('the bot without ACTIVITY_PORT', () => {
  const loaded = loadedFrom(['src/main.ts', ...commands]);

  it('reads the import graph it checks (the bot and its table layer are in it)', () => {
    expect(loaded).toContain('src/discord/bot.ts');
    expect(loaded).toContain('src/table/tables.ts');
  });

  it('loads no module of the Activity: no HTTP or WebSocket server, no hub', () => {
    expect([...loaded].filter((file) => file.startsWith('src/activity/'))).toEqual([]);
  });
});
