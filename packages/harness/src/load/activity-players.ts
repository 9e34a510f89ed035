import { performance } from 'node:perf_hooks';
import type { LocalDiscord } from '@guts/local-discord';
import type { ServerFrame, TableFrame } from 'guts/src/activity/frames.ts';
import { INSTANCE_CACHE_MS } from 'guts/src/activity/instances.ts';
import type { PressKind } from 'guts/src/table/press-kinds.ts';
import WebSocket from 'ws';

type Ref = { id: string };

const TICKET_RETRY_MS = 1_000;

/**
 * The Activity's limits for a load run: its hundreds of players all sign in from this one
 * loopback address at once (in production they come through Discord's proxy, from many),
 * so the address's buckets and shares, and the calls in flight, are opened wide. Every
 * other limit (per user, per socket) stays as it is.
 */
export const LOAD_ACTIVITY_LIMITS = {
  addressBurst: 1_000_000,
  addressPerSecond: 1_000_000,
  addressInFlight: 1_000,
  addressWaiting: 100_000,
  discordInFlight: 1_000,
  discordWaiting: 100_000,
  discordPerSecond: 1_000_000,
  discordBurst: 1_000_000,
};

/** How long an answer may take before the press counts as missed: Discord's 3 s for an interaction. */
export const ANSWER_DEADLINE_MS = 3_000;

/**
 * A player in the Activity, as the page is (src/activity/page/main.ts) without a browser:
 * the SDK's `authorize` code (the local Discord's) exchanged for a session, the user in
 * the channel's instance, a single-use ticket, then the WebSocket, whose frames keep the
 * table as the page would show it. Presses go as the page sends them; each is timed from
 * sending to its acknowledgement (as a button's: the `ack` frame, else the answer) and to its answer.
 */
export class ActivityPlayer {
  /** The table as the last frame showed it (null before the snapshot, or with no game). */
  table: TableFrame | null = null;
  private readonly waiting = new Set<() => void>();
  private readonly answers = new Map<string, (answer: { ok: boolean; text: string | null }) => void>();
  /** When each press was acknowledged before its answer (the hub's `ack` frame), by request id. */
  private readonly acked = new Map<string, number>();
  private presses = 0;

  private constructor(
    readonly user: Ref,
    private readonly socket: WebSocket,
  ) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === 'ack') {
        if (!this.acked.has(frame.requestId)) this.acked.set(frame.requestId, performance.now());
        return;
      }
      if (frame.type === 'answer') {
        this.answers.get(frame.requestId)?.({ ok: frame.ok, text: frame.text });
        this.answers.delete(frame.requestId);
        return;
      }
      this.table = frame.table;
      for (const check of [...this.waiting]) check();
    });
  }

  /** Signs `user` in as the page does and opens their socket on the Activity of `channel` at `base` (http://host:port). */
  static async connect(discord: LocalDiscord, base: string, user: Ref, channel: Ref): Promise<ActivityPlayer> {
    const post = async (path: string, body: unknown, bearer?: string) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} for user ${user.id}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const { session } = (await post('/api/session', { code: discord.authorizeActivity(user) })) as { session: string };
    const { instanceId } = discord.launchActivity(user, channel);
    // The bot keeps what Discord said of an instance for a few seconds (INSTANCE_CACHE_MS): a
    // user who joined since is not in it yet, and asks again, as the page would.
    let ticket: { socket: string } | null = null;
    for (let attempt = 1; !ticket; attempt++) {
      try {
        ticket = (await post('/api/ticket', { instanceId, channelId: channel.id }, session)) as { socket: string };
      } catch (err) {
        if (attempt * TICKET_RETRY_MS > 2 * INSTANCE_CACHE_MS) throw err;
        await new Promise((r) => setTimeout(r, TICKET_RETRY_MS));
      }
    }
    const { socket } = ticket;
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${socket}`);
    const player = new ActivityPlayer(user, ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return player;
  }

  /** Resolves once the table as shown matches (now or after a frame), or rejects after `timeoutMs`. */
  until(matches: (table: TableFrame | null) => boolean, timeoutMs = 60_000): Promise<void> {
    if (matches(this.table)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(check);
      };
      const check = () => {
        if (!matches(this.table)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`user ${this.user.id}: the page did not show what was awaited within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.add(check);
    });
  }

  /** Whether the table shown asks this player to choose in `dealNo`. */
  asked(dealNo: number): boolean {
    const table = this.table;
    return (
      table?.dealNo === dealNo && table.awaiting.kind === 'declare' && table.awaiting.pending.includes(this.user.id)
    );
  }

  /** Sends a press as the page does; resolves with its answer and how long it took to it (`ms`) and to its acknowledgement (`ackMs`). */
  async press(
    press: PressKind,
    dealNo: number,
  ): Promise<{ ok: boolean; text: string | null; ms: number; ackMs: number }> {
    const requestId = `load-${++this.presses}`;
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<{ ok: boolean; text: string | null }>((resolve, reject) => {
      this.answers.set(requestId, resolve);
      timer = setTimeout(() => reject(new Error(`user ${this.user.id}: no answer to ${press} in a minute`)), 60_000);
    });
    const sent = performance.now();
    this.socket.send(JSON.stringify({ type: 'press', requestId, press, dealNo }));
    const answer = await answered.finally(() => clearTimeout(timer));
    const at = performance.now();
    const ackedAt = this.acked.get(requestId) ?? at;
    this.acked.delete(requestId);
    return { ...answer, ms: at - sent, ackMs: ackedAt - sent };
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
