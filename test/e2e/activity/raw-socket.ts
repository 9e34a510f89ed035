import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * A WebSocket as an attacker holds one: the upgrade done by hand on a plain TCP socket,
 * then any bytes at all, frames the `ws` client would never send (unmasked, RSV1 set,
 * invalid UTF-8, any length). `closed` resolves when the bot ends the connection, with the
 * close code of its close frame, if it sent one.
 */
export class RawSocket {
  private received = Buffer.alloc(0);
  readonly closed: Promise<number | null>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
    });
    // The peer resetting the connection is how some refusals end: nothing to report.
    socket.on('error', () => {});
    this.closed = new Promise((resolve) => socket.once('close', () => resolve(this.closeCode())));
  }

  /** Upgrades `path` (the ticket's socket path); rejects unless the bot answers 101. */
  static async open(port: number, path: string): Promise<RawSocket> {
    const socket = connect(port, '127.0.0.1');
    const raw = new RawSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
    const key = randomBytes(16).toString('base64');
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    const deadline = Date.now() + 10_000;
    while (!raw.received.includes('\r\n\r\n')) {
      if (Date.now() > deadline || socket.destroyed) throw new Error('no answer to the upgrade');
      await new Promise((r) => setTimeout(r, 10));
    }
    const head = raw.received.subarray(0, raw.received.indexOf('\r\n\r\n') + 4);
    if (!head.toString('latin1').startsWith('HTTP/1.1 101')) throw new Error(`refused: ${head.toString('latin1')}`);
    raw.received = raw.received.subarray(head.length);
    return raw;
  }

  /** Writes bytes as they are. */
  write(bytes: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** Stops reading what the bot sends (a client that never reads). */
  pause(): void {
    this.socket.pause();
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The code of the first close frame the bot sent, if any (frames are small here: 7-bit lengths). */
  private closeCode(): number | null {
    let at = 0;
    while (at + 2 <= this.received.length) {
      const opcode = (this.received[at] as number) & 0x0f;
      let length = (this.received[at + 1] as number) & 0x7f;
      let start = at + 2;
      if (length === 126) {
        length = this.received.readUInt16BE(at + 2);
        start += 2;
      } else if (length === 127) {
        length = Number(this.received.readBigUInt64BE(at + 2));
        start += 8;
      }
      if (opcode === 0x8) return length >= 2 ? this.received.readUInt16BE(start) : null;
      at = start + length;
    }
    return null;
  }
}

export interface FrameOptions {
  /** Default 0x1 (text). */
  opcode?: number;
  /** Default true: a client's frames are masked; false breaks the protocol. */
  masked?: boolean;
  /** Set RSV1 (compression, never negotiated here). */
  rsv1?: boolean;
  /** Default true. */
  fin?: boolean;
}

/** One WebSocket frame around `payload`, as RFC 6455 lays it out. */
export function frame(payload: Buffer, options: FrameOptions = {}): Buffer {
  const { opcode = 0x1, masked = true, rsv1 = false, fin = true } = options;
  const first = (fin ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | opcode;
  let lengthBytes: Buffer;
  if (payload.length < 126) lengthBytes = Buffer.from([payload.length]);
  else if (payload.length < 65536) {
    lengthBytes = Buffer.alloc(3);
    lengthBytes[0] = 126;
    lengthBytes.writeUInt16BE(payload.length, 1);
  } else {
    lengthBytes = Buffer.alloc(9);
    lengthBytes[0] = 127;
    lengthBytes.writeBigUInt64BE(BigInt(payload.length), 1);
  }
  if (masked) lengthBytes[0] = (lengthBytes[0] as number) | 0x80;
  const mask = masked ? randomBytes(4) : Buffer.alloc(0);
  const body = Buffer.from(payload);
  if (masked) for (let i = 0; i < body.length; i++) body[i] = (body[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([Buffer.from([first]), lengthBytes, mask, body]);
}
