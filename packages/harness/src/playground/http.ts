import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small HTTP helpers for the page server: JSON in and out, and a typed error with its status. */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY = 16 * 1024;

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

/**
 * The request's JSON object. Only `application/json` is accepted: a browser must then
 * ask (CORS preflight, which this server never grants) before another site's page can
 * post here, so no web page but the playground's own can press buttons.
 */
export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    throw new HttpError(415, 'send application/json');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'request too large');
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'send a JSON object');
  return body as Record<string, unknown>;
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `"${name}" must be a non-empty string`);
  return value;
}

/** A field that may be left out; if given, a non-empty string. */
export function optionalStringField(body: Record<string, unknown>, name: string): string | undefined {
  return body[name] === undefined ? undefined : stringField(body, name);
}

export function stringListField(body: Record<string, unknown>, name: string): string[] {
  const value = body[name];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new HttpError(400, `"${name}" must be a list of strings`);
  }
  return value;
}
