import { Agent, Dispatcher } from 'undici';

/**
 * Where discord.js's HTTP requests go: interaction callbacks on a lane of their own,
 * everything else (follow-ups, edits, channel calls) on a small shared pool.
 *
 * A press is answered by its callback, and a player feels anything past a tenth of a
 * second; the follow-ups and edits of a deal come in bursts (a table message, five
 * players' cards, a result). Sharing one pool with them, a callback waited for a socket:
 * under the 200-table load acknowledgement p99 was 240-310 ms whether that pool had no
 * limit (then each burst opened sockets that idled out before the next: 470 in a
 * 40-second run, each a TLS handshake on real Discord) or 16 sockets. On a lane of its
 * own, 100-125 ms, with p50 35-45 → 17-29 ms. The output to channels is already held to
 * 8 requests at a time (see output-lane.ts), so 8 keep-alive sockets carry it.
 */
const CALLBACK_CONNECTIONS = 64;
const OTHER_CONNECTIONS = 8;

/** `POST /interactions/{id}/{token}/callback`: the only request Discord's 3-second answer clock waits for. */
export function isInteractionCallback(path: string): boolean {
  return /\/interactions\/[^/]+\/[^/]+\/callback(\?|$)/.test(path);
}

export class CallbackFirstDispatcher extends Dispatcher {
  private readonly callbacks: Agent;
  private readonly others: Agent;

  constructor(
    connections: { callbacks: number; others: number } = { callbacks: CALLBACK_CONNECTIONS, others: OTHER_CONNECTIONS },
  ) {
    super();
    this.callbacks = new Agent({ connections: connections.callbacks });
    this.others = new Agent({ connections: connections.others });
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
    const lane = isInteractionCallback(options.path) ? this.callbacks : this.others;
    return lane.dispatch(options, handler);
  }

  override async close(): Promise<void> {
    await Promise.all([this.callbacks.close(), this.others.close()]);
  }

  override async destroy(): Promise<void> {
    await Promise.all([this.callbacks.destroy(), this.others.destroy()]);
  }
}
