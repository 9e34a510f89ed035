import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordAPIError, REST, RESTEvents } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenRest } from '../../../src/discord/token-rest.ts';

/** A stand-in for Discord: each test says how the next requests are answered. */
type Answer = (
  req: IncomingMessage,
  body: string,
) => { status: number; headers?: Record<string, string>; body?: unknown };
const okAnswer: Answer = () => ({ status: 200, body: { id: '1' } });

describe('calls through an interaction token', () => {
  let answers: Answer[] = [];
  const seen: { method: string; url: string; at: number; type: string; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        at: Date.now(),
        type: req.headers['content-type'] ?? '',
        body,
      });
      const answer = (answers.shift() ?? okAnswer)(req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  let rest: REST;
  let calls: TokenRest;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rest = new REST({
      api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
      retries: 2,
      timeout: 2_000,
    });
    calls = new TokenRest(rest);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const reset = () => {
    answers = [];
    seen.length = 0;
  };

  it('posts JSON to the versioned API and answers what Discord answered', async () => {
    reset();
    const responses: number[] = [];
    rest.on(RESTEvents.Response, (_request, response) => responses.push(response.status));
    const posted = await calls.call('tok', 'POST', '/webhooks/1/tok', { content: 'hi' }, { query: 'wait=true' });
    expect(posted).toEqual({ id: '1' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v10/webhooks/1/tok?wait=true',
      type: 'application/json',
    });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ content: 'hi' });
    expect(responses).toEqual([200]); // /metrics counts it as one of the client's own
    rest.removeAllListeners(RESTEvents.Response);
    expect(calls.size).toBe(0);
  });

  it('sends files as Discord takes them: payload_json and files[n]', async () => {
    reset();
    await calls.call(
      'tok',
      'PATCH',
      '/webhooks/1/tok/messages/2',
      { attachments: [{ id: '0' }] },
      {
        files: [{ name: 'board.png', data: Buffer.from('PNGDATA') }],
      },
    );
    expect(seen[0]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toMatch(/name="payload_json"[\s\S]*"attachments":\[\{"id":"0"\}\]/);
    expect(seen[0]?.body).toMatch(/name="files\[0\]"; filename="board.png"[\s\S]*PNGDATA/);
  });

  it('sends an empty file list as JSON: the body (attachments: [] included) unchanged', async () => {
    reset();
    await calls.call('tok', 'PATCH', '/webhooks/1/tok/messages/2', { content: 'x', attachments: [] }, { files: [] });
    expect(seen[0]?.type).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ content: 'x', attachments: [] });
  });

  it('waits for a spent bucket to refill before the token is used again, without a 429', async () => {
    reset();
    answers = [() => ({ status: 200, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '0.3' } })];
    await calls.call('spent', 'PATCH', '/webhooks/1/spent/messages/1', {});
    expect(calls.size).toBe(1); // remembered while its bucket is spent, though idle
    await calls.call('spent', 'PATCH', '/webhooks/1/spent/messages/1', {});
    const [first, second] = seen;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(250);
    // Another token has its own bucket.
    const before = Date.now();
    await calls.call('other', 'PATCH', '/webhooks/1/other/messages/1', {});
    expect(Date.now() - before).toBeLessThan(250);
  });

  it('after a 429, waits what Discord said and tries again', async () => {
    reset();
    answers = [
      () => ({ status: 429, body: { message: 'You are being rate limited.', retry_after: 0.2, global: false } }),
    ];
    const posted = await calls.call('limited', 'POST', '/webhooks/1/limited', {}, { query: 'wait=true' });
    expect(posted).toEqual({ id: '1' });
    expect(seen).toHaveLength(2);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(180);
  });

  it('tries a server error again, and gives up with a DiscordAPIError after its retries', async () => {
    reset();
    answers = [() => ({ status: 502, body: { message: 'Bad gateway', code: 0 } })];
    await calls.call('flaky', 'PATCH', '/webhooks/1/flaky/messages/1', {});
    expect(seen).toHaveLength(2);
    reset();
    answers = Array.from({ length: 3 }, () => () => ({ status: 500, body: { message: 'oops', code: 0 } }));
    await expect(calls.call('down', 'PATCH', '/webhooks/1/down/messages/1', {})).rejects.toBeInstanceOf(
      DiscordAPIError,
    );
    expect(seen).toHaveLength(3); // the first try and rest.options.retries (2) more
  });

  it("refuses as Discord refused: its code and message, for the error boundary's words", async () => {
    reset();
    answers = [() => ({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } })];
    const refused = await calls.call('gone', 'POST', '/webhooks/1/gone', {}).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect(refused).toMatchObject({ code: 10015, status: 404, method: 'POST' });
    expect(seen).toHaveLength(1);
    expect(calls.size).toBe(0);
  });

  it('leaves an answer nobody reads unread, and still reads a refusal', async () => {
    reset();
    answers = [
      () => ({ status: 200, body: { id: '2', content: 'edited' } }),
      () => ({ status: 404, body: { message: 'Unknown Message', code: 10008 } }),
    ];
    const edited = await calls.call(
      'quiet',
      'PATCH',
      '/webhooks/1/quiet/messages/2',
      { content: 'x' },
      { answer: false },
    );
    expect(edited).toBeNull();
    const refused = await calls
      .call('quiet', 'PATCH', '/webhooks/1/quiet/messages/3', { content: 'y' }, { answer: false })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 10008, status: 404, method: 'PATCH' });
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v10/webhooks/1/quiet/messages/2',
      '/api/v10/webhooks/1/quiet/messages/3',
    ]);
  });

  it('keeps the calls of one token in order', async () => {
    reset();
    answers = [
      () => ({ status: 429, body: { message: 'slow down', retry_after: 0.1, global: false } }),
      () => ({ status: 200, body: { id: 'a' } }),
      () => ({ status: 200, body: { id: 'b' } }),
    ];
    const [a, b] = await Promise.all([
      calls.call('ordered', 'POST', '/webhooks/1/ordered', { n: 1 }, { query: 'wait=true' }),
      calls.call('ordered', 'POST', '/webhooks/1/ordered', { n: 2 }, { query: 'wait=true' }),
    ]);
    expect([a, b]).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(seen.map((s) => JSON.parse(s.body).n)).toEqual([1, 1, 2]);
  });
});
