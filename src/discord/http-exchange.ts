import type { Dispatcher } from 'undici';

/** What `exchange` hands back of a response: its status, the headers asked for, and its body if kept. */
export interface Exchanged {
  status: number;
  /** The headers named in `keep` (lower case), as Discord sent them; no others. */
  headers: Map<string, string>;
  /** The body as text: '' when the response had none, or when `wantBody` said it is not wanted. */
  text: string;
}

/** One request through `dispatcher`, as `exchange` sends it. */
export interface Exchange {
  origin: string;
  /** The path and query, from the origin's root. */
  path: string;
  method: 'POST' | 'PATCH';
  headers: Record<string, string>;
  body: string | FormData;
  headersTimeout: number;
  bodyTimeout: number;
  /** Lower-case names of the response headers the caller reads. */
  keep: ReadonlySet<string>;
  /** Whether the body is read, given the status (a success nobody reads is let go unread). */
  wantBody(status: number): boolean;
}

/**
 * One HTTP request on undici's dispatcher, its answer read into a string: what
 * `undici.request` does for `TokenRest` without what it does for everyone else, a URL
 * parsed again each request, a redirect handler, every header turned into an object, and
 * the body as a web-style stream read back to text. Those were ~40% of undici's share of
 * the bot thread under load, where a deal makes 25-30 calls through interaction tokens.
 */
export function exchange(dispatcher: Dispatcher, request: Exchange): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    let status = 0;
    const headers = new Map<string, string>();
    let chunks: Buffer[] | null = null;
    dispatcher.dispatch(
      {
        origin: request.origin,
        path: request.path,
        method: request.method,
        headers: request.headers,
        body: request.body,
        headersTimeout: request.headersTimeout,
        bodyTimeout: request.bodyTimeout,
      },
      {
        onConnect: () => {},
        onError: reject,
        onHeaders: (statusCode, raw) => {
          // 1xx answers come before the real one: only the last counts.
          status = statusCode;
          headers.clear();
          for (let i = 0; i + 1 < raw.length; i += 2) {
            const name = String(raw[i]).toLowerCase();
            if (request.keep.has(name)) headers.set(name, String(raw[i + 1]));
          }
          chunks = statusCode >= 200 && request.wantBody(statusCode) ? [] : null;
          return true;
        },
        onData: (chunk) => {
          chunks?.push(chunk);
          return true;
        },
        onComplete: () => {
          const text = chunks?.length ? Buffer.concat(chunks).toString('utf8') : '';
          resolve({ status, headers, text });
        },
      },
    );
  });
}
