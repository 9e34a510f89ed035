import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type * as DiscordProxy from '@discordjs/proxy';
import { REST } from 'discord.js';

// The proxy's CommonJS build, as discord.js is: both then share one copy of
// @discordjs/rest, and the proxy recognises the REST errors (`instanceof`) it turns into
// Discord's status codes. Its ES build would load a second copy, and answer every
// error with an empty 200.
const { proxyRequests } = createRequire(import.meta.url)('@discordjs/proxy') as typeof DiscordProxy;

/**
 * One REST budget for the whole bot (docs/SCALING.md). Discord's global limit, 50
 * requests a second, is per bot token, whatever the number of processes. Every shard
 * process points `DISCORD_API_URL` at this proxy (`@discordjs/proxy`, the discord.js
 * team's), which sends their requests on through one `@discordjs/rest` manager: one
 * global bucket and one set of per-route buckets for all of them. A request over the
 * budget is answered 429 by the proxy itself (never reaching Discord), and the
 * process's own client waits `retry_after` and tries again.
 */
export interface RestProxyOptions {
  port: number;
  host: string;
  /** Where requests go on to: `/api` base, Discord's when null (DISCORD_API_URL of the proxy). */
  upstream: string | null;
  /** Discord's global limit for the bot (50 unless Discord raised it). */
  globalRequestsPerSecond?: number;
}

export interface RestProxy {
  /** What the bot processes set as DISCORD_API_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startRestProxy(options: RestProxyOptions): Promise<RestProxy> {
  const rest = new REST({
    ...(options.upstream ? { api: options.upstream } : {}),
    // Answer a rate limit at once: the process that asked waits, not a socket held open here.
    rejectOnRateLimit: () => true,
    retries: 0,
    globalRequestsPerSecond: options.globalRequestsPerSecond ?? 50,
  });
  const handle = proxyRequests(rest);
  const server: Server = createServer((req, res) => {
    Promise.resolve(handle(req, res)).catch(() => {
      // A network failure on the way to Discord: the caller retries as on any 5xx.
      if (!res.headersSent) res.statusCode = 502;
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `http://${host}:${port}/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
