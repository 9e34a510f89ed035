import { activityReveal } from '../load/activity-reveal.ts';
import { type Drawn, PATCHERS, type PatchRun, pageBytesByPatcher, replayPatchers } from '../load/page-patch.ts';
import type { Bench } from './types.ts';

/**
 * `activity-patch` (issue 55): why the page keeps a DOM patcher of its own
 * (src/activity/page/patch.ts) rather than a library's. The frames a real deal sends the
 * page (its snapshot, the updates as seats stay, the reveal) are drawn in Chromium at
 * 390×844 with the CPU slowed 4×, with ours, morphdom and idiomorph in turn: the time of a
 * patch (median over rounds) for a deal's update and for the reveal, the long tasks, whether
 * the focused button stays focused, and the gzipped bytes each adds to the page's bundle.
 */

const ROUNDS = 5;
const CPU_SLOWDOWN = 4;

const round1 = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function summary(runs: PatchRun[], ourBytes: number, bytes: number) {
  const of = (kind: Drawn['kind']) => runs.flatMap((r) => r.drawn.filter((d) => d.kind === kind));
  const [deal, reveal] = [of('deal'), of('reveal')];
  const longTasks = runs.flatMap((r) => r.drawn.filter((d) => d.kind !== 'first').flatMap((d) => d.longTasks));
  return {
    dealPatchMs: round1(median(deal.map((d) => d.patchMs))),
    revealPatchMs: round1(median(reveal.map((d) => d.patchMs))),
    revealDrawMs: round1(median(reveal.map((d) => d.drawMs))),
    revealParseMs: round1(median(reveal.map((d) => d.parseMs))),
    longTasks: longTasks.length,
    longestTaskMs: Math.max(0, ...longTasks),
    focusKept: `${runs.reduce((n, r) => n + r.focusKept, 0)}/${runs.reduce((n, r) => n + r.focusChecks, 0)}`,
    focusLostInPatch: runs.reduce((n, r) => n + r.focusLost, 0),
    bundleBytesAdded: bytes - ourBytes,
  };
}

export const benches: Bench[] = [
  {
    name: 'activity-patch',
    async run() {
      const { frames } = await activityReveal(1);
      const runs = await replayPatchers(frames, ROUNDS, CPU_SLOWDOWN);
      const bytes = await pageBytesByPatcher();
      const by = Object.fromEntries(
        PATCHERS.map((p) => [
          p,
          summary(
            runs.filter((r) => r.patcher === p),
            bytes.ours,
            bytes[p],
          ),
        ]),
      );
      return {
        name: 'activity-patch',
        rounds: ROUNDS,
        cpuSlowdown: CPU_SLOWDOWN,
        viewport: '390x844',
        frames: frames.length,
        ...by,
      };
    },
  },
];
