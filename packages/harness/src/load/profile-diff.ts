/**
 * Two CPU profiles (`.cpuprofile`, as LOAD_CPU_PROF writes them) compared by self time:
 * where one commit's bot spends more than another's on the same load. A function is
 * known by its name and file (not its line, which moves between commits); a file by its
 * path inside the repository or node_modules, whichever tree or build it ran from.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** A script's URL as the same path in any tree: `src/table/steps.js`, `node_modules/zod/…`, `node:internal/…`. */
export function fileOf(url: string): string {
  if (url === '') return '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + 1);
  // A compiled build (dist/<hash>/) or the sources of a tree, wherever the tree is.
  const build = /\/dist\/[0-9a-f]{12}(?:\.tmp-\d+)?\/(.*)$/.exec(url);
  if (build) return build[1] as string;
  const source = /\/((?:src|commands|migrations|packages|bin)\/.*)$/.exec(url);
  if (source) return source[1] as string;
  return url.replace(/^file:\/\//, '');
}

export type By = 'function' | 'file';

const keyOf = (frame: CallFrame, by: By) => {
  const file = fileOf(frame.url);
  if (by === 'file') return frame.url === '' ? frame.functionName || '(native)' : file;
  return `${frame.functionName || '(anonymous)'} ${file}`;
};

/** Self time by function or file, in milliseconds: each sample counts the time until the next. */
export function selfTimes(profile: CpuProfile, by: By): Map<string, number> {
  const keys = new Map(profile.nodes.map((n) => [n.id, keyOf(n.callFrame, by)]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const out = new Map<string, number>();
  samples.forEach((id, i) => {
    const us = deltas[i + 1] ?? 0;
    const key = keys.get(id) ?? '(unknown)';
    out.set(key, (out.get(key) ?? 0) + us / 1000);
  });
  return out;
}

export interface ProfileDiffRow {
  key: string;
  /** Self time in each profile (ms, or ms a deal when deals are given). */
  a: number;
  b: number;
  /** b − a. */
  delta: number;
}

/** Every key of either profile, b − a, largest growth first; `per` divides each side (its deals). */
export function diffProfiles(
  a: CpuProfile,
  b: CpuProfile,
  by: By,
  per: { a: number; b: number } = { a: 1, b: 1 },
): { rows: ProfileDiffRow[]; total: { a: number; b: number; delta: number } } {
  const ta = selfTimes(a, by);
  const tb = selfTimes(b, by);
  const rows = [...new Set([...ta.keys(), ...tb.keys()])].map((key) => {
    const x = (ta.get(key) ?? 0) / per.a;
    const y = (tb.get(key) ?? 0) / per.b;
    return { key, a: x, b: y, delta: y - x };
  });
  rows.sort((p, q) => q.delta - p.delta);
  const sum = (t: Map<string, number>, n: number) => [...t.values()].reduce((s, v) => s + v, 0) / n;
  const total = { a: sum(ta, per.a), b: sum(tb, per.b) };
  return { rows, total: { ...total, delta: total.b - total.a } };
}
