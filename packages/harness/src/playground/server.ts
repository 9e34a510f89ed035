import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type InteractionAck,
  type InteractionHandle,
  InvocationError,
  type LocalDiscord,
  type ModalValue,
} from '@guts/local-discord';
import { type APIMessage, InteractionResponseType, Locale } from 'discord-api-types/v10';
import type { ClientTexts } from './client-texts.ts';
import { CommandLineError, commandLabel, parseCommandLine } from './command-line.ts';
import { HttpError, optionalStringField, readJson, sendJson, stringField, stringListField } from './http.ts';
import type { LiveFeed } from './live.ts';
import { type Seat, SeatError, type Seats } from './seats.ts';

/** What the page server needs: the local Discord, its server channel and group DM, the seats, the feed and the page. */
export interface PageServerOptions {
  discord: LocalDiscord;
  guild: { id: string; name: string };
  channel: { id: string; name: string };
  /** The seats' group DM: the app comes there only through their user installs. */
  groupDm: { id: string };
  seats: Seats;
  feed: LiveFeed;
  /** The whole page: one self-contained HTML document. */
  html: string;
  /** What the page's Discord client says, in each locale (see client-texts.ts). */
  texts: Record<string, ClientTexts>;
  /** The bot's Activity: its origin, and the path there of the stand-in client page that frames it. */
  activity: { origin: string; hostPage: string };
  /** Unexpected failures (bugs), for the log. */
  onError?: (err: unknown) => void;
  /** How long the page waits for the bot to acknowledge, as Discord's client does. */
  ackTimeoutMs?: number;
}

/** An Activity opened for a seat: its instance, and the page (on the Activity's origin) that frames it as Discord's client does. */
export interface ActivityLaunch {
  instanceId: string;
  url: string;
}

/** Discord's client gives up after 3 seconds and says so. */
const DEFAULT_ACK_TIMEOUT_MS = 3000;
const NO_ANSWER = 'The application did not respond';

/**
 * The playground's web server: the page, its live feed, and the endpoints that turn a
 * click or a typed command into the driver's `runCommand` / `pressButton` /
 * `selectOptions` for the seat the page plays as, in the channel it shows (`channel`:
 * the server channel unless the group DM's id is given).
 */
export class PageServer {
  private server: Server | null = null;
  /** Forms the bot opened, by interaction id, until the seat that opened one submits it. */
  private readonly openModals = new Map<string, { seat: string; handle: InteractionHandle }>();

  constructor(private readonly options: PageServerOptions) {}

  async listen(port: number, host: string): Promise<string> {
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return `http://${host}:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://playground');
    const route = `${request.method} ${url.pathname}`;
    try {
      if (route === 'GET /') return this.page(response);
      if (route === 'GET /api/state') return sendJson(response, 200, this.state());
      if (route === 'GET /api/messages' || route === 'GET /events') {
        const seat = this.seat(url.searchParams.get('seat'));
        const channel = this.place(seat, url.searchParams.get('channel') ?? undefined);
        if (route === 'GET /events') return this.options.feed.subscribe(seat, channel.id, response);
        return sendJson(response, 200, this.options.feed.messagesFor(seat, channel.id));
      }
      if (route === 'POST /api/seats') return sendJson(response, 201, this.addSeat(await readJson(request)));
      if (route === 'POST /api/seats/locale') return sendJson(response, 200, this.seatLocale(await readJson(request)));
      if (route === 'POST /api/command') return sendJson(response, 200, await this.command(await readJson(request)));
      if (route === 'POST /api/autocomplete') {
        return sendJson(response, 200, await this.autocomplete(await readJson(request)));
      }
      if (route === 'POST /api/press') return sendJson(response, 200, await this.press(await readJson(request)));
      if (route === 'POST /api/select') return sendJson(response, 200, await this.select(await readJson(request)));
      if (route === 'POST /api/modal') return sendJson(response, 200, await this.submitModal(await readJson(request)));
      if (route === 'POST /api/activity/authorize') {
        return sendJson(response, 200, this.authorizeActivity(await readJson(request)));
      }
      if (route === 'POST /api/activity/leave')
        return sendJson(response, 200, this.leaveActivity(await readJson(request)));
      if (request.method === 'GET' && url.pathname.startsWith('/attachments/')) return this.attachment(url, response);
      if (request.method === 'GET' && url.pathname.startsWith('/emojis/')) return this.emoji(url, response);
      throw new HttpError(404, 'not found');
    } catch (err) {
      const known = err instanceof HttpError ? err : asHttpError(err);
      if (!known) this.options.onError?.(err);
      const { status, message } = known ?? { status: 500, message: 'something went wrong; see the log' };
      if (!response.headersSent) sendJson(response, status, { error: message });
      else response.end();
    }
  }

  private page(response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // Everything is inline and same-origin: nothing may load from elsewhere but the Activity's frame.
      'Content-Security-Policy':
        "default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; " +
        `frame-src ${this.options.activity.origin}`,
    });
    response.end(this.options.html);
  }

  private state() {
    const { discord, guild, channel, seats } = this.options;
    return {
      guild: { id: guild.id, name: guild.name },
      channel: { id: channel.id, name: channel.name },
      groupDm: this.groupDmState(),
      bot: { id: discord.bot.user.id, name: discord.bot.user.username },
      seats: seats.list(),
      // The languages a seat's Discord client may speak: Discord's locales.
      locales: Object.values(Locale),
      texts: this.options.texts,
      activity: { origin: this.options.activity.origin },
      // Global commands: the server channel and, through the user installs, the group DM offer them.
      commands: discord.registeredCommands(),
    };
  }

  /** The group DM's id and members (owner first): the page names it by them. */
  private groupDmState() {
    return { id: this.options.groupDm.id, memberIds: this.options.seats.groupDmMembers() };
  }

  private seat(name: string | null | undefined): Seat {
    const seat = name ? this.options.seats.byName(name) : undefined;
    if (!seat) throw new HttpError(404, `nobody called "${name ?? ''}" is seated`);
    return seat;
  }

  /** The channel a request is about: the server channel unless `channelId` names the group DM, which only its members see. */
  private place(seat: Seat, channelId: string | undefined): { id: string } {
    const { channel, groupDm, seats } = this.options;
    if (channelId === undefined || channelId === channel.id) return channel;
    if (channelId !== groupDm.id) throw new HttpError(404, `no channel ${channelId} here`);
    if (!seats.groupDmMembers().includes(seat.id)) throw new HttpError(403, `${seat.name} is not in the group DM`);
    return groupDm;
  }

  /** A seat's Discord language: its private answers come in it; the table keeps the server's. */
  private seatLocale(body: Record<string, unknown>): Seat {
    const seat = this.options.seats.setLocale(stringField(body, 'seat'), stringField(body, 'locale'));
    this.options.feed.announce('seats', { seats: this.options.seats.list() });
    return seat;
  }

  private addSeat(body: Record<string, unknown>): Seat {
    const seat = this.options.seats.add(stringField(body, 'name'));
    this.options.feed.announce('seats', { seats: this.options.seats.list(), groupDm: this.groupDmState() });
    return seat;
  }

  /** A typed line, in the names the seat's client shows, as the command and options Discord would send. */
  private parse(line: string, seat: Seat) {
    const { discord, seats } = this.options;
    const resolveUser = (text: string) => {
      const mention = /^<@!?(\d+)>$/.exec(text)?.[1];
      return mention ? seats.byId(mention)?.id : seats.byName(text.replace(/^@/, ''))?.id;
    };
    return parseCommandLine(line, discord.registeredCommands(), resolveUser, seat.locale);
  }

  /** The choices the bot suggests while `option` is being typed (an autocomplete interaction). */
  private async autocomplete(body: Record<string, unknown>) {
    const seat = this.seat(stringField(body, 'seat'));
    const option = stringField(body, 'option');
    const line = stringField(body, 'line');
    // Discord asks as soon as the option is focused, empty or half-typed: so does the page.
    // (The line may name the option in the seat's language: `option` is Discord's name.)
    const empty = /[^\s:]+:$/u.test(line.trimEnd());
    let parsed: ReturnType<PageServer['parse']>;
    try {
      parsed = this.parse(empty ? `${line.trimEnd()}?` : line, seat);
    } catch (err) {
      if (err instanceof CommandLineError) return { choices: [] }; // the rest of the line is not a command yet
      throw err;
    }
    if (empty) parsed.invocation.options = { ...parsed.invocation.options, [option]: '' };
    const channel = this.place(seat, optionalStringField(body, 'channel'));
    const handle = this.options.discord.autocomplete(seat, channel, parsed.name, parsed.invocation, option);
    return { choices: await handle.choices() };
  }

  private async command(body: Record<string, unknown>) {
    const seat = this.seat(stringField(body, 'seat'));
    const channel = this.place(seat, optionalStringField(body, 'channel'));
    const { discord, feed } = this.options;
    const parsed = this.parse(stringField(body, 'line'), seat);
    const handle = discord.runCommand(seat, channel, parsed.name, parsed.invocation);
    feed.rememberCommand(handle.id, commandLabel(parsed, discord.registeredCommands(), seat.locale));
    return this.answered(handle, seat, channel);
  }

  private async press(body: Record<string, unknown>) {
    const seat = this.seat(stringField(body, 'seat'));
    const message = this.visibleMessage(seat, body);
    const handle = this.options.discord.pressButton(seat, message, stringField(body, 'customId'));
    return this.answered(handle, seat, { id: message.channel_id });
  }

  private async select(body: Record<string, unknown>) {
    const seat = this.seat(stringField(body, 'seat'));
    const message = this.visibleMessage(seat, body);
    const values = stringListField(body, 'values');
    const handle = this.options.discord.selectOptions(seat, message, stringField(body, 'customId'), values);
    return this.answered(handle, seat, { id: message.channel_id });
  }

  /** A form the bot opened (a modal), filled in on the page and submitted as the seat that opened it. */
  private async submitModal(body: Record<string, unknown>) {
    const seat = this.seat(stringField(body, 'seat'));
    const id = stringField(body, 'interactionId');
    const open = this.openModals.get(id);
    if (!open || open.seat !== seat.id) throw new HttpError(404, `no form ${id} open for ${seat.name}`);
    const values = body.values;
    if (typeof values !== 'object' || values === null || Array.isArray(values)) {
      throw new HttpError(400, 'values must be an object');
    }
    this.openModals.delete(id);
    const handle = this.options.discord.submitModal(seat, open.handle, values as Record<string, ModalValue>);
    return this.answered(handle, seat, { id: handle.payload.channel?.id ?? this.options.channel.id });
  }

  /** The `messageId` of the `channel` that `seat` can see (someone else's ephemeral is as good as missing). */
  private visibleMessage(seat: Seat, body: Record<string, unknown>): APIMessage {
    const id = stringField(body, 'messageId');
    const channel = this.place(seat, optionalStringField(body, 'channel'));
    const message = this.options.discord.channelMessages(channel, { as: seat }).find((m) => m.id === id);
    if (!message) throw new HttpError(404, `no message ${id} that ${seat.name} can see`);
    return message;
  }

  /**
   * Waits for the bot's acknowledgement; the answer itself arrives on the live feed. A
   * form the bot opened (a modal) comes back to the page, which shows it; so does an
   * Activity the bot launched for the seat (LAUNCH_ACTIVITY: the local Discord made or
   * joined the channel's instance), which the page frames beside the channel.
   */
  private async answered(
    handle: InteractionHandle,
    seat: Seat,
    channel: { id: string },
  ): Promise<{ ok: boolean; error?: string; modal?: unknown; activity?: ActivityLaunch }> {
    let ack: InteractionAck;
    try {
      ack = await handle.acknowledged(this.options.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS);
    } catch {
      return { ok: false, error: NO_ANSWER };
    }
    if (ack.type === InteractionResponseType.LaunchActivity)
      return { ok: true, activity: this.launched(seat, channel) };
    const modal = handle.modal;
    if (modal) {
      this.openModals.set(handle.id, { seat: seat.id, handle });
      return { ok: true, modal: { interactionId: handle.id, ...modal } };
    }
    return { ok: true };
  }

  /** The Activity instance `seat` is in now in `channel`, and the stand-in client page that opens it for them. */
  private launched(seat: Seat, channel: { id: string }): ActivityLaunch {
    const { discord, activity } = this.options;
    const instance = discord.activityInstanceIn(channel);
    if (!instance?.users.includes(seat.id)) throw new Error(`no Activity instance with ${seat.name} in ${channel.id}`);
    // The query parameters Discord's client frames an Activity with, and who is signed in to it.
    const query = new URLSearchParams({
      instance_id: instance.instanceId,
      channel_id: instance.channelId,
      ...(instance.guildId ? { guild_id: instance.guildId } : {}),
      client_id: discord.bot.user.id,
      user_id: seat.id,
      username: seat.name,
    });
    return { instanceId: instance.instanceId, url: `${activity.origin}${activity.hostPage}?${query}` };
  }

  /**
   * What the SDK's `authorize` gets from Discord for a seat in the Activity: a code the
   * bot exchanges for who they are (the page asks for its frame's seat).
   */
  private authorizeActivity(body: Record<string, unknown>): { code: string } {
    const seat = this.seat(stringField(body, 'seat'));
    const instance = this.options.discord.activityInstance(stringField(body, 'instanceId'));
    if (!instance?.users.includes(seat.id)) throw new HttpError(403, `${seat.name} is not in that Activity`);
    return { code: this.options.discord.authorizeActivity(seat) };
  }

  /** The seat closed its frame: it leaves the instance (the last one out ends it), if it is still there. */
  private leaveActivity(body: Record<string, unknown>): { ok: true } {
    const seat = this.seat(stringField(body, 'seat'));
    const instance = this.options.discord.activityInstance(stringField(body, 'instanceId'));
    if (instance?.users.includes(seat.id)) this.options.discord.leaveActivity(seat, instance);
    return { ok: true };
  }

  private attachment(url: URL, response: ServerResponse): void {
    const id = /^\/attachments\/\d+\/(\d+)\//.exec(url.pathname)?.[1];
    const file = id ? this.options.discord.attachment(id) : null;
    if (!file) throw new HttpError(404, 'no such attachment');
    sendPicture(response, file);
  }

  /** The application's emojis (cards), as Discord's CDN serves them at `/emojis/{id}.png`. */
  private emoji(url: URL, response: ServerResponse): void {
    const id = /^\/emojis\/(\d+)\.png$/.exec(url.pathname)?.[1];
    const file = id ? this.options.discord.applicationEmoji(id) : null;
    if (!file) throw new HttpError(404, 'no such emoji');
    sendPicture(response, file);
  }
}

function sendPicture(response: ServerResponse, file: { contentType: string; bytes: Buffer }): void {
  response.writeHead(200, {
    'Content-Type': file.contentType,
    'Content-Length': file.bytes.length,
    'Cache-Control': 'max-age=86400, immutable',
  });
  response.end(file.bytes);
}

/** Refusals the user should read (bad command, odd name, disabled button) become 400s. */
function asHttpError(err: unknown): HttpError | null {
  if (err instanceof CommandLineError || err instanceof InvocationError || err instanceof SeatError) {
    return new HttpError(400, err.message);
  }
  return null;
}
