import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { DiscordHttpError, errors } from '../errors.ts';
import type { Fault, FaultInjector } from '../faults.ts';
import type { UploadedFile } from '../messages.ts';
import type { RateLimiter } from '../ratelimit.ts';
import type { RequestCounter } from '../request-counts.ts';
import type { SpecChecker } from '../spec/checker.ts';
import type { SpecRoute } from '../spec/routes.ts';
import {
  type HttpMethod,
  type RestRequest,
  type RestResult,
  type Route,
  Router,
  rateLimited,
  sharedRateLimited,
} from './route.ts';

/** Where the REST API lives on the server: what discord.js's `rest.api` option points at, plus the version. */
export const apiPrefix = '/api/v10';

export interface RestServerOptions {
  routes: Route[];
  botToken: string;
  limiter: RateLimiter;
  faults: FaultInjector;
  counter: RequestCounter;
  /** The user an OAuth2 access token belongs to while it lives, else null. */
  bearer(accessToken: string): string | null;
}

interface ParsedBody {
  body: unknown;
  files: UploadedFile[];
}

/** Where an answer goes and, when the spec check is on, the spec's route it answers for. */
interface Reply {
  response: ServerResponse;
  specRoute: SpecRoute | null;
}

/** The whole body (by events: an async iterator per request cost the load runs' generator a few % of its CPU). */
function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

function invalidJson(): DiscordHttpError {
  return new DiscordHttpError(400, 50109, 'The request body contains invalid JSON.');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}

/** JSON bodies as they are; multipart bodies (files) as `payload_json` plus `files[N]` parts. */
async function parseBody(request: IncomingMessage, raw: Buffer): Promise<ParsedBody> {
  const type = request.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: undefined, files: [] };
  // OAuth2's token endpoint takes a form, as every OAuth2 server does.
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  }
  if (!type.startsWith('multipart/form-data')) return { body: parseJson(raw.toString('utf8')), files: [] };
  const form = await new Response(raw, { headers: { 'content-type': type } }).formData().catch(() => {
    throw new DiscordHttpError(400, 50035, 'Invalid Form Body');
  });
  let body: unknown = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form) {
    if (name === 'payload_json' && typeof value === 'string') {
      body = parseJson(value);
      continue;
    }
    // `file`: the one file of an application attachment (POST /applications/{id}/attachment).
    const index = name === 'file' ? 'file' : /^files\[(\w+)\]$/.exec(name)?.[1];
    if (index !== undefined && typeof value !== 'string') {
      files.push({
        index,
        filename: value.name || `file${index}`,
        contentType: value.type || 'application/octet-stream',
        bytes: Buffer.from(await value.arrayBuffer()),
      });
    }
  }
  return { body, files };
}

function send(response: ServerResponse, result: RestResult, headers: Record<string, string>): void {
  const json = result.body === undefined ? undefined : JSON.stringify(result.body);
  response.writeHead(result.status, {
    ...headers,
    ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
  });
  response.end(json);
}

/** Decodes each path segment (`%40original` → `@original`); a malformed escape stays as sent and matches nothing. */
function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * The REST half of the local Discord: parses requests, checks the bot token, applies
 * injected faults and rate limits, runs the route and answers in Discord's format.
 */

export class RestServer {
  private readonly router: Router;
  /**
   * 401, 403 and 429 answers (a 429 with \`X-RateLimit-Scope: shared\` excepted): Discord
   * counts them per IP and bans it for a while past 10,000 in 10 minutes.
   */
  invalidRequests = 0;
  /** 429 answers with `X-RateLimit-Scope: shared` (a resource's own limit, e.g. a channel's): not counted above. */
  sharedRateLimits = 0;
  /** Checks every request body and answer against Discord's spec; null when the owner turned it off. */
  spec: SpecChecker | null = null;
  constructor(private readonly options: RestServerOptions) {
    this.router = new Router(options.routes);
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const url = new URL(request.url ?? '/', 'http://local');
    const path = decodePath(url.pathname.slice(apiPrefix.length));
    const method = (request.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    const out: Reply = { response, specRoute: this.spec?.route(method, path) ?? null };
    try {
      const raw = await readBody(request);
      const fault = this.options.faults.take(method, path);
      if (fault && !fault.afterHandling) return this.sendFault(out, fault);
      const match = this.router.match(method, path);
      if (!match.route) throw match.methodMismatch ? errors.methodNotAllowed() : errors.notFound();
      const { route, params } = match;
      this.options.counter.record(route);
      const bearerUserId = this.authenticate(route, request.headers.authorization);
      if (route.bucket) {
        // A user's token is limited apart from the bot, and outside the bot's global limit.
        const major = bearerUserId ? `bearer:${bearerUserId}` : route.major.map((name) => params[name]).join('/');
        const verdict = this.options.limiter.take(route.bucket, major, route.globalExempt || bearerUserId !== null);
        Object.assign(headers, verdict.headers);
        if (!verdict.allowed) {
          return this.reply(out, rateLimited(verdict.retryAfterMs, verdict.global), headers);
        }
      }
      const { body, files } = await parseBody(request, raw);
      this.options.counter.uploaded(files.reduce((sum, f) => sum + f.bytes.length, 0));
      // The spec names a lone `file` part as a field of the form (binary, a string to it).
      const lone = files.find((f) => f.index === 'file');
      const specBody = lone ? { ...(body as object), file: lone.filename } : body;
      if (out.specRoute) this.spec?.request(out.specRoute, specBody);
      const restRequest: RestRequest = {
        method: method as HttpMethod,
        path,
        params,
        query: url.searchParams,
        body,
        files,
        receivedAt,
        authorization: request.headers.authorization,
        bearerUserId,
      };
      const result = await route.handle(restRequest);
      if (fault) return this.sendFault(out, fault);
      this.reply(out, result, headers);
    } catch (error) {
      if (!(error instanceof DiscordHttpError)) throw error;
      this.reply(out, { status: error.status, body: error.body() }, headers);
    }
  }

  /** Checks the route's credential: null for the bot (or a route that checks its own), the user for a Bearer token. */
  private authenticate(route: Route, authorization: string | undefined): string | null {
    if (route.auth === 'none' || authorization === `Bot ${this.options.botToken}`) return null;
    const bearer =
      route.auth === 'bot-or-bearer' && authorization?.startsWith('Bearer ')
        ? this.options.bearer(authorization.slice('Bearer '.length))
        : null;
    if (bearer === null) throw errors.unauthorized();
    return bearer;
  }

  private sendFault(out: Reply, fault: Fault): void {
    if (fault.status !== 429) {
      const error = fault.status >= 500 ? errors.internal() : new DiscordHttpError(fault.status, 0, `${fault.status}`);
      this.reply(out, { status: fault.status, body: error.body() }, {});
      return;
    }
    this.reply(out, sharedRateLimited(fault.retryAfterMs), {});
  }

  /** Answers, counting the answers Discord counts against a bot's IP. */
  private reply(out: Reply, result: RestResult, routeHeaders: Record<string, string>): void {
    const headers = result.headers ? { ...routeHeaders, ...result.headers } : routeHeaders;
    const shared = headers['X-RateLimit-Scope'] === 'shared';
    if (result.status === 401 || result.status === 403 || (result.status === 429 && !shared)) this.invalidRequests++;
    if (result.status === 429 && shared) this.sharedRateLimits++;
    send(out.response, result, headers);
    // After the answer is on its way: the check costs the answer no time.
    if (out.specRoute) this.spec?.response(out.specRoute, result.status, result.body);
  }
}
