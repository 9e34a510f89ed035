import type { EventEmitter } from 'node:events';

/**
 * Resolves with the first non-undefined result of `check`, evaluated now and after
 * every `event` on `changes`; rejects after `timeoutMs` with a message naming `what`,
 * or as soon as `check` throws.
 */
export function waitUntil<T>(
  changes: EventEmitter,
  event: string,
  check: () => T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      changes.off(event, onChange);
      settle();
    };
    const onChange = () => {
      try {
        const result = check();
        if (result !== undefined) finish(() => resolve(result));
      } catch (error) {
        finish(() => reject(error));
      }
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))),
      timeoutMs,
    );
    changes.on(event, onChange);
    onChange();
  });
}
