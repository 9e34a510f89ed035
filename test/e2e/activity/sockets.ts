import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { ActivityLimits } from '../../../src/activity/activity-limits.ts';
import type { PressMessage, ServerFrame, TableFrame } from '../../../src/activity/frames.ts';
import type { World, WorldOptions } from '../world.ts';

/** An empty folder for the page's files: the same for every world (one each left hundreds behind a run). */
const NO_PAGE = join(tmpdir(), 'guts-no-page');

/** A world serving the Activity's API and WebSocket (no page: these tests speak the protocol themselves). */
export function withActivity(options: WorldOptions, limits?: Partial<ActivityLimits>): WorldOptions {
  mkdirSync(NO_PAGE, { recursive: true });
  return { ...options, activity: { assetsDir: NO_PAGE, ...(limits ? { limits } : {}) } };
}

type Answer = Extract<ServerFrame, { type: 'answer' }>;

/**
 * One player's Activity page as the wire sees it, with no browser: a session from the
 * local Discord's code exchange (the SDK's `authorize`), a ticket for the instance, and a
 * real WebSocket (the `ws` package's client) whose every frame is kept, in order.
 */
export class ActivitySocket {
  readonly frames: ServerFrame[] = [];
  private requests = 0;

  private constructor(
    readonly name: string,
    private readonly ws: WebSocket,
  ) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as ServerFrame));
  }

  /**
   * Each of `names` joins the instance in Discord, then opens the page's socket as the
   * page does (all join first: the bot takes Discord's list of an instance's users as it
   * was a few seconds ago).
   */
  static async openAll(world: World, names: string[], instanceId: string): Promise<ActivitySocket[]> {
    for (const name of names) world.discord.joinActivity(world.user(name), { instanceId });
    const sockets: ActivitySocket[] = [];
    for (const name of names) sockets.push(await ActivitySocket.open(world, name, instanceId));
    return sockets;
  }

  /**
   * Ann launches the Activity in the world's channel, where her lobby is; Ann and Bob open
   * it, and Bob joins from the page: a two-seat table played only from the page.
   */
  static async annHostsBobJoins(world: World): Promise<[ActivitySocket, ActivitySocket]> {
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const [ann, bob] = (await ActivitySocket.openAll(world, ['ann', 'bob'], instance.instanceId)) as [
      ActivitySocket,
      ActivitySocket,
    ];
    expect(await bob.press('join')).toMatchObject({ ok: true });
    await ann.waitForTable((t) => t.seats.length === 2);
    return [ann, bob];
  }

  private static async open(world: World, name: string, instanceId: string): Promise<ActivitySocket> {
    const socket = await socketPathFor(world, name, instanceId);
    const ws = new WebSocket(`ws://127.0.0.1:${world.bot.activityPort()}${socket}`);
    const client = new ActivitySocket(name, ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await client.waitFor((f) => f.type === 'snapshot');
    return client;
  }

  /** The table as the latest snapshot or update showed it. */
  get table(): TableFrame | null {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const frame = this.frames[i] as ServerFrame;
      if (frame.type === 'snapshot' || frame.type === 'update') return frame.table;
    }
    return null;
  }

  /** Waits for a frame (any received so far counts). */
  async waitFor(matches: (frame: ServerFrame) => boolean): Promise<ServerFrame> {
    await expect.poll(() => this.frames.some(matches), { timeout: 20_000 }).toBe(true);
    return this.frames.find(matches) as ServerFrame;
  }

  /** Waits until the table shows what `matches` wants. */
  async waitForTable(matches: (table: TableFrame) => boolean): Promise<TableFrame> {
    await expect.poll(() => this.table !== null && matches(this.table), { timeout: 20_000 }).toBe(true);
    return this.table as TableFrame;
  }

  /** Sends a press on the deal the page shows, without waiting for an answer; returns its request id. */
  send(press: PressMessage['press'], extra: Partial<PressMessage> = {}): string {
    const requestId = `${this.name}-${++this.requests}`;
    const message: PressMessage = { type: 'press', requestId, press, dealNo: this.table?.dealNo ?? 0, ...extra };
    this.ws.send(JSON.stringify(message));
    return requestId;
  }

  /** A press on the deal the page shows; resolves with the bot's answer. */
  async press(press: PressMessage['press'], extra: Partial<PressMessage> = {}): Promise<Answer> {
    const requestId = this.send(press, extra);
    return (await this.waitFor((f) => f.type === 'answer' && f.requestId === requestId)) as Answer;
  }

  /** Whether the bot still holds this socket open. */
  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * What the page does before its socket opens: a session from the local Discord's code
 * exchange, then a ticket for the instance (its user already in it); the socket's path.
 */
export async function socketPathFor(world: World, name: string, instanceId: string): Promise<string> {
  const base = `127.0.0.1:${world.bot.activityPort()}`;
  const post = async (path: string, body: unknown, session?: string) => {
    const response = await fetch(`http://${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(session ? { Authorization: `Bearer ${session}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path} for ${name}`).toBe(200);
    return (await response.json()) as Record<string, string>;
  };
  const { session } = await post('/api/session', { code: world.discord.authorizeActivity(world.user(name)) });
  const { socket } = await post('/api/ticket', { instanceId, channelId: world.channel.id }, session);
  return socket as string;
}
