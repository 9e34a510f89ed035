import { UserFacingError } from '../table/user-facing-error.ts';

/**
 * The `/guts start options:` text: extra table options as `name=value` pairs
 * ("ties=no-split losers=worst-only match=burn:5"). Names and values are those of
 * docs/RULES.md: Table options; the engine checks them and names any it refuses.
 */
export function parseOptionText(text: string): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of text.split(/[\s,;]+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1) {
      throw new UserFacingError('refusal.optionPair', { pair });
    }
    const name = pair.slice(0, at);
    if (name in options) throw new UserFacingError('refusal.optionTwice', { name });
    options[name] = parseOptionValue(name, pair.slice(at + 1));
  }
  return options;
}

/** One typed value ("50", "none", "true", "burn:5"), as the engine's option parser takes it. */
export function parseOptionValue(name: string, text: string): unknown {
  if (name === 'match') {
    const [kind, amount] = text.split(':');
    if (kind === 'pot' && amount === undefined) return { kind: 'pot' };
    const n = amount !== undefined && /^\d+$/.test(amount) ? Number(amount) : Number.NaN;
    if (kind === 'burn' && !Number.isNaN(n)) return { kind: 'burn', amount: n };
    if (kind === 'percent' && !Number.isNaN(n)) return { kind: 'percent', percent: n };
    throw new UserFacingError('refusal.matchSyntax');
  }
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null' || text === 'none') return null;
  if (/^-?\d+$/.test(text)) return Number(text);
  return text;
}
