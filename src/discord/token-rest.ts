import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Client,
  DefaultUserAgent,
  DiscordAPIError,
  type RawFile,
  RESTEvents,
  RESTJSONErrorCodes,
  type RequestMethod,
} from 'discord.js';
import { type Dispatcher, getGlobalDispatcher } from 'undici';
import { isInteractionCallback } from './callback-first-dispatcher.ts';
import { exchange } from './http-exchange.ts';

/**
 * Calls through an interaction token (follow-ups and their edits, pictures included)
 * straight over undici, on the client's own connections, with what discord.js's REST
 * client does for them kept: the token's rate limit (Discord's headers: wait when the
 * bucket is spent, wait and retry on a 429), retries of server errors, its timeout, its
 * errors (`DiscordAPIError`, so the one error boundary words them the same) and its
 * `response` event (so /metrics counts them).
 *
 * Why not discord.js's client: every interaction brings a new token, so every call was a
 * new route to it, with a queue, a hash and a bucket of its own made for one or two
 * requests: 200-300 µs more CPU a request than this (measured against one HTTP server),
 * a dozen times a deal.
 */
export class TokenRest {
  /** Per token: the calls in order (one at a time, as Discord's bucket counts them), and when its bucket refills. */
  private readonly tokens = new Map<string, { last: Promise<unknown>; resetAt: number }>();
  private readonly base: string;
  /** The API's origin, and the path of its versioned root there (`/api/v10`). */
  private readonly origin: string;
  private readonly root: string;
  private readonly userAgent: string;

  constructor(
    private readonly rest: Client['rest'],
    private readonly now: () => number = Date.now,
  ) {
    this.base = `${rest.options.api}/v${rest.options.version}`;
    const base = new URL(this.base);
    this.origin = base.origin;
    this.root = base.pathname.replace(/\/$/, '');
    this.userAgent = `${DefaultUserAgent} ${rest.options.userAgentAppendix}`.trimEnd();
  }

  /** Tokens held: with calls waiting or under way, or a spent bucket; the others are forgotten. */
  get size(): number {
    return this.tokens.size;
  }

  /**
   * `method path` with a JSON body (and files: multipart, as Discord takes them), after
   * the token's earlier calls; resolves to Discord's answer (null when empty, or when
   * `answer` is false: the caller has no use for it, and it is not parsed).
   */
  call(
    token: string,
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    { query = '', files, answer = true }: { query?: string; files?: readonly RawFile[]; answer?: boolean } = {},
  ): Promise<unknown> {
    const held = this.tokens.get(token) ?? { last: Promise.resolve(), resetAt: 0 };
    const job: TokenRequest = { method, path, body, query, files, answer };
    // In turn behind the token's last call: whether it failed is its own caller's business (its promise rejects there).
    const next = held.last.then(
      () => this.attempt(held, job),
      () => this.attempt(held, job),
    );
    held.last = next;
    this.tokens.set(token, held);
    // Forgotten once idle and its bucket full again (a spent bucket is remembered until it refills).
    const forget = (): void => {
      if (this.tokens.get(token)?.last !== next) return;
      const refillsIn = held.resetAt - this.now();
      if (refillsIn > 0) setTimeout(forget, refillsIn).unref();
      else this.tokens.delete(token);
    };
    next.then(forget, forget);
    return next;
  }

  private async attempt(held: { resetAt: number }, job: TokenRequest): Promise<unknown> {
    const { method, path, body, query, files } = job;
    // An attempt failed on the way (a 5xx, a lost connection): Discord may have applied it.
    let failedBefore = false;
    const route = `${this.root}${path}${query ? `?${query}` : ''}`;
    const json = JSON.stringify(body);
    // No files (a view with its pictures as emojis gives an empty list): plain JSON. A
    // multipart form costs a FormData, a Blob and a web stream a request in undici.
    const upload = files?.length ? files : undefined;
    const headers: Record<string, string> = upload
      ? { 'user-agent': this.userAgent }
      : { 'content-type': 'application/json', 'user-agent': this.userAgent };
    const { retries, timeout } = this.rest.options;
    const dispatcher = (this.rest.options.agent as Dispatcher | null) ?? getGlobalDispatcher();
    // A success's answer is read only for a caller that reads it (an edit's is a whole message).
    const wantBody = (status: number) => status >= 400 || job.answer;
    for (let attempt = 0; ; attempt++) {
      const wait = held.resetAt - this.now();
      if (wait > 0) await sleep(wait);
      let response: Awaited<ReturnType<typeof exchange>>;
      try {
        response = await exchange(dispatcher, {
          origin: this.origin,
          path: route,
          method,
          headers,
          // A form is read once: each attempt makes its own.
          body: upload ? formOf(json, upload) : json,
          headersTimeout: timeout,
          bodyTimeout: timeout,
          keep: READ_HEADERS,
          wantBody,
        });
      } catch (err) {
        failedBefore = true;
        if (attempt < retries) continue;
        throw err;
      }
      const { status, text } = response;
      const header = (name: string) => response.headers.get(name);
      this.observed(method, path, status, header);
      if (header('x-ratelimit-remaining') === '0') {
        held.resetAt = this.now() + Number(header('x-ratelimit-reset-after') ?? 0) * 1000;
      }
      if (status < 400) return text ? JSON.parse(text) : null;
      const data = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      if (status === 429 && attempt < retries) {
        const after = Number(data?.retry_after ?? header('retry-after') ?? 1);
        held.resetAt = Math.max(held.resetAt, this.now() + after * 1000);
        continue;
      }
      if (status >= 500) failedBefore = true;
      if (status >= 500 && attempt < retries) continue;
      // An interaction's answer applied by the attempt that seemed to fail: its repeat is refused
      // as answered already, and the answer Discord holds is this one (see applied-callbacks.ts).
      if (failedBefore && status === 400 && data?.code === ALREADY_ACKNOWLEDGED && isInteractionCallback(path)) {
        return null;
      }
      const raw = (data ?? { code: status, message: text }) as { code: number; message: string };
      const url = `${this.base}${path}${query ? `?${query}` : ''}`;
      throw new DiscordAPIError(raw, raw.code ?? status, status, method, url, {
        body,
        files: files as RawFile[] | undefined,
      });
    }
  }

  /** The REST client's `response` event, as its own requests raise it: /metrics listens there. */
  private observed(method: string, path: string, status: number, header: (name: string) => string | undefined): void {
    if (this.rest.listenerCount(RESTEvents.Response) === 0) return;
    // What a listener reads of the headers (`get`), without building a web Headers a request.
    const headers = { get: (name: string) => header(name.toLowerCase()) ?? null };
    // Only what a listener reads of a request and its response (the token is in `path`, as in discord.js's).
    const apiRequest = { method: method as RequestMethod, path, route: path, options: {}, data: {}, retries: 0 };
    this.rest.emit(RESTEvents.Response, apiRequest as never, { status, headers } as never);
  }
}

/** Discord's multipart message: the JSON as `payload_json`, each file as `files[n]`. */
function formOf(json: string, files: readonly RawFile[]): FormData {
  const form = new FormData();
  form.append('payload_json', json);
  files.forEach((file, index) => {
    const bytes = file.data instanceof Uint8Array ? file.data : String(file.data);
    form.append(`files[${index}]`, new Blob([bytes], { type: file.contentType ?? 'image/png' }), file.name);
  });
  return form;
}

/** A call through a token, as `call` queues it. */
interface TokenRequest {
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
  query: string;
  files: readonly RawFile[] | undefined;
  answer: boolean;
}

/**
 * The response headers read: the token's bucket, a 429's wait, and its scope (what
 * /metrics counts a rate limit by, through the `response` event).
 */
const READ_HEADERS: ReadonlySet<string> = new Set([
  'x-ratelimit-remaining',
  'x-ratelimit-reset-after',
  'retry-after',
  'x-ratelimit-scope',
]);

const ALREADY_ACKNOWLEDGED = RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged;

const clients = new WeakMap<Client['rest'], TokenRest>();

/** The client's token caller, made on first use. */
export function tokenRest(client: Client): TokenRest {
  let caller = clients.get(client.rest);
  if (!caller) {
    caller = new TokenRest(client.rest);
    clients.set(client.rest, caller);
  }
  return caller;
}
