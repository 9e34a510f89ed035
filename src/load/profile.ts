import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * A CPU profile of this thread for a load run, when LOAD_CPU_PROF names a directory
 * (`node --cpu-prof` profiles only the main thread, and the bot runs in a worker):
 * returns what stops it and writes `bot-<pid>-<thread>.cpuprofile` there, for Chrome's
 * DevTools. Without the variable it costs nothing.
 */
export async function profileThisThread(): Promise<() => Promise<void>> {
  const dir = process.env.LOAD_CPU_PROF;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(join(dir, `bot-${process.pid}-${threadId}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}
