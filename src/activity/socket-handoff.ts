import type { ActivityIdentity } from './identity.ts';

/**
 * A page's WebSocket as the HTTP side hands it over: guarded already (socket-guard.ts:
 * its errors end it alone, a client that does not read is cut off, a silent one is
 * pinged out), so whoever takes it only sends, closes and listens.
 */
export interface GuardedSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/**
 * Where the HTTP side hands a socket once it has proved who is behind it (the table
 * side, the Activity's hub, hub.ts, takes it): from then on the socket carries that
 * user's view of the channel's table.
 */
export interface SocketHandoff {
  attach(socket: GuardedSocket, who: ActivityIdentity): void;
}
