import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineBusyMs, processCpuMs, threadCpuMs } from '../../../src/load/cpu.ts';

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
    // 150 ms on a CPU by the scheduler's own count for this thread (not the process's:
    // a test worker may be one thread of several busy ones).
    const onCpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
    const before = threadCpuMs() as number;
    const start = onCpuMs();
    while (onCpuMs() - start < 150) {}
    expect((threadCpuMs() as number) - before).toBeGreaterThanOrEqual(100);
  });

  it('is null for a process that does not exist', () => {
    expect(processCpuMs(2 ** 30)).toBeNull();
  });
});
