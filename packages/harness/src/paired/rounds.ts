/**
 * Paired rounds (`guts-harness bench --base REF`): the same benches for a base tree and
 * this one, in turn (base, head, base, head…), so a busy moment on a shared machine
 * spoils one round of each side, not the comparison. Each side's figure is the median
 * of its rounds; the ratio is head over base. Pure: running the rounds is bench-base.ts.
 */

export type Side = 'base' | 'head';

/** A bench result as printed by `guts-harness bench`: its name and any JSON beside it. */
export interface NamedResult {
  name: string;
  [field: string]: unknown;
}

/** The order the rounds run in: base first in each, so neither side always follows a rest. */
export function roundOrder(rounds: number): Side[] {
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`rounds must be a whole number ≥ 1, not ${rounds}`);
  return Array.from({ length: rounds }, () => ['base', 'head'] as Side[]).flat();
}

/**
 * Every number in a result, by its path (`oneProcess.botThreadMsPerDeal`), arrays and
 * `target` (what a figure is held to, not a measurement) left out.
 */
export function numbersOf(value: unknown, prefix = ''): Record<string, number> {
  if (typeof value === 'number' && Number.isFinite(value)) return { [prefix]: value };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, number> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'target' || (prefix === '' && key === 'name')) continue;
    Object.assign(out, numbersOf(inner, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError('median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const rounded = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** One result compared: each side's median and rounds per figure, and head over base. */
export interface PairedResult {
  name: string;
  base: Record<string, number>;
  head: Record<string, number>;
  /** Head's median over base's, to three decimals; null where base's is 0. */
  ratio: Record<string, number | null>;
  byRound: { base: Record<string, number[]>; head: Record<string, number[]> };
  /** Each side's `target`, as its own bench states it. */
  target?: unknown;
}

/**
 * The rounds' results compared, result by result (in head's order, then any only base
 * printed). A figure is compared only when both sides report it in every round; one
 * printed by one side only is kept in that side's medians, with no ratio.
 */
export function pairResults(rounds: Record<Side, NamedResult[][]>): PairedResult[] {
  const names = [...new Set([...rounds.head, ...rounds.base].flatMap((r) => r.map((x) => x.name)))];
  return names.map((name) => {
    const figures = (side: Side) => {
      const perRound = rounds[side].map((r) => numbersOf(r.find((x) => x.name === name) ?? {}));
      const keys = [...new Set(perRound.flatMap((r) => Object.keys(r)))].filter((k) => perRound.every((r) => k in r));
      return Object.fromEntries(keys.map((k) => [k, perRound.map((r) => r[k] as number)]));
    };
    const base = figures('base');
    const head = figures('head');
    const medians = (f: Record<string, number[]>) =>
      Object.fromEntries(Object.entries(f).map(([k, xs]) => [k, rounded(median(xs), 3)]));
    const baseMedians = medians(base);
    const headMedians = medians(head);
    const ratio = Object.fromEntries(
      Object.keys(headMedians)
        .filter((k) => k in baseMedians)
        .map((k) => {
          const over = baseMedians[k] as number;
          return [k, over === 0 ? null : rounded((headMedians[k] as number) / over, 3)];
        }),
    );
    const target = rounds.head.flat().find((x) => x.name === name)?.target;
    return {
      name,
      base: baseMedians,
      head: headMedians,
      ratio,
      byRound: { base, head },
      ...(target === undefined ? {} : { target }),
    };
  });
}
