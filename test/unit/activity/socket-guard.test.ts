import { EventEmitter } from 'node:events';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { SocketGuard } from '../../../src/activity/socket-guard.ts';

/** What the guard uses of a ws socket, recorded. */
class FakeWs extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.pings++;
  }
  close() {}
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
}

const limits = { maxBufferedBytes: 1_000, pingIntervalMs: 100, socketsPerUser: 2 };
const log = pino({ level: 'silent' });
const guarded = (guard: SocketGuard, userId = 'ann') => {
  const ws = new FakeWs();
  return { ws, socket: guard.guard(ws as unknown as WebSocket, userId) };
};

describe("the Activity's socket guard", () => {
  afterEach(() => vi.useRealTimers());

  it('ends a socket on its error alone, and counts it', () => {
    const guard = new SocketGuard(limits, log);
    const bad = guarded(guard);
    const other = guarded(guard, 'bob');
    bad.ws.emit('error', new RangeError('Max payload size exceeded'));
    expect(bad.ws.terminated).toBe(true);
    expect(other.ws.terminated).toBe(false);
    expect(guard.counts.errors).toBe(1);
    guard.stop();
  });

  it('cuts off a client whose unsent data passes the bound instead of queueing more', () => {
    const guard = new SocketGuard(limits, log);
    const { ws, socket } = guarded(guard);
    socket.send('x'.repeat(100));
    ws.bufferedAmount = 950;
    socket.send('y'.repeat(100));
    expect(ws.sent).toHaveLength(1);
    expect(ws.terminated).toBe(true);
    expect(guard.counts.slowReaders).toBe(1);
    guard.stop();
  });

  it('cuts off a client that pings without reading the pongs', () => {
    const guard = new SocketGuard(limits, log);
    const { ws } = guarded(guard);
    ws.emit('ping');
    expect(ws.terminated).toBe(false);
    ws.bufferedAmount = 2_000;
    ws.emit('ping');
    expect(ws.terminated).toBe(true);
    guard.stop();
  });

  it('pings each socket every interval and ends one that missed the last pong', () => {
    vi.useFakeTimers();
    const guard = new SocketGuard(limits, log);
    const answering = guarded(guard);
    const silent = guarded(guard, 'bob');
    vi.advanceTimersByTime(100);
    expect([answering.ws.pings, silent.ws.pings]).toEqual([1, 1]);
    answering.ws.emit('pong');
    vi.advanceTimersByTime(100);
    expect(silent.ws.terminated).toBe(true);
    expect(answering.ws.terminated).toBe(false);
    expect(guard.counts.missedPongs).toBe(1);
    guard.stop();
  });

  it("counts a user's open sockets against the cap until they close", () => {
    const guard = new SocketGuard(limits, log);
    const first = guarded(guard);
    guarded(guard);
    expect(guard.hasRoomFor('ann')).toBe(false);
    expect(guard.hasRoomFor('bob')).toBe(true);
    first.ws.terminate();
    expect(guard.hasRoomFor('ann')).toBe(true);
    guard.stop();
  });
});
