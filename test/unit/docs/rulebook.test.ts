import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listVariants, OPTION_SPECS } from '../../../src/rules/index.ts';
import { rulebook } from '../../../src/rules-text/rulebook.ts';

describe('the rule book, docs/RULES.md', () => {
  const written = readFileSync(new URL('../../../docs/RULES.md', import.meta.url), 'utf8');

  it('is what the rules catalogue says today (run `node bin/guts.js rulebook > docs/RULES.md` after changing a rule)', () => {
    expect(written).toBe(rulebook());
  });

  it('covers every variant offered and every option', () => {
    for (const v of listVariants().filter((x) => x.available)) expect(written).toContain(`### ${v.name} (\`${v.id}\`)`);
    for (const spec of OPTION_SPECS) expect(written).toContain(`| ${spec.title} | \`${spec.name}\` |`);
  });
});
