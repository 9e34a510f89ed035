import { parseCard } from '../cards/card.ts';
import type { GameState } from '../engine/index.ts';
import { ensureLanguages, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { checkPress, type PressRequest } from '../table/presses.ts';
import type { TableRuntime } from '../table/runtimes.ts';
import type { StepCommits } from '../table/step-commits.ts';
import type { StepListener, StepResult } from '../table/steps.ts';
import type { Member, Place, Tables } from '../table/tables.ts';
import { isUserFacing, refusalText, UserFacingError } from '../table/user-facing-error.ts';
import { MAX_MESSAGE_BYTES, type PressMessage, parseClientMessage, type ServerFrame } from './frames.ts';
import type { ActivityIdentity } from './identity.ts';
import {
  PRESS_LIMITS,
  type PressLimits,
  REFUSAL_LIMITS,
  type RefusalLimits,
  RefusalPacer,
  TokenBucket,
} from './limits.ts';
import { pageStrings } from './page-strings.ts';
import { type DealResult, dealResultOf, tableFrame } from './table-frame.ts';

/**
 * The Activity's live tables: each WebSocket the HTTP side has checked (who is who,
 * which channel) is attached here with its identity; it gets a snapshot of its
 * channel's table, then an update after every step the table layer commits, each built
 * for that receiver (table-frame.ts: their seat's view, or the public one). A press from
 * the page is checked, committed and published exactly as a button's
 * (table/presses.ts, table/step-commits.ts); this is its answerer.
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

interface Connection {
  socket: HubSocket;
  who: ActivityIdentity;
  place: Place;
  member: Member;
  /** The table the page shows (its id), and the version of the last frame sent: frames never go back. */
  tableId: number | null;
  version: number;
  /** Its snapshot was sent: until then it gets no update (the snapshot is read after, so never older). */
  shown: boolean;
  presses: TokenBucket;
  refusals: RefusalPacer;
  /** The page's last message, handled: the next waits for it, so a double click is judged on the table its first click made. */
  handled: Promise<void>;
}

/**
 * A table's net chips per player over its game, and the last deal (the game's count) they
 * include: a deal's result is added once, whether the ledger or its step brought it first.
 */
interface GameNets {
  through: number;
  chips: Record<string, number>;
}

export interface HubDeps {
  tables: Pick<Tables, 'pressTarget' | 'tableIn' | 'standings'>;
  commits: Pick<StepCommits, 'press' | 'publish'>;
  log: Logger;
  now?: () => number;
  limits?: PressLimits;
  refusals?: RefusalLimits;
}

export class ActivityHub {
  private readonly byChannel = new Map<string, Set<Connection>>();
  /** Each user's presses over all their sessions. */
  private readonly userPresses = new Map<string, TokenBucket>();
  /** Each table's last deal result (the public events of the step that ended it), shown until the next. */
  private readonly results = new Map<number, DealResult>();
  /** Each table's net chips per player over its game, read once from the ledger, then added to deal by deal. */
  private readonly nets = new Map<number, GameNets>();
  /** The tables each channel's pages have shown: their results and chips go when its last page does. */
  private readonly channelTables = new Map<string, Set<number>>();
  /** Open connections per user: their bucket and avatar go with the last. */
  private readonly userConnections = new Map<string, number>();
  /** Avatar hashes of the users whose sessions the bot has seen, for their seats' pictures. */
  private readonly avatars = new Map<string, string>();
  private readonly now: () => number;
  private readonly limits: PressLimits;

  constructor(private readonly deps: HubDeps) {
    this.now = deps.now ?? Date.now;
    this.limits = deps.limits ?? PRESS_LIMITS;
  }

  /** Connected sockets, all channels together. */
  get size(): number {
    let n = 0;
    for (const set of this.byChannel.values()) n += set.size;
    return n;
  }

  /** A checked socket joins its channel's table: a snapshot now, updates after every step. */
  attach(socket: HubSocket, who: ActivityIdentity): void {
    const conn: Connection = {
      socket,
      who,
      // A group DM's (or DM's) ledger is keyed by its channel, as the chat's is.
      place: { guildId: who.guildId ?? who.channelId, channelId: who.channelId },
      member: { id: who.userId, name: (who.globalName ?? who.username).slice(0, 32) },
      tableId: null,
      version: -1,
      shown: false,
      presses: new TokenBucket(this.limits.sessionBurst, this.limits.sessionPerSecond, this.now()),
      refusals: new RefusalPacer(this.deps.refusals ?? REFUSAL_LIMITS, this.now()),
      handled: Promise.resolve(),
    };
    if (who.avatar) this.avatars.set(who.userId, who.avatar);
    let set = this.byChannel.get(who.channelId);
    if (!set) this.byChannel.set(who.channelId, (set = new Set()));
    set.add(conn);
    this.userConnections.set(who.userId, (this.userConnections.get(who.userId) ?? 0) + 1);
    socket.on('close', () => this.detach(conn));
    socket.on('message', (data, isBinary) => this.received(conn, data, isBinary));
    void this.snapshot(conn).catch((err: unknown) => {
      this.deps.log.error({ err, channelId: who.channelId }, 'activity snapshot failed');
      socket.close(1011, 'snapshot failed');
    });
  }

  /** Wraps the listener that shows steps in the chat: every published step reaches the Activity too. */
  watchSteps(inner: StepListener): StepListener {
    return {
      committed: (step) => inner.committed(step),
      publish: (step) => {
        inner.publish(step);
        this.published(step);
      },
      resumed: (tableId) => inner.resumed(tableId),
      tell: (tableId, key) => inner.tell(tableId, key),
    };
  }

  /** Closes every socket (the bot stops). */
  closeAll(): void {
    for (const set of this.byChannel.values()) for (const conn of set) conn.socket.close(1001, 'bot stopping');
    this.byChannel.clear();
  }

  private detach(conn: Connection): void {
    const set = this.byChannel.get(conn.who.channelId);
    set?.delete(conn);
    if (set?.size === 0) {
      this.byChannel.delete(conn.who.channelId);
      // Results are kept for the pages that show them: none is left in this channel, for any table it had.
      for (const tableId of this.channelTables.get(conn.who.channelId) ?? []) {
        this.results.delete(tableId);
        this.nets.delete(tableId);
      }
      this.channelTables.delete(conn.who.channelId);
    }
    // The user's bucket goes once no session of theirs is left (nothing to remember of a full one).
    const left = (this.userConnections.get(conn.who.userId) ?? 1) - 1;
    if (left > 0) this.userConnections.set(conn.who.userId, left);
    else {
      this.userConnections.delete(conn.who.userId);
      this.userPresses.delete(conn.who.userId);
      this.avatars.delete(conn.who.userId);
    }
  }

  private async snapshot(conn: Connection): Promise<void> {
    const { locale } = conn.who;
    await ensureLanguages(locale);
    const table = await this.tableWithNets(conn.place);
    const frame = table ? this.frameFor(conn, table) : null;
    if (table) {
      this.shown(conn.who.channelId, table.record.id);
      conn.tableId = table.record.id;
      conn.version = table.record.version;
    }
    this.send(conn, {
      type: 'snapshot',
      now: this.now(),
      locale,
      strings: pageStrings(locale),
      user: { id: conn.member.id, name: conn.member.name },
      table: frame,
    });
    conn.shown = true;
  }

  /**
   * The channel's table, its seats' chips read from the ledger if no page holds them yet.
   * A deal that ends during the read is read again: its step may have been published
   * while the chips were not there to add it to.
   */
  private async tableWithNets(place: Place): Promise<Pick<TableRuntime, 'record' | 'messages'> | null> {
    let table = await this.deps.tables.tableIn(place);
    while (table?.record.state && !this.nets.has(table.record.id)) {
      const { id, state } = table.record;
      const through = endedDeals(state);
      const { net } = await this.deps.tables.standings(id, { ...state, dealNo: through });
      const now = await this.deps.tables.tableIn(place);
      const still = now?.record.id === id && now.record.state && endedDeals(now.record.state) === through;
      if (still && !this.nets.has(id)) {
        this.nets.set(id, { through, chips: Object.fromEntries(net.map((n) => [n.playerId, n.chips])) });
      }
      table = now;
    }
    return table;
  }

  private frameFor(conn: Connection, table: Pick<TableRuntime, 'record' | 'messages'>) {
    return tableFrame({
      record: table.record,
      messages: table.messages,
      viewer: conn.who.userId,
      locale: conn.who.locale,
      result: this.results.get(table.record.id) ?? null,
      avatars: this.avatars,
      nets: this.nets.get(table.record.id)?.chips ?? {},
    });
  }

  private published(step: StepResult): void {
    const { record, messages } = step;
    const set = this.byChannel.get(record.channelId);
    if (!set) return;
    this.shown(record.channelId, record.id);
    const result = dealResultOf(step.events, messages);
    if (result) this.results.set(record.id, result);
    // A new game at the table: the last one's result and chips are not this one's.
    else if (step.before === null) {
      this.results.delete(record.id);
      this.nets.set(record.id, { through: 0, chips: {} });
    }
    this.addNets(record.id, step.events);
    for (const conn of set) {
      if (conn.place.guildId !== record.guildId) continue;
      // A frame never goes back to an older version of the same table. The same version again
      // is sent: a snapshot may have shown a step committed but not yet published (its result).
      if (!conn.shown || (conn.tableId === record.id && record.version < conn.version)) continue;
      conn.tableId = record.id;
      conn.version = record.version;
      // The table's result is this step's when it ended a deal (kept above), else the last one's.
      this.send(conn, { type: 'update', now: this.now(), table: this.frameFor(conn, { record, messages }) });
    }
  }

  /** Notes that a page of `channelId` shows `tableId`. */
  private shown(channelId: string, tableId: number): void {
    let tables = this.channelTables.get(channelId);
    if (!tables) this.channelTables.set(channelId, (tables = new Set()));
    tables.add(tableId);
  }

  /** A deal's end moves each player's net chips by its result (a table not read yet is read whole at its next snapshot). */
  private addNets(tableId: number, events: StepResult['events']): void {
    const nets = this.nets.get(tableId);
    if (!nets) return;
    for (const e of events) {
      // A deal the ledger's read already held is not added again.
      if (e.type !== 'DealEnded' || e.dealNo <= nets.through) continue;
      nets.through = e.dealNo;
      for (const [id, n] of Object.entries(e.delta)) nets.chips[id] = (nets.chips[id] ?? 0) + n;
    }
  }

  private send(conn: Connection, frame: ServerFrame): void {
    conn.socket.send(JSON.stringify(frame));
  }

  /** One message from a page: checked for size and shape, limited, then run as a press after the page's last one. */
  private received(conn: Connection, data: unknown, isBinary: boolean): void {
    const bytes = isBinary ? null : bytesOf(data);
    if (bytes === null || bytes.length > MAX_MESSAGE_BYTES) {
      conn.socket.close(bytes === null ? CLOSE_POLICY : CLOSE_TOO_BIG, 'not a press');
      return;
    }
    const message = parseClientMessage(bytes.toString('utf8'));
    if (!message) {
      conn.socket.close(CLOSE_POLICY, 'not a press');
      return;
    }
    if (!this.allowed(conn)) {
      this.tooFast(conn, message.requestId);
      return;
    }
    conn.handled = conn.handled
      .then(() => this.pressed(conn, message))
      .catch((err: unknown) => this.deps.log.error({ err, userId: conn.who.userId }, 'activity press not answered'));
  }

  /** A refused press: answered once a second at most, and a socket that floods on is closed. */
  private tooFast(conn: Connection, requestId: string): void {
    const pace = conn.refusals.refused(this.now());
    if (pace === 'close') conn.socket.close(CLOSE_POLICY, 'too many presses');
    else if (pace === 'answer')
      this.send(conn, { type: 'answer', requestId, ok: false, text: t(conn.who.locale, 'activity.tooFast') });
  }

  /** A press run as a step and answered, then published. */
  private async pressed(conn: Connection, message: PressMessage): Promise<void> {
    const { locale } = conn.who;
    let result: StepResult | null;
    try {
      result = await this.press(conn, message);
    } catch (err) {
      const refused = isUserFacing(err);
      if (!refused) this.deps.log.error({ err, userId: conn.who.userId }, 'activity press failed');
      const words = refused ? refusalText(err, locale) : t(locale, 'error.generic');
      this.send(conn, { type: 'answer', requestId: message.requestId, ok: false, text: words });
      return;
    }
    this.send(conn, { type: 'answer', requestId: message.requestId, ok: true, text: null });
    // After the presser's answer, as a button's step is.
    this.deps.commits.publish(result && { ...result, pressedInActivity: true });
  }

  /** Takes a token from the session's and the user's buckets, or refuses the press. */
  private allowed(conn: Connection): boolean {
    const now = this.now();
    let user = this.userPresses.get(conn.who.userId);
    if (!user)
      this.userPresses.set(
        conn.who.userId,
        (user = new TokenBucket(this.limits.userBurst, this.limits.userPerSecond, now)),
      );
    if (!conn.presses.available(now) || !user.available(now)) return false;
    conn.presses.take();
    user.take();
    return true;
  }

  /** The press as a step: checked as a button's and committed (the caller answers, then publishes). */
  private async press(conn: Connection, message: PressMessage): Promise<StepResult | null> {
    if (conn.tableId === null) throw new UserFacingError('refusal.noGame');
    const request: PressRequest = {
      tableId: conn.tableId,
      dealNo: message.dealNo,
      kind: message.press,
      cards: (message.cards ?? []).map(parseCard),
      ...(message.level !== undefined ? { level: message.level } : {}),
      ...(message.round !== undefined ? { round: message.round } : {}),
    };
    const checked = await checkPress(this.deps.tables, request, conn.place, conn.member);
    // The page's request id names the step: the same request sent twice is one step.
    const key = `activity:${conn.who.instanceId}:${conn.who.userId}:${message.requestId}`;
    // Discord's value for a fair game's client seed: the instance's launch id (docs/FAIRNESS.md).
    return this.deps.commits.press(checked, key, conn.who.launchId);
  }
}

/** How many of the game's deals have ended: the one under way adds its result when it ends. */
function endedDeals(state: GameState): number {
  return state.phase === 'deal' ? state.dealNo - 1 : state.dealNo;
}

/** A text frame's bytes (ws hands a Buffer, an array of them, or an ArrayBuffer); null for anything else. */
function bytesOf(data: unknown): Buffer | null {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data) && data.every((b) => Buffer.isBuffer(b))) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  return null;
}
