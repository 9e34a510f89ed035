import type { DealResult, ReplayResult } from './scenario.ts';

/** The replay output exactly as scenarios/README.md prints it: one line per group of fields. */

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

const fields = (o: object, keys: string[]): string =>
  keys.map((k) => `${JSON.stringify(k)}: ${inline((o as Record<string, unknown>)[k])}`).join(', ');

function deal(d: DealResult): string {
  return (
    `    { ${fields(d, ['stayed', 'winners'])},\n` +
    `      ${fields(d, ['delta'])},\n` +
    `      ${fields(d, ['pot', 'reserve', 'legs', 'over'])} }`
  );
}

export function formatReplay(r: ReplayResult): string {
  const deals = r.deals.length === 0 ? '"deals": []' : `"deals": [\n${r.deals.map(deal).join(',\n')}\n  ]`;
  return `{\n  ${deals},\n  ${fields(r, ['balances'])},\n  ${fields(r, ['pot', 'reserve', 'over'])}\n}\n`;
}
