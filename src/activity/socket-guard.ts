import type { WebSocket } from 'ws';
import type { Logger } from '../log.ts';
import type { ActivityLimits } from './activity-limits.ts';
import type { GuardedSocket } from './socket-handoff.ts';

/** How long a closed socket's client has to answer the close frame. */
const CLOSE_GRACE_MS = 2_000;

/**
 * What keeps one page's WebSocket from costing the bot more than a bounded amount, around
 * the hub's handling of it:
 * - an `error` listener: anything the client sends that breaks the protocol (a frame over
 *   the largest a page sends, invalid UTF-8, RSV1, an unmasked frame) ends that socket
 *   alone (ws has already sent its close code: 1009, 1007, 1002), counted and logged at
 *   debug, never as an unhandled 'error' that would end the process;
 * - back-pressure: a client that does not read what it is sent (its unsent bytes past
 *   `maxBufferedBytes`) is cut off instead of being buffered for without end;
 * - a heartbeat: a ping every `pingIntervalMs`; a socket that has not answered the last
 *   one by the next is gone (a dead network, a silent client) and is ended;
 * - a cap on one user's open sockets (`socketsPerUser`).
 */
export class SocketGuard {
  private readonly alive = new Map<WebSocket, boolean>();
  /** Sockets closed from here, until they are gone. */
  private readonly closing = new Set<WebSocket>();
  private readonly perUser = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  /** Sockets ended for an error, or for not reading: what the operator may look at. */
  readonly counts = { errors: 0, slowReaders: 0, missedPongs: 0 };

  constructor(
    private readonly limits: Pick<ActivityLimits, 'maxBufferedBytes' | 'pingIntervalMs' | 'socketsPerUser'>,
    private readonly log: Logger,
  ) {
    this.heartbeat = setInterval(() => this.beat(), limits.pingIntervalMs);
    this.heartbeat.unref();
  }

  /** Whether `userId` may open one more socket. */
  hasRoomFor(userId: string): boolean {
    return (this.perUser.get(userId) ?? 0) < this.limits.socketsPerUser;
  }

  /** Guards a socket just upgraded, before anything else listens to it: what the hub is handed. */
  guard(ws: WebSocket, userId: string): GuardedSocket {
    ws.on('error', (err) => {
      this.counts.errors++;
      this.log.debug({ err: err.message, userId }, 'activity socket error: closed');
      ws.terminate();
    });
    this.alive.set(ws, true);
    ws.on('pong', () => this.alive.set(ws, true));
    // ws answers every ping with a pong: pings from a client that does not read would queue pongs without end.
    ws.on('ping', () => this.checkQueued(ws, 0, userId));
    this.perUser.set(userId, (this.perUser.get(userId) ?? 0) + 1);
    ws.once('close', () => {
      this.alive.delete(ws);
      this.closing.delete(ws);
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    });
    return {
      send: (data) => this.send(ws, data, userId),
      close: (code, reason) => this.close(ws, code, reason),
      // Once closed from here, nothing more it sent is handed on (what was already read included).
      on: (event: 'message' | 'close', listener: (...args: never[]) => void) =>
        ws.on(event, (...args: unknown[]) => {
          if (event !== 'message' || !this.closing.has(ws)) (listener as (...a: unknown[]) => void)(...args);
        }),
    } as GuardedSocket;
  }

  /** Stops the heartbeat (the server closes). */
  stop(): void {
    clearInterval(this.heartbeat);
  }

  /**
   * Closes with `code` and reads nothing more from it (a flood goes on arriving for a while);
   * the connection ends a moment later, its close frame sent (ws would wait 30 s for an answer).
   */
  private close(ws: WebSocket, code?: number, reason?: string): void {
    if (this.closing.has(ws)) return;
    this.closing.add(ws);
    ws.close(code, reason);
    ws.pause();
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  private send(ws: WebSocket, data: string, userId: string): void {
    if (ws.readyState !== ws.OPEN || !this.checkQueued(ws, data.length, userId)) return;
    ws.send(data);
  }

  /** Whether `more` bytes may be queued for the socket; if not, it is cut off (it does not read). */
  private checkQueued(ws: WebSocket, more: number, userId: string): boolean {
    if (ws.bufferedAmount + more <= this.limits.maxBufferedBytes) return true;
    this.counts.slowReaders++;
    this.log.debug({ userId, buffered: ws.bufferedAmount }, 'activity socket not reading: closed');
    ws.terminate();
    return false;
  }

  private beat(): void {
    for (const [ws, alive] of this.alive) {
      if (!alive) {
        this.counts.missedPongs++;
        ws.terminate();
        continue;
      }
      this.alive.set(ws, false);
      ws.ping();
    }
  }
}
