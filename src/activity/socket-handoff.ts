import type { WebSocket } from 'ws';
import type { ActivityIdentity } from './identity.ts';

/**
 * Where the HTTP side hands a socket once it has proved who is behind it (the Activity's
 * hub, hub.ts, takes it): from then on the socket carries that user's view of the
 * channel's table.
 */
export interface SocketHandoff {
  attach(socket: WebSocket, who: ActivityIdentity): void;
}
