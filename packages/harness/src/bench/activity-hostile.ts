import { activityHostile } from '../load/activity-hostile.ts';
import type { Bench, BenchResult } from './types.ts';

/**
 * The Activity against hostile clients (issue 58; docs/OPERATING.md, "The Activity against
 * hostile clients"): a real player's sign-in and a bystander's press, p99, with no flood
 * and under each flood (random codes, random instance ids, sockets that flood presses and
 * never read), and the bot's resident memory under the non-reading flood above idle.
 */

const SIGN_IN_P99_MS = 1_000;
const PRESS_P99_MS = 500;
const RESIDENT_ABOVE_IDLE_MB = 20;

const p99 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0);
};
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0);
const round1 = (n: number) => Math.round(n * 10) / 10;

export const benches: Bench[] = [
  {
    name: 'activity-hostile',
    async run(): Promise<BenchResult> {
      const r = await activityHostile();
      const phases = Object.fromEntries(
        r.phases.map((p) => [
          p.flood,
          {
            signInP99Ms: p99(p.signIns),
            signInP50Ms: median(p.signIns),
            signIns: p.signIns.length,
            pressP99Ms: p99(p.presses),
            pressP50Ms: median(p.presses),
            presses: p.presses.length,
            attackerRequests: p.attackerRequests,
            residentAboveIdleMb: round1(p.peakResidentMb - r.idleResidentMb),
          },
        ]),
      );
      const floods = r.phases.filter((p) => p.flood !== 'none');
      const signInP99Ms = Math.max(...floods.map((p) => p99(p.signIns)));
      const pressP99Ms = Math.max(...floods.map((p) => p99(p.presses)));
      const nonReading = r.phases.find((p) => p.flood === 'non-reading');
      const residentAboveIdleMb = round1((nonReading?.peakResidentMb ?? 0) - r.idleResidentMb);
      return {
        name: 'activity-hostile',
        // The worst over the floods.
        signInP99Ms,
        pressP99Ms,
        residentAboveIdleMb,
        idleResidentMb: round1(r.idleResidentMb),
        phases,
        target: { signInP99Ms: SIGN_IN_P99_MS, pressP99Ms: PRESS_P99_MS, residentAboveIdleMb: RESIDENT_ABOVE_IDLE_MB },
        met:
          signInP99Ms <= SIGN_IN_P99_MS && pressP99Ms <= PRESS_P99_MS && residentAboveIdleMb <= RESIDENT_ABOVE_IDLE_MB,
      };
    },
  },
];
