import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { exchange } from 'guts/src/discord/http-exchange.ts';
import { Agent, request } from 'undici';
import type { Bench, BenchResult } from './types.ts';

/**
 * Why the bot's calls through interaction tokens (`src/discord/token-rest.ts`) send with
 * an exchange of their own (`src/discord/http-exchange.ts`) rather than `undici.request`:
 * this process's CPU for one PATCH of a message, each way, against a server in a process
 * of its own answering as Discord does (a message's JSON and its bucket's headers). A deal
 * makes 25-30 such calls; the bot reads a success's answer only where a caller wants it.
 */

const CALLS = 5_000;
const WARMUP = 500;
const AT_ONCE = 8;

/** A Discord-shaped answer to an edit: a whole message, about 1.5 KB. */
const SERVER = `
const http = require('node:http');
const message = JSON.stringify({ id: '1', channel_id: '2', content: 'x'.repeat(1200), components: [], embeds: [], flags: 64 });
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset-after': '1.0', 'x-ratelimit-bucket': 'b' });
    res.end(message);
  });
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });`;

const BODY = JSON.stringify({ content: 'You stayed', components: [] });
const HEADERS = { 'content-type': 'application/json', 'user-agent': 'DiscordBot (bench)' };
const KEEP: ReadonlySet<string> = new Set(['x-ratelimit-remaining', 'x-ratelimit-reset-after', 'retry-after']);

/** µs of this process's CPU a call, `send` called `CALLS` times, `AT_ONCE` at a time. */
async function cpuPerCall(send: () => Promise<unknown>): Promise<number> {
  const batch = async (n: number) => {
    for (let i = 0; i < n; i += AT_ONCE) await Promise.all(Array.from({ length: AT_ONCE }, send));
  };
  await batch(WARMUP);
  const start = process.cpuUsage();
  await batch(CALLS);
  const used = process.cpuUsage(start);
  return Math.round(((used.user + used.system) / CALLS) * 10) / 10;
}

export const benches: Bench[] = [
  {
    name: 'token-exchange',
    async run(): Promise<BenchResult> {
      const server: ChildProcess = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
      const dispatcher = new Agent({ connections: AT_ONCE });
      try {
        const [line] = (await once(server.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
        const origin = `http://127.0.0.1:${Number(String(line).trim())}`;
        const path = '/api/v10/webhooks/1/token/messages/@original';
        // As token-rest.ts sent before: undici's request, the answer read back to text.
        const viaRequest = () =>
          request(`${origin}${path}`, { method: 'PATCH', headers: HEADERS, body: BODY, dispatcher }).then((r) =>
            r.body.text(),
          );
        // As it sends now: an edit's answer nobody reads is let go unread.
        const viaExchange = () =>
          exchange(dispatcher, {
            origin,
            path,
            method: 'PATCH',
            headers: HEADERS,
            body: BODY,
            headersTimeout: 15_000,
            bodyTimeout: 15_000,
            keep: KEEP,
            wantBody: (status) => status >= 400,
          });
        // Each way twice, in turn: the machine's load moves both alike.
        const request1 = await cpuPerCall(viaRequest);
        const exchange1 = await cpuPerCall(viaExchange);
        const request2 = await cpuPerCall(viaRequest);
        const exchange2 = await cpuPerCall(viaExchange);
        const requestUs = Math.min(request1, request2);
        const exchangeUs = Math.min(exchange1, exchange2);
        return {
          name: 'token-exchange',
          exchangeUsPerCall: exchangeUs,
          requestUsPerCall: requestUs,
          ratio: Math.round((exchangeUs / requestUs) * 100) / 100,
          rounds: { request: [request1, request2], exchange: [exchange1, exchange2] },
          calls: CALLS,
          atOnce: AT_ONCE,
          // Ours is kept only while it costs clearly less than the library's way.
          target: { ratio: 0.8 },
          met: exchangeUs / requestUs <= 0.8,
        };
      } finally {
        await dispatcher.close();
        server.kill();
      }
    },
  },
];
