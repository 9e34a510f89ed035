import { describe, expect, it } from 'vitest';
import { ThreadClient } from '../../../src/threads/rpc.ts';
import type { EchoProtocol } from './echo-worker.ts';

const echo = new URL('./echo-worker.ts', import.meta.url);
const waitFor = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('a helper thread', () => {
  it('says what its own isolate holds, and nothing while it is not up', async () => {
    const thread = new ThreadClient<EchoProtocol>({ module: echo });
    expect(await thread.memoryAfterGc()).toBeNull();
    await thread.call('echo', 'hello');
    const memory = await thread.memoryAfterGc();
    expect(memory).not.toBeNull();
    const m = memory as NonNullable<typeof memory>;
    expect(m.heapUsed).toBeGreaterThan(0);
    expect(m.heapCommitted).toBeGreaterThanOrEqual(m.heapUsed);
    expect(m.newSpaceCommitted).toBeGreaterThan(0);
    expect(m.newSpaceCommitted).toBeLessThanOrEqual(m.heapCommitted);
    expect(m.external).toBeGreaterThanOrEqual(m.arrayBuffers);
    expect(m.malloced).toBeGreaterThan(0);
    await thread.close({ drain: true });
  });

  it('is not up until its first job or start()', async () => {
    const thread = new ThreadClient<EchoProtocol>({ module: echo });
    expect(thread.running).toBe(false);
    const reply = await thread.call('echo', 'hello');
    expect(reply.job).toBe('hello');
    expect(thread.running).toBe(true);
    await thread.close({ drain: true });
    expect(thread.running).toBe(false);
  });

  it('stops after its idle time with nothing to do, and a later job starts a new thread', async () => {
    const thread = new ThreadClient<EchoProtocol>({ module: echo, idleStopMs: 300 });
    const first = await thread.call('echo', 1);
    expect(thread.running).toBe(true);
    await waitFor(() => !thread.running);
    const second = await thread.call('echo', 2);
    expect(second.threadId).not.toBe(first.threadId);
    await thread.close({ drain: true });
  });

  it('is not stopped while a job is under way or jobs keep coming', async () => {
    const thread = new ThreadClient<EchoProtocol>({ module: echo, idleStopMs: 3_000 });
    const first = await thread.call('echo', 0);
    // Jobs every 100 ms for a second: never 3 s without one, even on a busy machine.
    for (let i = 1; i <= 10; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const reply = await thread.call('echo', i);
      expect(reply.threadId).toBe(first.threadId);
    }
    await thread.close({ drain: true });
  });

  it("a stopping thread's exit does not fail the next thread's jobs", async () => {
    const thread = new ThreadClient<EchoProtocol>({ module: echo });
    const first = await thread.call('echo', 'a');
    const stopping = thread.close({ drain: true }); // as the idle stop does
    const next = thread.call('echo', 'b'); // a job right then: a new thread boots for it
    await stopping; // the old thread has exited
    const reply = await next;
    expect(reply.job).toBe('b');
    expect(reply.threadId).not.toBe(first.threadId);
    await thread.close({ drain: true });
  });

  it('is ready once its module is loaded, and at once when it is not started', async () => {
    const thread = new ThreadClient<EchoProtocol>({ module: echo });
    await thread.ready(); // not started: nothing to wait for
    expect(thread.running).toBe(false);
    thread.start();
    await thread.ready();
    expect(thread.running).toBe(true);
    expect(await thread.call('echo', 'x')).toMatchObject({ job: 'x' });
    await thread.close({ drain: true });
    await thread.ready(); // stopped: at once again
  });

  it('started by start() stops too when no job comes', async () => {
    const thread = new ThreadClient<EchoProtocol>({ module: echo, idleStopMs: 300 });
    thread.start();
    expect(thread.running).toBe(true);
    await waitFor(() => !thread.running);
  });
});
