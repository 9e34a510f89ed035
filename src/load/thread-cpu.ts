import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times: USER_HZ, 100 on every Linux the bot runs on. */
const USER_HZ = 100;

/**
 * CPU time (user + system) the calling OS thread has used, ms, from
 * /proc/thread-self/stat (Linux; 10 ms resolution); null where there is no such file.
 * Unlike event loop utilisation, a thread that is runnable but waiting for a core
 * does not count: on a busy machine this is the thread's own work.
 */
export function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // After "pid (comm) ": state is field 3, utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    return ((utime + stime) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}
