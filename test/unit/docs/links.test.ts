import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The repository stands alone: its docs link only to files inside it, and never to a folder beside it. */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'packages/local-discord/README.md',
  'scenarios/README.md',
];

/** Markdown links and images: `[text](target)`, `![alt](target)`. */
const LINK = /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

describe('the docs stand alone', () => {
  it.each(docs)('%s: every relative link resolves to a file inside the repository', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(LINK)) {
      if (!target || /^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
      const path = resolve(root, dirname(file), decodeURIComponent(target.split('#')[0] ?? ''));
      const inside = !relative(root, path).startsWith('..');
      if (!inside || !existsSync(path)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  it.each(docs)('%s: names nothing outside the repository', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(text).not.toMatch(/\.\.\/shared|\bshared\/(RULES|DESIGN)\.md|RULES\.md §/);
  });
});
