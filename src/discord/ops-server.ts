import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `METRICS_PORT`: a small HTTP server for whoever runs the bot. `/healthz` answers 200
 * when the bot can serve players (gateway connected, database reachable, open tables
 * reloaded) and 503 naming what is wrong; `/metrics` is Prometheus's text format.
 */

export interface Health {
  ok: boolean;
  /** Each check, and why it failed. */
  checks: Record<string, { ok: boolean; reason?: string }>;
}

export interface OpsSources {
  health(): Promise<Health>;
  metrics(): Promise<string>;
}

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

export async function startOpsServer(port: number, sources: OpsSources, host = '0.0.0.0'): Promise<OpsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
      } else if (path === '/healthz') {
        const health = await sources.health();
        res.writeHead(health.ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(health));
      } else if (path === '/metrics') {
        res.writeHead(200, { 'content-type': PROMETHEUS_TEXT }).end(await sources.metrics());
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('/healthz or /metrics\n');
      }
    };
    answer().catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`${err.message}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  // Never what keeps a stopping process alive.
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
