import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { ensureLanguages, LOCALES, SOURCE_LOCALE, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { ACTIVITY_ASSETS_DIR } from './assets-dir.ts';
import type { ActivityDiscord } from './discord-api.ts';
import type { ActivityHubPort } from './hub-port.ts';
import { InstanceCache } from './instances.ts';
import type { LinkedRoles } from './linked-roles.ts';
import { Sessions } from './sessions.ts';
import { type ShardPlace, Tickets } from './tickets.ts';

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
  hub: ActivityHubPort;
  log: Logger;
  /** Default ACTIVITY_ASSETS_DIR. */
  assetsDir?: string;
  /** This process's shard (default the only one): tickets name the shard that owns the table. */
  shard?: ShardPlace;
  now?: () => number;
  /** Linked roles' verification URL (`/linked-roles`), when the bot keeps role connections. */
  linkedRoles?: LinkedRoles;
}

export interface ActivityServer {
  port: number;
  close(): Promise<void>;
}

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  response.end(json);
}

/** A small JSON object body; 413 past BODY_MAX, 400 if it is not one. */
async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_MAX) throw new HttpRefusal(413, 'too-large');
    chunks.push(chunk);
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
 * handed to the hub once its ticket is good. Every refusal is a plain 403 that changes
 * nothing. The page may be framed by Discord's client: no `X-Frame-Options`.
 */
export async function startActivityServer(options: ActivityServerOptions): Promise<ActivityServer> {
  const now = options.now ?? Date.now;
  const shard = options.shard ?? { id: 0, count: 1 };
  const assetsDir = options.assetsDir ?? ACTIVITY_ASSETS_DIR;
  const sessions = new Sessions(options.clientSecret, options.discord, now);
  const tickets = new Tickets(options.clientSecret, sessions, new InstanceCache(options.discord, now), shard, now);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const log = options.log.child({ component: 'activity' });
  // The compiled build (bin/build.js) always carries the page: missing, it was never built.
  if (!existsSync(`${assetsDir}/index.html`))
    log.error({ assetsDir }, 'the Activity page is not built (node bin/build.js builds it): / answers 404');

  async function api(path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') throw new HttpRefusal(405, 'method');
    const body = await jsonBody(request);
    if (path === '/api/session') {
      const code = text(body.code);
      const answer = code ? await sessions.open(code) : null;
      if (!answer) throw new HttpRefusal(403, 'code');
      return send(response, 200, answer);
    }
    if (path === '/api/ticket') {
      const session = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const instanceId = text(body.instanceId);
      if (!instanceId) throw new HttpRefusal(400, 'bad-body');
      const answer = await tickets.issue(session, { instanceId, channelId: text(body.channelId) });
      if (typeof answer === 'string') throw new HttpRefusal(403, answer);
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
    response.writeHead(200, { 'Content-Type': type, 'Content-Length': bytes.length, 'Cache-Control': cache });
    response.end(bytes);
  }

  /** A refusal in words the page shows as it is: in its user's language when the session says who that is. */
  async function refusalText(request: IncomingMessage): Promise<string> {
    const session = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const locale = (session && sessions.read(session)?.locale) || acceptedLocale(request.headers['accept-language']);
    await ensureLanguages(locale);
    return t(locale, 'activity.refused');
  }

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = ownPath(new URL(request.url ?? '/', 'http://activity').pathname, shard);
      if (path === null) throw new HttpRefusal(404, 'not-found');
      const url = new URL(request.url ?? '/', 'http://activity');
      if (path.startsWith('/linked-roles') && (await options.linkedRoles?.handle(path, url, request, response))) return;
      if (path.startsWith('/api/')) await api(path, request, response);
      else await page(path, response);
    } catch (err) {
      if (err instanceof HttpRefusal) {
        if (err.status !== 403) return send(response, err.status, { error: err.reason });
        log.info({ reason: err.reason, path: request.url }, 'activity request refused');
        send(response, 403, { error: err.reason, text: await refusalText(request) });
        return;
      }
      log.warn({ err, path: request.url }, 'activity request failed');
      if (!response.headersSent) send(response, 502, { error: 'discord' });
      else response.destroy();
    }
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://activity');
    const who = ownPath(url.pathname, shard) === '/ws' ? tickets.redeem(url.searchParams.get('ticket') ?? '') : null;
    if (!who) {
      log.info({ path: url.pathname }, 'activity socket refused');
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => options.hub.attach(ws, who));
  }

  const server: Server = createServer((request, response) => void onRequest(request, response));
  server.on('upgrade', onUpgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const ws of sockets.clients) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
