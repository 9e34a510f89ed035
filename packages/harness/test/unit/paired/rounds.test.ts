import { describe, expect, it } from 'vitest';
import { pairingFault } from '../../../src/commands/bench.ts';
import { median, numbersOf, pairResults, roundOrder } from '../../../src/paired/rounds.ts';

describe('paired rounds', () => {
  it('alternate base and head, base first in every round', () => {
    expect(roundOrder(3)).toEqual(['base', 'head', 'base', 'head', 'base', 'head']);
    expect(() => roundOrder(0)).toThrow(RangeError);
    expect(() => roundOrder(1.5)).toThrow(RangeError);
  });

  it('read every number of a result by its path, targets, arrays and the name left out', () => {
    expect(
      numbersOf({
        name: 'shardScaling',
        ratio: 1.1,
        oneProcess: { botThreadMsPerDeal: 8, byRound: [1, 2], refusedSaying: ['x'], inner: { n: 0 } },
        target: { ratio: 1.1 },
        label: 'text',
        none: null,
      }),
    ).toEqual({ ratio: 1.1, 'oneProcess.botThreadMsPerDeal': 8, 'oneProcess.inner.n': 0 });
  });

  it('take the middle of an odd count and the mean of the two middles of an even one', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });

  it("compare each side's medians, head over base, and keep every round", () => {
    const e2e = (botMsPerDeal: number, perSecond: number) => ({
      name: 'e2e-deals',
      botMsPerDeal,
      perSecond,
      target: { botMsPerDeal: 5 },
    });
    const ack = (p99Ms: number) => ({ name: 'ack-latency', p99Ms, missed: 0 });
    const paired = pairResults({
      base: [
        [ack(40), e2e(14, 90)],
        [ack(50), e2e(15, 95)],
        [ack(45), e2e(16, 80)],
      ],
      head: [
        [ack(20), e2e(17, 100)],
        [ack(30), e2e(18, 110)],
        [ack(25), e2e(15, 90)],
      ],
    });
    expect(paired.map((r) => r.name)).toEqual(['ack-latency', 'e2e-deals']);
    const deals = paired[1];
    expect(deals?.base).toEqual({ botMsPerDeal: 15, perSecond: 90 });
    expect(deals?.head).toEqual({ botMsPerDeal: 17, perSecond: 100 });
    expect(deals?.ratio).toEqual({ botMsPerDeal: 1.133, perSecond: 1.111 });
    expect(deals?.byRound.head.botMsPerDeal).toEqual([17, 18, 15]);
    expect(deals?.target).toEqual({ botMsPerDeal: 5 });
    // A figure at 0 on the base side has no ratio, rather than an infinite one.
    expect(paired[0]?.ratio).toEqual({ p99Ms: 0.556, missed: null });
  });

  it('compare only what both sides report in every round', () => {
    const paired = pairResults({
      base: [[{ name: 'memory', idleMb: 100 }], [{ name: 'memory', idleMb: 96 }]],
      head: [[{ name: 'memory', idleMb: 90, maxMb: 92 }], [{ name: 'memory', idleMb: 94, maxMb: 99, once: 1 }]],
    });
    expect(paired[0]?.head).toEqual({ idleMb: 92, maxMb: 95.5 });
    expect(paired[0]?.base).toEqual({ idleMb: 98 });
    expect(paired[0]?.ratio).toEqual({ idleMb: 0.939 });
  });

  it('refuse what --base and --rounds cannot mean', () => {
    expect(pairingFault({}, ['eval3'])).toBeNull();
    expect(pairingFault({ rounds: '3' }, ['eval3'])).toMatch(/--rounds goes with --base/);
    expect(pairingFault({ head: 'HEAD' }, ['eval3'])).toMatch(/--head goes with --base/);
    expect(pairingFault({}, ['warm-one-process'])).toMatch(/only paired/);
    expect(pairingFault({ base: 'HEAD' }, [])).toMatch(/wants the benches named/);
    expect(pairingFault({ base: 'HEAD', 'in-process': true }, ['eval3'])).toMatch(/in-process/);
    expect(pairingFault({ base: 'HEAD', rounds: '0' }, ['eval3'])).toMatch(/whole number/);
    expect(pairingFault({ base: 'HEAD', rounds: 'two' }, ['eval3'])).toMatch(/whole number/);
    expect(pairingFault({ base: 'HEAD', rounds: '5' }, ['eval3', 'warm-one-process'])).toBeNull();
  });
});
