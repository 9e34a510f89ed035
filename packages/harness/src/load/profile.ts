import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Profiles of this thread for a load run (`node --cpu-prof` profiles only the main
 * thread, and the bot runs in a worker), for Chrome's DevTools: a CPU profile when
 * LOAD_CPU_PROF names a directory (`bot-<pid>-<thread>.cpuprofile`), and when
 * LOAD_HEAP_PROF does, a sampled profile of every allocation, those already collected
 * included (`.heapprofile`: what makes the garbage collector work, by stack). Returns
 * what stops them and writes the files. Without the variables it costs nothing.
 */
export async function profileThisThread(): Promise<() => Promise<void>> {
  const cpuDir = process.env.LOAD_CPU_PROF;
  const heapDir = process.env.LOAD_HEAP_PROF;
  if (!cpuDir && !heapDir) return async () => {};
  const session = new Session();
  session.connect();
  const file = (dir: string, ext: string) => join(dir, `bot-${process.pid}-${threadId}.${ext}`);
  if (cpuDir) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  if (heapDir) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  return async () => {
    if (cpuDir) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file(cpuDir, 'cpuprofile'), JSON.stringify(profile));
    }
    if (heapDir) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      await writeFile(file(heapDir, 'heapprofile'), JSON.stringify(profile));
    }
    session.disconnect();
  };
}
