import { randomBytes } from 'node:crypto';
import type { ActivityIdentity } from './identity.ts';
import type { InstanceCache } from './instances.ts';
import type { Sessions } from './sessions.ts';
import { Signer } from './signed.ts';

/** A ticket opens one WebSocket, within this long of being issued. */
export const TICKET_LIFETIME_MS = 30_000;

/** Which process serves a place: a server's shard, `(guild_id >> 22) % count`; DMs and group DMs shard 0 (SCALING.md). */
export function shardOfPlace(guildId: string | null, count: number): number {
  return guildId === null ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** This process's shard, and how many there are (one process: `{ id: 0, count: 1 }`). */
export interface ShardPlace {
  id: number;
  count: number;
}

/** Why a ticket was not issued: every one is answered 403 and changes nothing. */
export type TicketRefusal = 'session' | 'instance' | 'not-in-instance' | 'other-channel';

/** A ticket and the path its WebSocket opens at (`/s/{shard}/ws` with shards: the shard that owns the table). */
export interface TicketAnswer {
  ticket: string;
  socket: string;
}

interface TicketPayload {
  who: ActivityIdentity;
  shard: number;
  nonce: string;
}

/**
 * Tickets for the WebSocket: asked for with a session (`Authorization: Bearer`) and an
 * instance id, issued only if Discord says (with the bot token) the session's user is in
 * that instance, and in the channel the page says it is in. Signed, so whichever shard
 * issues one the owning shard accepts it; good once (the owning shard keeps what it
 * redeemed until it expires) and for 30 s: never a token in a URL.
 */
export class Tickets {
  private readonly signer: Signer;
  /** Redeemed tickets by nonce, with when they expire, oldest first. */
  private readonly redeemed = new Map<string, number>();

  constructor(
    clientSecret: string,
    private readonly sessions: Sessions,
    private readonly instances: InstanceCache,
    private readonly shard: ShardPlace,
    private readonly now: () => number,
  ) {
    this.signer = new Signer(clientSecret, 'ticket');
  }

  async issue(
    session: string,
    asked: { instanceId: string; channelId?: string | null },
  ): Promise<TicketAnswer | TicketRefusal> {
    const user = this.sessions.read(session);
    if (!user) return 'session';
    const instance = await this.instances.get(asked.instanceId, user.userId);
    if (!instance) return 'instance';
    if (!instance.users.includes(user.userId)) return 'not-in-instance';
    const { channel_id: channelId, guild_id: guildId = null } = instance.location;
    if (asked.channelId && asked.channelId !== channelId) return 'other-channel';
    const who: ActivityIdentity = {
      ...user,
      instanceId: instance.instance_id,
      launchId: instance.launch_id,
      channelId,
      guildId: guildId ?? null,
    };
    const shard = shardOfPlace(who.guildId, this.shard.count);
    const nonce = randomBytes(12).toString('base64url');
    const ticket = this.signer.sign({ who, shard, nonce } satisfies TicketPayload, this.now() + TICKET_LIFETIME_MS);
    const prefix = this.shard.count > 1 ? `/s/${shard}` : '';
    return { ticket, socket: `${prefix}/ws?ticket=${encodeURIComponent(ticket)}` };
  }

  /**
   * Who a ticket opens a socket for, once: null if it is forged, expired, used, or another
   * shard's. A ticket whose user `mayOpen` refuses (no room for one more socket) is not
   * used up: `'no-room'`, and it may be tried again.
   */
  redeem(
    ticket: string,
    mayOpen: (who: ActivityIdentity) => boolean = () => true,
  ): ActivityIdentity | 'no-room' | null {
    const now = this.now();
    for (const [nonce, expiresAt] of this.redeemed) {
      if (expiresAt > now) break;
      this.redeemed.delete(nonce);
    }
    const payload = this.signer.read<TicketPayload>(ticket, now);
    if (!payload || payload.shard !== this.shard.id || this.redeemed.has(payload.nonce)) return null;
    if (!mayOpen(payload.who)) return 'no-room';
    this.redeemed.set(payload.nonce, payload.exp);
    return payload.who;
  }
}
