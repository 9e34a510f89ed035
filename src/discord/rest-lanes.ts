import { Agent, Dispatcher } from 'undici';

/**
 * Where discord.js's HTTP requests go: interaction callbacks on a lane of their own,
 * everything else (follow-ups, edits, channel calls) on a small shared pool.
 *
 * A press is answered by its callback, and a player feels anything past a tenth of a
 * second; the follow-ups and edits a deal sends come in bursts (a table message, five
 * players' cards, a result). On one pool a callback waited in line behind a burst: under
 * the 200-table load acknowledgement p99 was 250-300 ms with p50 35 ms; on a lane of its
 * own, 100-115 ms and 17-23 ms. The shared pool is kept small because with no limit
 * each burst opened sockets that idled out before the next one (470 connections in a
 * 40-second run, each a TLS handshake on real Discord); a few keep-alive sockets carry
 * the rest at the same rate.
 */
export const CALLBACK_CONNECTIONS = 64;
export const OTHER_CONNECTIONS = 8;

/** `POST /interactions/{id}/{token}/callback`: the only request Discord's 3-second answer clock waits for. */
export function isInteractionCallback(path: string): boolean {
  return /\/interactions\/[^/]+\/[^/]+\/callback(\?|$)/.test(path);
}

export class RestLanes extends Dispatcher {
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
