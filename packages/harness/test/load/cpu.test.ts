import { describe, expect, it } from 'vitest';
import { machineBusyMs, processCpuMs, threadCpuMs } from '../../src/load/cpu.ts';

describe.skipIf(process.platform !== 'linux')('CPU time from /proc', () => {
  it("reads a process's CPU time (all threads) and the machine's busy time, both growing with work", () => {
    const mine = processCpuMs(process.pid);
    const machine = machineBusyMs();
    expect(mine).toBeGreaterThan(0);
    expect(machine).toBeGreaterThan(0);
    const since = process.cpuUsage();
    const spent = () => {
      const d = process.cpuUsage(since);
      return (d.user + d.system) / 1000;
    };
    while (spent() < 150) {} // 150 ms of CPU on this thread, however busy the machine is
    expect((processCpuMs(process.pid) as number) - (mine as number)).toBeGreaterThanOrEqual(100);
    expect((machineBusyMs() as number) - (machine as number)).toBeGreaterThanOrEqual(100);
    // Within a few ticks of what Node itself counts for this process.
    const node = process.cpuUsage();
    expect(Math.abs((processCpuMs(process.pid) as number) - (node.user + node.system) / 1000)).toBeLessThan(200);
  });

  it("reads the calling thread's own CPU time, growing with its work", () => {
    const before = threadCpuMs() as number;
    const since = process.cpuUsage();
    while ((process.cpuUsage(since).user + process.cpuUsage(since).system) / 1000 < 150) {}
    expect((threadCpuMs() as number) - before).toBeGreaterThanOrEqual(100);
  });

  it('is null for a process that does not exist', () => {
    expect(processCpuMs(2 ** 30)).toBeNull();
  });
});
