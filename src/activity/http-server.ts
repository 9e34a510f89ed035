import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { ensureLanguages, LOCALES, SOURCE_LOCALE, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { ACTIVITY_LIMITS, type ActivityLimits } from './activity-limits.ts';
import { ACTIVITY_ASSETS_DIR } from './assets-dir.ts';
import type { ActivityDiscord } from './discord-api.ts';
import { MAX_MESSAGE_BYTES } from './frames.ts';
import { InstanceCache } from './instances.ts';
import type { LinkedRoles } from './linked-roles.ts';
import { assetHeaders, pageHeaders } from './page-headers.ts';
import {
  clientAddress,
  GateByKey,
  gatedDiscord,
  HttpRefusal,
  isInstanceId,
  KeyedBuckets,
  WaitingTickets,
} from './request-guard.ts';
import { Sessions } from './sessions.ts';
import { SocketGuard } from './socket-guard.ts';
import type { SocketHandoff } from './socket-handoff.ts';
import { type ShardPlace, TICKET_LIFETIME_MS, Tickets } from './tickets.ts';

/** How often refusals are summed up in the log (each is at debug). */
const REFUSAL_SUMMARY_MS = 60_000;

/** The API takes small JSON bodies only: a code, an instance id. */
const BODY_MAX = 2048;

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  woff2: 'font/woff2',
  json: 'application/json',
  map: 'application/json',
};

export interface ActivityServerOptions {
  port: number;
  host?: string;
  clientSecret: string;
  discord: ActivityDiscord;
  hub: SocketHandoff;
  log: Logger;
  /** Default ACTIVITY_ASSETS_DIR. */
  assetsDir?: string;
  /** This process's shard (default the only one): tickets name the shard that owns the table. */
  shard?: ShardPlace;
  now?: () => number;
  /** What a client may cost (default ACTIVITY_LIMITS; config.ts sets the operator's). */
  limits?: Partial<ActivityLimits>;
  /**
   * Linked roles' verification URL (`/linked-roles`), when the bot keeps role connections:
   * made with this server's Discord calls (their gate and caps), as the sign-in's are.
   */
  linkedRoles?: (discord: ActivityDiscord) => LinkedRoles;
}

export interface ActivityServer {
  port: number;
  /** Refusals and sockets ended, by reason, since the start: what the operator may look at. */
  counts(): Record<string, number>;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  response.end(json);
}

/** A small JSON object body, read within `deadlineMs`; 413 past BODY_MAX, 408 late, 400 if it is not one. */
async function jsonBody(request: IncomingMessage, deadlineMs: number): Promise<Record<string, unknown>> {
  if (Number(request.headers['content-length'] ?? 0) > BODY_MAX) throw new HttpRefusal(413, 'too-large');
  const chunks: Buffer[] = [];
  let size = 0;
  let late = false;
  // A body trickled a byte at a time holds a connection: it gets this long, whole.
  const deadline = setTimeout(() => {
    late = true;
    request.destroy();
  }, deadlineMs);
  try {
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > BODY_MAX) throw new HttpRefusal(413, 'too-large');
      chunks.push(chunk);
    }
  } catch (err) {
    if (late) throw new HttpRefusal(408, 'slow-body');
    // A client that went away mid-body is its own doing: a refusal (at debug), not a failure.
    if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || request.destroyed)
      throw new HttpRefusal(400, 'aborted');
    throw err;
  } finally {
    clearTimeout(deadline);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body && typeof body === 'object' && !Array.isArray(body)) return body;
  } catch {
    // answered below
  }
  throw new HttpRefusal(400, 'bad-body');
}

/**
 * The language of a page nobody has vouched for yet (a forged session, none): the first
 * of the browser's `Accept-Language` (Discord's client sends the app's) that Discord
 * lists, by its whole tag or its language alone.
 */
function acceptedLocale(header: string | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const language = tag.split('-')[0] ?? '';
    const found =
      LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase()) ?? LOCALES.find((l) => l.split('-')[0] === language);
    if (tag && found) return found;
  }
  return SOURCE_LOCALE;
}

/** The request's URL; a target Node's parser took but the URL parser refuses (`http://[/ws`) is a 400. */
function urlOf(request: IncomingMessage): URL {
  try {
    return new URL(request.url ?? '/', 'http://activity');
  } catch {
    throw new HttpRefusal(400, 'bad-url');
  }
}

/** Answers a connection Node no longer answers for (an upgrade, a request it could not parse) and ends it. */
function endRaw(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length <= 200 ? value : null);

/** `/s/{shard}/…` is this shard's own prefix (the self-hoster's proxy routes it here): the rest of the path. */
function ownPath(path: string, shard: ShardPlace): string | null {
  const prefixed = /^\/s\/(\d+)(\/.*)$/.exec(path);
  if (!prefixed) return path;
  return Number(prefixed[1]) === shard.id ? (prefixed[2] ?? '/') : null;
}

/**
 * The Activity's one HTTP server: the page (`/` and its hashed assets), the session
 * (`POST /api/session`), tickets (`POST /api/ticket`) and the WebSocket (`/ws?ticket=`),
 * handed to the hub once its ticket is good and the socket guarded (socket-guard.ts).
 * Every refusal changes nothing: 403 for who may not, 429 past a limit (per address, per
 * user, Discord calls in flight), logged at debug and counted. The page may be framed by
 * Discord's client only (its CSP's `frame-ancestors`).
 */
export async function startActivityServer(options: ActivityServerOptions): Promise<ActivityServer> {
  const now = options.now ?? Date.now;
  const limits: ActivityLimits = { ...ACTIVITY_LIMITS, ...options.limits };
  const shard = options.shard ?? { id: 0, count: 1 };
  const assetsDir = options.assetsDir ?? ACTIVITY_ASSETS_DIR;
  const discord = gatedDiscord(options.discord, limits.discordInFlight, limits.discordWaiting, undefined, {
    perSecond: limits.discordPerSecond,
    burst: limits.discordBurst,
    now,
  });
  const sessions = new Sessions(options.clientSecret, discord, now);
  const instances = new InstanceCache(discord, now, limits.missingInstanceMs);
  const tickets = new Tickets(options.clientSecret, sessions, instances, shard, now);
  // A page's largest message is a press: a frame over it is refused (1009) as it arrives.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const log = options.log.child({ component: 'activity' });
  const guard = new SocketGuard(limits, log);
  const byAddress = {
    session: new KeyedBuckets(limits.addressBurst, limits.addressPerSecond),
    ticket: new KeyedBuckets(limits.addressBurst, limits.addressPerSecond),
    linkedRoles: new KeyedBuckets(limits.addressBurst, limits.addressPerSecond),
  };
  const byUser = new KeyedBuckets(limits.userBurst, limits.userPerSecond);
  const byAddressInFlight = new GateByKey(limits.addressInFlight, limits.addressWaiting);
  const waiting = new WaitingTickets(limits.ticketsPerUser);
  const refusals: Record<string, number> = {};
  const headers = { page: pageHeaders(limits.frameAncestors), asset: assetHeaders() };
  // The compiled build (bin/build.js) always carries the page: missing, it was never built.
  if (!existsSync(`${assetsDir}/index.html`))
    log.error({ assetsDir }, 'the Activity page is not built (node bin/build.js builds it): / answers 404');

  /** A refusal counted by reason and logged at debug: a flood writes no line per request at info. */
  function refused(reason: string, path: string | undefined): void {
    refusals[reason] = (refusals[reason] ?? 0) + 1;
    log.debug({ reason, path }, 'activity request refused');
  }
  // What was refused or cut off, summed up at info once a minute when anything was.
  let summed: Record<string, number> = {};
  const summary = setInterval(() => {
    const counted = { ...refusals, ...guard.counts };
    const since = Object.fromEntries(
      Object.entries(counted)
        .map(([reason, n]) => [reason, n - (summed[reason] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    );
    summed = counted;
    if (Object.keys(since).length > 0) log.info({ refused: since }, 'activity refusals in the last minute');
  }, REFUSAL_SUMMARY_MS);
  summary.unref();

  /** An API request: within its address's bucket (429 at once past it), then its share of the requests in flight. */
  async function api(path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') throw new HttpRefusal(405, 'method');
    const address = clientAddress(request, limits.trustedProxies);
    const bucket = path === '/api/session' ? byAddress.session : path === '/api/ticket' ? byAddress.ticket : null;
    if (bucket && !bucket.take(address, now())) throw new HttpRefusal(429, 'address-limit');
    await byAddressInFlight.run(address, () => apiRoute(path, request, response));
  }

  async function apiRoute(path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (path === '/api/session') {
      const body = await jsonBody(request, limits.bodyTimeoutMs);
      const code = text(body.code);
      const answer = code ? await sessions.open(code) : null;
      if (!answer) throw new HttpRefusal(403, 'code');
      return send(response, 200, answer);
    }
    if (path === '/api/ticket') {
      const session = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const user = sessions.read(session);
      if (!user) throw new HttpRefusal(403, 'session');
      const body = await jsonBody(request, limits.bodyTimeoutMs);
      const instanceId = text(body.instanceId);
      if (!instanceId || !isInstanceId(instanceId)) throw new HttpRefusal(400, 'bad-body');
      if (!byUser.take(user.userId, now())) throw new HttpRefusal(429, 'user-limit');
      if (!waiting.hasRoom(user.userId, now())) throw new HttpRefusal(429, 'tickets-waiting');
      const answer = await tickets.issue(session, { instanceId, channelId: text(body.channelId) });
      if (typeof answer === 'string') throw new HttpRefusal(403, answer);
      waiting.issued(user.userId, answer.ticket, now() + TICKET_LIFETIME_MS);
      return send(response, 200, answer);
    }
    throw new HttpRefusal(404, 'not-found');
  }

  async function page(path: string, response: ServerResponse): Promise<void> {
    const name = path === '/' ? 'index.html' : /^\/assets\/([A-Za-z0-9._-]+)$/.exec(path)?.[1];
    const type = CONTENT_TYPES[name?.split('.').pop() ?? ''];
    if (!name || !type || name.startsWith('.')) throw new HttpRefusal(404, 'not-found');
    let bytes: Buffer;
    try {
      bytes = await readFile(`${assetsDir}/${name}`);
    } catch {
      throw new HttpRefusal(404, 'not-found');
    }
    // Asset names carry their content's hash: cached for good. The page itself never is.
    const cache = name === 'index.html' ? 'no-cache' : 'public, max-age=31536000, immutable';
    // The policy is the page's own (a stand-in client's page among the assets, in tests, keeps its own ways).
    response.writeHead(200, {
      ...(name === 'index.html' ? headers.page : headers.asset),
      'Content-Type': type,
      'Content-Length': bytes.length,
      'Cache-Control': cache,
    });
    response.end(bytes);
  }

  /** A refusal in words the page shows as it is: in its user's language when the session says who that is. */
  async function refusalText(request: IncomingMessage): Promise<string> {
    const session = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const locale = (session && sessions.read(session)?.locale) || acceptedLocale(request.headers['accept-language']);
    await ensureLanguages(locale);
    return t(locale, 'activity.refused');
  }

  const linkedRoles = options.linkedRoles?.(discord);
  /** Linked roles' pages: the callback, which exchanges a code with Discord, within the same bucket and share as a sign-in. */
  async function linkedRolesRoute(
    path: string,
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<boolean> {
    if (!linkedRoles) return false;
    if (path !== '/linked-roles/callback') return linkedRoles.handle(path, url, request, response);
    const address = clientAddress(request, limits.trustedProxies);
    if (!byAddress.linkedRoles.take(address, now())) throw new HttpRefusal(429, 'address-limit');
    return byAddressInFlight.run(address, () => linkedRoles.handle(path, url, request, response));
  }

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = ownPath(urlOf(request).pathname, shard);
      if (path === null) throw new HttpRefusal(404, 'not-found');
      const url = new URL(request.url ?? '/', 'http://activity');
      if (path.startsWith('/linked-roles') && linkedRoles && (await linkedRolesRoute(path, url, request, response)))
        return;
      if (path.startsWith('/api/')) await api(path, request, response);
      else await page(path, response);
    } catch (err) {
      if (err instanceof HttpRefusal) {
        refused(err.reason, request.url);
        if (err.status !== 403) return send(response, err.status, { error: err.reason });
        send(response, 403, { error: err.reason, text: await refusalText(request) });
        return;
      }
      log.warn({ err, path: request.url }, 'activity request failed');
      if (!response.headersSent) send(response, 502, { error: 'discord' });
      else response.destroy();
    }
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Node's HTTP server no longer listens for this socket's errors once it is an upgrade.
    socket.on('error', (err) => log.debug({ err: err.message }, 'activity upgrade socket error'));
    // Whatever goes wrong here ends this socket alone: thrown from an 'upgrade' listener, it would end the process.
    try {
      upgrade(request, socket, head);
    } catch (err) {
      refused(err instanceof HttpRefusal ? err.reason : 'upgrade-failed', undefined);
      if (!(err instanceof HttpRefusal)) log.debug({ err }, 'activity upgrade failed');
      endRaw(socket, '400 Bad Request');
    }
  }

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = urlOf(request);
    const ticket = url.searchParams.get('ticket') ?? '';
    // Room is checked before the ticket is used up: a refused upgrade leaves it good, and counted once.
    const who =
      ownPath(url.pathname, shard) === '/ws' ? tickets.redeem(ticket, (w) => guard.hasRoomFor(w.userId)) : null;
    if (!who || who === 'no-room') {
      refused(who ? 'sockets-per-user' : 'ticket', url.pathname);
      endRaw(socket, who ? '429 Too Many Requests' : '403 Forbidden');
      return;
    }
    waiting.used(who.userId, ticket);
    sockets.handleUpgrade(request, socket, head, (ws) => options.hub.attach(guard.guard(ws, who.userId), who));
  }

  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests past those timeouts (its default, 30 s, would let them run that much longer).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (request, response) => void onRequest(request, response),
  );
  server.maxConnections = limits.maxConnections;
  server.keepAliveTimeout = 5_000;
  server.on('upgrade', onUpgrade);
  // A request Node cannot parse (or past its timeouts): answered by Node, counted here.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    refused(err.code ?? 'client-error', undefined);
    if (!socket.writable) return void socket.destroy();
    // Node's own answers: 431 for headers (or a URL) too long, 408 for a request too slow.
    const status =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : '400 Bad Request';
    endRaw(socket, status);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  // Once listening, an error accepting a connection (EMFILE, say) is logged; unheard, it would end the process.
  server.on('error', (err) => log.error({ err }, 'activity server error'));
  return {
    port: (server.address() as AddressInfo).port,
    counts: () => ({ ...refusals, ...guard.counts }),
    async close() {
      guard.stop();
      clearInterval(summary);
      for (const ws of sockets.clients) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
