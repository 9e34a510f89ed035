import { ensureLanguages, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import type { CommitAndPublish } from '../table/commit-and-publish.ts';
import type { GameCount, TableAt } from '../table/game-nets.ts';
import type { StepListener, StepResult } from '../table/steps.ts';
import type { Member, Place, Tables } from '../table/tables.ts';
import { isUserFacing, refusalText } from '../table/user-facing-error.ts';
import type { PressMessage, ServerFrame } from './frames.ts';
import { CLOSE_POLICY, type HubSocket, readClientMessage } from './hub-socket.ts';
import type { ActivityIdentity } from './identity.ts';
import {
  PRESS_LIMITS,
  type PressLimits,
  REFUSAL_LIMITS,
  type RefusalLimits,
  RefusalPacer,
  TokenBucket,
} from './limits.ts';
import type { ShareMoments } from './moments.ts';
import { pagePressCommit, runPagePress } from './page-press.ts';
import { pageStrings } from './page-strings.ts';
import type { ReactionLimits } from './reactions.ts';
import { type AskOdds, type FrameOdds, type SeatOdds, seatOdds } from './seat-odds.ts';
import { SocialRelay } from './social-relay.ts';
import { frameExtras, TableExtrasCache } from './table-extras.ts';
import { type DealPasses, type DealResult, dealPassesOf, dealResultOf, tableFrame } from './table-frame.ts';

/**
 * The Activity's live tables: each WebSocket the HTTP side has checked (who is who,
 * which channel) is attached here with its identity; it gets a snapshot of its
 * channel's table, then an update after every step the table layer commits, each built
 * for that receiver (table-frame.ts: their seat's view, or the public one). A press from
 * the page is checked, committed and published exactly as a button's
 * (table/presses.ts, table/commit-and-publish.ts); this is its answerer. The hub alone
 * holds the connections; the modules it calls get only what they need: a message's
 * reading (hub-socket.ts), a press's commit (page-press.ts), the odds and extras a frame
 * shows (seat-odds.ts, table-extras.ts), reactions and the standings' picture (social-relay.ts).
 */

// The socket's shape and close codes are hub-socket.ts's; named here too, where the hub's users look for them.
export { CLOSE_POLICY, CLOSE_TOO_BIG, type HubSocket } from './hub-socket.ts';

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
  /** Its reactions' bucket, and its asks for the standings' picture (social-relay.ts). */
  reactions: TokenBucket;
  moments: TokenBucket;
  /** The page's last message, handled: the next waits for it, so a double click is judged on the table its first click made. */
  handled: Promise<void>;
}

export interface HubDeps {
  tables: Pick<
    Tables,
    'pressTarget' | 'tableIn' | 'gameNets' | 'heldNets' | 'endedGame' | 'openGame' | 'standings' | 'newestBadges'
  >;
  commits: Pick<CommitAndPublish, 'press' | 'run' | 'inFlight'>;
  log: Logger;
  /** A seated player's odds now, as their private message shows them (the bot's odds cache); absent: none shown. */
  odds?: AskOdds;
  now?: () => number;
  limits?: PressLimits;
  refusals?: RefusalLimits;
  reactions?: ReactionLimits;
  /** The final standings as a picture to share; without it a page's ask is answered with none. */
  moments?: ShareMoments;
}

export class ActivityHub {
  private readonly byChannel = new Map<string, Set<Connection>>();
  /** Each user's presses over all their sessions. */
  private readonly userPresses = new Map<string, TokenBucket>();
  /** Each table's last deal result (the public events of the step that ended it), shown until the next. */
  private readonly results = new Map<number, DealResult>();
  /** Each table's last pass (who gave which card to whom): each page is shown only its own. */
  private readonly passes = new Map<number, DealPasses>();
  /** The tables each channel's pages have shown: their results and passes go when its last page does. */
  private readonly channelTables = new Map<string, Set<number>>();
  /** Open connections per user: their bucket and avatar go with the last. */
  private readonly userConnections = new Map<string, number>();
  /** Avatar hashes of the users whose sessions the bot has seen, for their seats' pictures. */
  private readonly avatars = new Map<string, string>();
  /** Each table's seats' badges and game-over recap, read when they can change. */
  private readonly extras: TableExtrasCache;
  private readonly now: () => number;
  private readonly limits: PressLimits;
  private readonly social: SocialRelay<Connection>;

  constructor(private readonly deps: HubDeps) {
    this.now = deps.now ?? Date.now;
    this.limits = deps.limits ?? PRESS_LIMITS;
    this.social = new SocialRelay<Connection>({
      now: this.now,
      log: deps.log,
      reactions: deps.reactions,
      moments: deps.moments,
      pagesIn: (channelId) => this.byChannel.get(channelId) ?? [],
      tableFrameOf: async (conn) => {
        const table = await this.tableWithNets(conn.place);
        return table ? this.frameFor(conn, table.table, table.nets) : null;
      },
    });
    this.extras = new TableExtrasCache({ tables: deps.tables, log: deps.log });
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
      ...this.social.buckets(this.now()),
      handled: Promise.resolve(),
    };
    if (who.avatar) this.avatars.set(who.userId, who.avatar);
    let set = this.byChannel.get(who.channelId);
    if (!set) this.byChannel.set(who.channelId, (set = new Set()));
    set.add(conn);
    this.userConnections.set(who.userId, (this.userConnections.get(who.userId) ?? 0) + 1);
    socket.on('close', () => this.detach(conn));
    socket.on('message', (data, isBinary) => this.received(conn, data, isBinary));
    void this.snapshot(conn).then(
      // The channel's other pages show a newcomer without a seat as watching.
      () => this.presenceChanged(conn),
      (err: unknown) => {
        this.deps.log.error({ err, channelId: who.channelId }, 'activity snapshot failed');
        socket.close(1011, 'snapshot failed');
      },
    );
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
      this.social.forget(conn.who.channelId);
      // Results are kept for the pages that show them: none is left in this channel, for any table it had.
      for (const tableId of this.channelTables.get(conn.who.channelId) ?? []) {
        this.results.delete(tableId);
        this.passes.delete(tableId);
        this.extras.forget(tableId);
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
    if (set?.size) this.presenceChanged(conn);
  }

  /** The pages of `conn`'s channel drawn again: someone opened or closed the Activity there (the watchers' strip). */
  private presenceChanged(conn: Connection): void {
    const others = this.byChannel.get(conn.who.channelId);
    if (!others || (others.size === 1 && others.has(conn))) return;
    this.tableWithNets(conn.place).then(
      async (table) => {
        if (table) this.sendStep(table.table, table.nets, await (this.oddsOf(table.table)?.soon ?? null));
      },
      (err: unknown) => this.deps.log.error({ err, channelId: conn.who.channelId }, 'activity watchers not shown'),
    );
  }

  private async snapshot(conn: Connection): Promise<void> {
    const { locale } = conn.who;
    await ensureLanguages(locale);
    const table = await this.tableWithNets(conn.place);
    if (table && !this.extras.get(table.table.record.id)) await this.extras.read(table.table);
    const frameOdds = table ? this.oddsOf(table.table) : null;
    const odds = await (frameOdds?.soon ?? null);
    const frame = table ? this.frameFor(conn, table.table, table.nets, odds) : null;
    if (table) {
      this.shown(conn.who.channelId, table.table.record.id);
      conn.tableId = table.table.record.id;
      conn.version = table.table.record.version;
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
    if (table && frameOdds) this.sendLateOdds(table.table, table.nets, frameOdds);
  }

  /**
   * The channel's table and its game's chips per seat (the table layer's count, read
   * from the hand history if it holds none), the table read again after: never older than the chips.
   */
  private async tableWithNets(place: Place): Promise<{ table: TableAt; nets: GameCount } | null> {
    const first = await this.deps.tables.tableIn(place);
    if (!first) return null;
    const nets = await this.deps.tables.gameNets(first);
    const table = (await this.deps.tables.tableIn(place)) ?? first;
    return { table, nets: this.deps.tables.heldNets(table) ?? nets };
  }

  private frameFor(conn: Connection, table: TableAt, count: GameCount, odds: SeatOdds | null = null) {
    return tableFrame({
      odds: odds?.get(conn.who.userId) ?? null,
      record: table.record,
      notes: table.notes,
      viewer: conn.who.userId,
      locale: conn.who.locale,
      result: this.results.get(table.record.id) ?? null,
      passes: this.passes.get(table.record.id) ?? null,
      avatars: this.avatars,
      nets: count.chips,
      series: count.series,
      names: count.names,
      ...frameExtras(table, this.extras.get(table.record.id), this.byChannel.get(table.record.channelId) ?? []),
    });
  }

  /** The odds of each seated player with a page open here, during a deal (seat-odds.ts); null outside one. */
  private oddsOf(table: TableAt): FrameOdds | null {
    return seatOdds(table, this.byChannel.get(table.record.channelId) ?? [], this.deps.odds, this.deps.log);
  }

  private published(step: StepResult): void {
    const { record, notes } = step;
    if (!this.byChannel.has(record.channelId)) return;
    this.shown(record.channelId, record.id);
    const result = dealResultOf(step.events, notes, step.before ?? step.after);
    const passed = dealPassesOf(step.events, notes, step.after.dealNo);
    if (passed) this.passes.set(record.id, passed);
    if (result) this.results.set(record.id, result);
    // A new game at the table: the last one's result is not this one's.
    else if (step.before === null) this.results.delete(record.id);
    const nets = this.deps.tables.heldNets(step);
    // Badges change when a deal ends, the recap when a game does: read again then (and for a new game).
    const stale = result !== null || step.before === null || step.after.phase === 'over' || !this.extras.get(record.id);
    const odds = this.oddsOf(step);
    if (nets && !stale && !odds) {
      this.sendStep(step, nets);
      return;
    }
    // Chips not held (a count dropped, or never read), extras or odds to read: read, then the step is sent.
    Promise.all([nets ?? this.deps.tables.gameNets(step), stale ? this.extras.read(step) : null, odds?.soon]).then(
      ([read, , seatOdds]) => {
        this.sendStep(step, read, seatOdds ?? null);
        if (odds) this.sendLateOdds(step, read, odds);
      },
      (err: unknown) => this.deps.log.error({ err, tableId: record.id }, 'activity chips not read'),
    );
  }

  /** The same step again once a sampled hand's odds came (pages showing a newer step keep it). */
  private sendLateOdds(table: TableAt, nets: GameCount, odds: FrameOdds): void {
    odds.all.then(
      (full) => {
        if (full) this.sendStep(table, nets, full);
      },
      (err: unknown) => this.deps.log.error({ err, tableId: table.record.id }, 'activity odds not shown'),
    );
  }

  /** A step's frame to every page of its channel that shows no newer one. */
  private sendStep({ record, notes }: TableAt, nets: GameCount, odds: SeatOdds | null = null): void {
    for (const conn of this.byChannel.get(record.channelId) ?? []) {
      if (conn.place.guildId !== record.guildId) continue;
      // A frame never goes back to an older version of the same table. The same version again
      // is sent: a snapshot may have shown a step committed but not yet published (its result).
      if (!conn.shown || (conn.tableId === record.id && record.version < conn.version)) continue;
      conn.tableId = record.id;
      conn.version = record.version;
      // The table's result is this step's when it ended a deal (kept above), else the last one's.
      this.send(conn, { type: 'update', now: this.now(), table: this.frameFor(conn, { record, notes }, nets, odds) });
    }
  }

  /** Notes that a page of `channelId` shows `tableId`. */
  private shown(channelId: string, tableId: number): void {
    let tables = this.channelTables.get(channelId);
    if (!tables) this.channelTables.set(channelId, (tables = new Set()));
    tables.add(tableId);
  }

  private send(conn: Connection, frame: ServerFrame): void {
    conn.socket.send(JSON.stringify(frame));
  }

  /** One message from a page: checked for size and shape, limited, then run as a press after the page's last one. */
  private received(conn: Connection, data: unknown, isBinary: boolean): void {
    const message = readClientMessage(data, isBinary);
    if ('close' in message) {
      conn.socket.close(message.close, 'not a press');
      return;
    }
    if (message.type === 'react') {
      this.social.reacted(conn, message.emote);
      return;
    }
    if (message.type === 'moment') {
      conn.handled = conn.handled
        .then(() => this.social.shareMoment(conn))
        .catch((err: unknown) => this.deps.log.error({ err, userId: conn.who.userId }, 'activity moment not answered'));
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

  /** A press run as a step the table layer's one way (checked, committed, answered here, then published). */
  private async pressed(conn: Connection, message: PressMessage): Promise<void> {
    const { locale } = conn.who;
    const answer = (ok: boolean, text: string | null) =>
      this.send(conn, { type: 'answer', requestId: message.requestId, ok, text });
    try {
      const commit = await pagePressCommit(this.deps, conn, message);
      await runPagePress(this.deps.commits, commit, {
        ack: () => this.send(conn, { type: 'ack', requestId: message.requestId }),
        done: () => answer(true, null),
      });
    } catch (err) {
      const refused = isUserFacing(err);
      if (!refused) this.deps.log.error({ err, userId: conn.who.userId }, 'activity press failed');
      answer(false, refused ? refusalText(err, locale) : t(locale, 'error.generic'));
    }
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
}
