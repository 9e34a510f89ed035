import { type ClientMessage, MAX_MESSAGE_BYTES, parseClientMessage } from './frames.ts';

/**
 * A page's socket as the hub sees it, and the one way a message from it is read: its
 * bytes bounded, then parsed once (frames.ts). Apart from hub.ts so that the modules the
 * hub hands a socket to (social-relay.ts) need not import the hub.
 */

/** What the hub needs of a WebSocket (the `ws` package's, or a test's fake). */
export interface HubSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** WebSocket close codes (RFC 6455): a message too big, and one that breaks the protocol. */
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_POLICY = 1008;

/**
 * One message from a page, checked for size and shape: the message, or the code its
 * socket is closed with (a binary or unknown frame breaks the protocol, an oversized one is too big).
 */
export function readClientMessage(data: unknown, isBinary: boolean): ClientMessage | { close: number } {
  const bytes = isBinary ? null : bytesOf(data);
  if (bytes === null || bytes.length > MAX_MESSAGE_BYTES)
    return { close: bytes === null ? CLOSE_POLICY : CLOSE_TOO_BIG };
  return parseClientMessage(bytes.toString('utf8')) ?? { close: CLOSE_POLICY };
}

/** A text frame's bytes (ws hands a Buffer, an array of them, or an ArrayBuffer); null for anything else. */
function bytesOf(data: unknown): Buffer | null {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data) && data.every((b) => Buffer.isBuffer(b))) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  return null;
}
