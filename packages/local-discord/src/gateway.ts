import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type ApplicationFlags,
  GatewayCloseCodes,
  type GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
  type GatewayReadyDispatchData,
} from 'discord-api-types/v10';
import { type WebSocket, WebSocketServer } from 'ws';
import { apiGuildCreate, apiMember, apiUser } from './state/render.ts';
import type { Store } from './state/store.ts';
import type { UserRecord } from './state/types.ts';

/** The bot account the gateway authenticates. */
export interface BotIdentity {
  token: string;
  user: UserRecord;
}

export interface GatewayOptions {
  store: Store;
  bot: BotIdentity;
  /** The URL clients connect (and resume) to, without query. */
  url: () => string;
  heartbeatIntervalMs: number;
  /** How many missed dispatches a disconnected session keeps for its RESUME. */
  backlogLimit?: number;
  /** Privileged intents enabled for the application in its settings (bits); others close with 4014. */
  privilegedIntents?: number;
}

/** Guild Members, Guild Presences and Message Content: a bot must be granted these. */
const PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15);

interface Dispatch {
  t: string;
  s: number;
  d: unknown;
  /** Called once, when the event is actually written to a socket (at once, or on replay). */
  onSent?: () => void;
}

/** A gateway session: survives its socket, so a RESUME can pick it up and replay what it missed. */
interface Session {
  id: string;
  shard: [number, number];
  intents: number;
  seq: number;
  backlog: Dispatch[];
  socket: WebSocket | null;
}

/** Dispatches that need an intent; everything else (READY, INTERACTION_CREATE…) needs none. */
const requiredIntent: Record<string, number> = {
  GUILD_CREATE: GatewayIntentBits.Guilds,
  GUILD_DELETE: GatewayIntentBits.Guilds,
  GUILD_ROLE_CREATE: GatewayIntentBits.Guilds,
  GUILD_ROLE_UPDATE: GatewayIntentBits.Guilds,
  CHANNEL_CREATE: GatewayIntentBits.Guilds,
  CHANNEL_UPDATE: GatewayIntentBits.Guilds,
  CHANNEL_DELETE: GatewayIntentBits.Guilds,
  THREAD_CREATE: GatewayIntentBits.Guilds,
  THREAD_UPDATE: GatewayIntentBits.Guilds,
  THREAD_DELETE: GatewayIntentBits.Guilds,
  GUILD_MEMBER_ADD: GatewayIntentBits.GuildMembers,
  GUILD_MEMBER_REMOVE: GatewayIntentBits.GuildMembers,
  MESSAGE_CREATE: GatewayIntentBits.GuildMessages,
  MESSAGE_UPDATE: GatewayIntentBits.GuildMessages,
  MESSAGE_DELETE: GatewayIntentBits.GuildMessages,
};

/** Which shard a guild lives on, by Discord's formula. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/**
 * The WebSocket gateway (JSON encoding, no compression): HELLO, IDENTIFY → READY and
 * one GUILD_CREATE per guild, heartbeats, RESUME with replay of missed dispatches,
 * and one session per shard receiving that shard's events.
 */
export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private readonly backlogLimit: number;

  constructor(private readonly options: GatewayOptions) {
    this.backlogLimit = options.backlogLimit ?? 10_000;
    this.wss.on('connection', (socket, request) => this.onConnection(socket, request));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
  }

  /**
   * Sends an event to the newest session of the guild's shard (Discord delivers each
   * event once per shard). Returns false when no session exists: the bot is offline.
   * `d` may be a function building the payload, called only if a session will get it.
   */
  dispatch(guildId: string, t: `${GatewayDispatchEvents}`, d: unknown, onSent?: () => void): boolean {
    // A server that never invited the bot (a player's user install brings it) sends it
    // nothing but the interactions meant for it.
    const guild = guildId === '' ? undefined : this.options.store.guilds.get(guildId);
    if (guild && !guild.members.has(this.options.bot.user.id) && t !== 'INTERACTION_CREATE' && t !== 'GUILD_DELETE')
      return false;
    const target = this.target(guildId, t);
    if (!target) return false;
    const payload = typeof d === 'function' ? d() : d;
    this.send(target, { t, s: ++target.seq, d: payload, ...(onSent ? { onSent } : {}) });
    return true;
  }

  private target(guildId: string, t: `${GatewayDispatchEvents}`): Session | undefined {
    const needed = requiredIntent[t] ?? 0;
    let target: Session | undefined;
    for (const session of this.sessions.values()) {
      if (shardOf(guildId, session.shard[1]) === session.shard[0]) target = session; // later = newer
    }
    return target && (target.intents & needed) === needed ? target : undefined;
  }

  /** Kills every socket without a close frame, as a network failure would: clients RESUME. */
  dropConnections(): void {
    for (const session of this.sessions.values()) {
      session.socket?.terminate();
      session.socket = null;
    }
  }

  /** True while some session has an open socket. */
  get connected(): boolean {
    return [...this.sessions.values()].some((s) => s.socket !== null);
  }

  close(): void {
    for (const client of this.wss.clients) client.terminate();
    this.sessions.clear();
    this.wss.close();
  }

  private send(session: Session, dispatch: Dispatch): void {
    session.backlog.push(dispatch);
    if (session.backlog.length > this.backlogLimit) session.backlog.shift();
    if (session.socket) this.write(session.socket, dispatch);
  }

  private write(socket: WebSocket, dispatch: Dispatch): void {
    socket.send(JSON.stringify({ op: GatewayOpcodes.Dispatch, t: dispatch.t, s: dispatch.s, d: dispatch.d }));
    dispatch.onSent?.();
    delete dispatch.onSent;
  }

  private onConnection(socket: WebSocket, request: IncomingMessage): void {
    const query = new URL(request.url ?? '/', 'http://gateway').searchParams;
    if (query.get('v') !== null && query.get('v') !== '10') {
      socket.close(GatewayCloseCodes.InvalidAPIVersion, 'Invalid API version');
      return;
    }
    let session: Session | null = null;
    socket.send(
      JSON.stringify({
        op: GatewayOpcodes.Hello,
        d: { heartbeat_interval: this.options.heartbeatIntervalMs },
        s: null,
        t: null,
      }),
    );
    socket.on('message', (raw) => {
      let payload: { op?: unknown; d?: unknown };
      try {
        payload = JSON.parse(raw.toString());
      } catch {
        socket.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
        return;
      }
      const op = payload.op;
      if (op === GatewayOpcodes.Heartbeat) {
        socket.send(JSON.stringify({ op: GatewayOpcodes.HeartbeatAck }));
      } else if (op === GatewayOpcodes.Identify || op === GatewayOpcodes.Resume) {
        if (session) {
          socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
          return;
        }
        session = op === GatewayOpcodes.Identify ? this.identify(socket, payload.d) : this.resume(socket, payload.d);
      } else if (!session) {
        socket.close(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.');
      } else if (typeof op !== 'number' || !(op in GatewayOpcodes)) {
        socket.close(GatewayCloseCodes.UnknownOpcode, 'Unknown opcode.');
      }
      // Presence and voice updates are accepted and ignored: the bot has no use for them here.
    });
    socket.on('close', (code) => {
      if (!session || session.socket !== socket) return;
      session.socket = null;
      // A clean close ends the session; anything else leaves it resumable.
      if (code === 1000 || code === 1001) this.sessions.delete(session.id);
    });
  }

  private authenticate(socket: WebSocket, token: unknown): boolean {
    const bare = typeof token === 'string' ? token.replace(/^Bot /, '') : '';
    if (bare === this.options.bot.token) return true;
    socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
    return false;
  }

  private identify(socket: WebSocket, data: unknown): Session | null {
    const d = (data ?? {}) as { token?: unknown; intents?: unknown; shard?: unknown };
    if (!this.authenticate(socket, d.token)) return null;
    const intents = typeof d.intents === 'number' ? d.intents : 0;
    if (intents & PRIVILEGED_INTENTS & ~(this.options.privilegedIntents ?? 0)) {
      socket.close(GatewayCloseCodes.DisallowedIntents, 'Disallowed intent(s).');
      return null;
    }
    const shard = Array.isArray(d.shard) ? (d.shard as [number, number]) : ([0, 1] as [number, number]);
    if (!(shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1])) {
      socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
      return null;
    }
    // A new session for a shard supersedes the disconnected ones (a restarted bot).
    for (const [id, old] of this.sessions) {
      if (old.shard[0] === shard[0] && old.shard[1] === shard[1] && !old.socket) this.sessions.delete(id);
    }
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      shard,
      intents,
      seq: 0,
      backlog: [],
      socket,
    };
    this.sessions.set(session.id, session);
    const { store, bot } = this.options;
    const guilds = [...store.guilds.values()].filter(
      (g) => g.members.has(bot.user.id) && shardOf(g.id, shard[1]) === shard[0],
    );
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: apiUser(bot.user),
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.options.url(),
      shard,
      application: { id: bot.user.id, flags: 0 as ApplicationFlags, flags_new: '0' }, // no flags set
    };
    this.send(session, { t: 'READY', s: ++session.seq, d: ready });
    for (const guild of guilds) {
      this.send(session, { t: 'GUILD_CREATE', s: ++session.seq, d: apiGuildCreate(store, guild, bot.user.id) });
    }
    return session;
  }

  private resume(socket: WebSocket, data: unknown): Session | null {
    const d = (data ?? {}) as { token?: unknown; session_id?: unknown; seq?: unknown };
    if (!this.authenticate(socket, d.token)) return null;
    const session = typeof d.session_id === 'string' ? this.sessions.get(d.session_id) : undefined;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    const oldest = session?.backlog[0]?.s ?? Number.POSITIVE_INFINITY;
    if (!session || seq > session.seq || (seq + 1 < oldest && seq < session.seq)) {
      socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
      return null;
    }
    session.socket?.terminate();
    session.socket = socket;
    for (const missed of session.backlog) if (missed.s > seq) this.write(socket, missed);
    this.send(session, { t: 'RESUMED', s: ++session.seq, d: null });
    return session;
  }
}

/**
 * Tells the bot about public guild messages (MESSAGE_* dispatches, GuildMessages
 * intent). Ephemeral messages never reach the gateway, as in Discord, nor do direct
 * messages (guildId ''), which would need the DirectMessages intent the bot never asks for.
 */
export function forwardMessageEvents(store: Store, gateway: Gateway): void {
  store.on('messageCreate', ({ message, guildId, visibleTo }) => {
    if (visibleTo !== null || guildId === '') return;
    // The member is built only for a bot that gets the event (it costs under load).
    gateway.dispatch(guildId, 'MESSAGE_CREATE', () => {
      const { user: _user, ...member } = apiMember(store, store.guild(guildId), message.author.id);
      return { ...message, guild_id: guildId, member };
    });
  });
  store.on('messageUpdate', ({ message, guildId, visibleTo }) => {
    if (visibleTo === null && guildId !== '')
      gateway.dispatch(guildId, 'MESSAGE_UPDATE', { ...message, guild_id: guildId });
  });
  store.on('messageDelete', ({ id, channelId, guildId, visibleTo }) => {
    if (visibleTo === null && guildId !== '')
      gateway.dispatch(guildId, 'MESSAGE_DELETE', { id, channel_id: channelId, guild_id: guildId });
  });
}
