import type { UploadedFile } from '../messages.ts';
import { type BucketName, seconds } from '../ratelimit.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A parsed REST request, as a route handler sees it. */
export interface RestRequest {
  method: HttpMethod;
  /** Path after `/api/v10`, segments decoded (`%40original` → `@original`). */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** JSON body, or the `payload_json` part of a multipart body; undefined when there is none. */
  body: unknown;
  files: UploadedFile[];
  /** `performance.now()` when the request arrived: acknowledgement latency ends here. */
  receivedAt: number;
  /** The `Authorization` header as sent (routes that take client credentials read it). */
  authorization: string | undefined;
  /** Set when a `bot-or-bearer` route was called with a user's OAuth2 access token: that user. */
  bearerUserId: string | null;
}

export interface RestResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One REST endpoint: how it is authenticated, rate limited and handled. */
export interface Route {
  method: HttpMethod;
  /** Template with `:name` parameters, e.g. `/channels/:channelId/messages`. */
  path: string;
  /**
   * `bot`: needs `Authorization: Bot <token>`; `bot-or-bearer`: that, or a user's OAuth2
   * access token (`Bearer <token>`); `none`: the credential is in the path (an
   * interaction token) or the body (client credentials), and the route checks it.
   */
  auth: 'bot' | 'bot-or-bearer' | 'none';
  /** Rate-limit bucket; null for routes Discord does not limit (interaction callbacks). */
  bucket: BucketName | null;
  /** Parameters that form the bucket's major parameter (channel, guild, webhook id + token). */
  major: readonly string[];
  /** Interaction callbacks and webhooks do not count against the global limit. */
  globalExempt: boolean;
  handle(request: RestRequest): RestResult | Promise<RestResult>;
}

export const ok = (body: unknown, status = 200): RestResult => ({ status, body });
export const noContent = (): RestResult => ({ status: 204 });

/** Discord's 429 body: `retry_after` in seconds. */
export function rateLimited(retryAfterMs: number, global: boolean): RestResult {
  return {
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: Number(seconds(retryAfterMs)), global },
  };
}

/** A 429 of a resource's own limit (`X-RateLimit-Scope: shared`), which Discord does not count as invalid. */
export function sharedRateLimited(retryAfterMs: number): RestResult {
  return {
    ...rateLimited(retryAfterMs, false),
    headers: { 'Retry-After': seconds(retryAfterMs), 'X-RateLimit-Scope': 'shared' },
  };
}

interface CompiledRoute {
  route: Route;
  segments: string[];
}

/** Matches request paths against route templates, segment by segment. */
export class Router {
  private readonly compiled: CompiledRoute[];

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
  }

  /** The route for `method` and `path`; `methodMismatch` when the path exists under another method. */
  match(
    method: string,
    path: string,
  ): { route: Route; params: Record<string, string> } | { route: null; methodMismatch: boolean } {
    const parts = path.split('/').slice(1);
    let methodMismatch = false;
    for (const { route, segments } of this.compiled) {
      const params = matchSegments(segments, parts);
      if (!params) continue;
      if (route.method === method) return { route, params };
      methodMismatch = true;
    }
    return { route: null, methodMismatch };
  }
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | null {
  if (template.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const expected = template[i] ?? '';
    const actual = parts[i] ?? '';
    if (expected.startsWith(':')) {
      if (actual === '') return null;
      params[expected.slice(1)] = actual;
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}
