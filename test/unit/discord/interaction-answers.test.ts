import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordAPIError, REST, RESTEvents } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answered,
  deferEphemeralReply,
  deferUpdate,
  replyEphemeral,
  updatePressed,
} from '../../../src/discord/interaction-answers.ts';

/** A stand-in for Discord's callback endpoint: each test says how the next requests are answered. */
type Answer = () => { status: number; body?: unknown };

describe("a press's answer over the token's own caller", () => {
  let answers: Answer[] = [];
  const seen: { url: string; auth: string | undefined; body: unknown }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body: body ? JSON.parse(body) : null });
      const answer = answers.shift()?.() ?? { status: 204 };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  let rest: REST;
  let n = 0;
  const press = () =>
    ({
      client: { rest, options: { allowedMentions: { parse: [] } } },
      id: String(++n),
      token: `tok${n}`,
      deferred: false,
      replied: false,
      ephemeral: null,
    }) as unknown as Answered;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rest = new REST({ api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, retries: 2 }).setToken(
      'bot-token',
    );
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const reset = () => {
    answers = [];
    seen.length = 0;
  };

  it('sends each answer as discord.js would, without the bot token, and marks the interaction answered', async () => {
    reset();
    const statuses: number[] = [];
    rest.on(RESTEvents.Response, (_request, response) => statuses.push(response.status));
    const [a, b, c, d] = [press(), press(), press(), press()];
    await updatePressed(a, { content: 'You stay.', components: [] });
    await deferUpdate(b);
    await replyEphemeral(c, { content: 'Not your turn.' });
    await deferEphemeralReply(d);
    rest.removeAllListeners(RESTEvents.Response);
    expect(seen.map((s) => s.url)).toEqual(
      [a, b, c, d].map((i) => `/api/v10/interactions/${i.id}/${i.token}/callback?with_response=false`),
    );
    expect(seen.every((s) => s.auth === undefined)).toBe(true);
    expect(seen.map((s) => s.body)).toEqual([
      { type: 7, data: { content: 'You stay.', components: [], allowed_mentions: { parse: [] } } },
      { type: 6 },
      { type: 4, data: { content: 'Not your turn.', flags: 64, allowed_mentions: { parse: [] } } },
      { type: 5, data: { flags: 64 } },
    ]);
    expect([a.replied, b.deferred, c.replied, c.ephemeral, d.deferred, d.ephemeral]).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    // /metrics still counts each (the REST client's `response` event).
    expect(statuses).toEqual([204, 204, 204, 204]);
    await expect(deferUpdate(a)).rejects.toThrow(/answered already/);
  });

  it('takes an answer as given when its retry after a server error is refused as acknowledged already', async () => {
    reset();
    answers = [
      () => ({ status: 502, body: { message: 'Bad gateway', code: 0 } }),
      () => ({ status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } }),
    ];
    const i = press();
    await updatePressed(i, { content: 'You drop.' });
    expect(seen).toHaveLength(2);
    expect(i.replied).toBe(true);
  });

  it('refuses an answer given twice (acknowledged already, with no failed try before)', async () => {
    reset();
    answers = [() => ({ status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } })];
    const i = press();
    await expect(deferUpdate(i)).rejects.toBeInstanceOf(DiscordAPIError);
    expect(i.deferred).toBe(false);
  });
});
