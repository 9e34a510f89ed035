import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import type { ThreadMemory } from './rpc.ts';

/**
 * What this thread's V8 isolate holds after a full collection (when node runs with
 * --expose-gc; as it is otherwise): what a long run asks every thread to see whether,
 * and in what, it grows. Answered at once, not queued behind jobs.
 */
export function memoryAfterCollection(): ThreadMemory {
  (globalThis as { gc?: () => void }).gc?.();
  const heap = getHeapStatistics();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return {
    heapUsed: heap.used_heap_size,
    heapCommitted: heap.total_heap_size,
    newSpaceCommitted: newSpace?.space_size ?? 0,
    external: heap.external_memory,
    // Per isolate in a worker too: each thread has its own ArrayBuffer allocator.
    arrayBuffers: process.memoryUsage().arrayBuffers,
    malloced: heap.malloced_memory,
  };
}
