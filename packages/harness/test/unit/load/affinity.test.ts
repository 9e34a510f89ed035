import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canPin, onCores, pinThisProcess } from '../../../src/load/affinity.ts';

/** The cores a thread of this process may run on, as /proc lists them ("0", "0-1"). */
const coresOf = (tid: string) =>
  /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(`/proc/self/task/${tid}/status`, 'utf8'))?.[1];
const threads = () => readdirSync('/proc/self/task');

describe.skipIf(!canPin())('keeping load processes on chosen cores', () => {
  it('starts a command on the cores asked for', () => {
    const [command, args] = onCores('0', process.execPath, [
      '-e',
      "process.stdout.write(/Cpus_allowed_list:\\s*(\\S+)/.exec(require('fs').readFileSync('/proc/self/status','utf8'))[1])",
    ]);
    expect(execFileSync(command, args, { encoding: 'utf8' })).toBe('0');
  });

  it('keeps every thread of this process on the cores asked for, then puts back the cores each had', () => {
    const before = new Map(threads().map((tid) => [tid, coresOf(tid)]));
    const unpin = pinThisProcess('0');
    try {
      for (const tid of threads()) expect(coresOf(tid)).toBe('0');
    } finally {
      unpin();
    }
    for (const [tid, cores] of before) expect(coresOf(tid)).toBe(cores);
  });
});
