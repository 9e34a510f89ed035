import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { routeLabel } from '../../../src/discord/metrics.ts';
import { type Health, type OpsServer, startOpsServer } from '../../../src/discord/ops-server.ts';

describe('the operators’ HTTP server (METRICS_PORT)', () => {
  let server: OpsServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  const start = async (health: Health) => {
    server = await startOpsServer(
      0,
      { health: async () => health, metrics: async () => 'guts_open_tables 2\n' },
      '127.0.0.1',
    );
    return `http://127.0.0.1:${server.port}`;
  };

  it('answers /healthz 200 when every check passes, 503 naming the failed one otherwise', async () => {
    const healthy = await start({ ok: true, checks: { gateway: { ok: true } } });
    const ok = await fetch(`${healthy}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, checks: { gateway: { ok: true } } });
    await server?.close();
    const sick = await start({
      ok: false,
      checks: { gateway: { ok: true }, database: { ok: false, reason: 'no answer within 2000 ms' } },
    });
    const down = await fetch(`${sick}/healthz`);
    expect(down.status).toBe(503);
    expect(((await down.json()) as Health).checks.database?.reason).toBe('no answer within 2000 ms');
  });

  it('serves /metrics as Prometheus text, 404 elsewhere, 405 for anything but GET', async () => {
    const base = await start({ ok: true, checks: {} });
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await metrics.text()).toBe('guts_open_tables 2\n');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('labels REST routes without ids or tokens', () => {
    expect(routeLabel('/interactions/1234567890123456789/aW50ZXJhY3Rpb24/callback?with_response=false')).toBe(
      '/interactions/:id/:token/callback',
    );
    expect(routeLabel('/webhooks/1234567890123456789/tok.en-_/messages/1234567890123456780')).toBe(
      '/webhooks/:id/:token/messages/:id',
    );
    expect(routeLabel('/channels/1234567890123456789/messages')).toBe('/channels/:id/messages');
  });

  it("gives the container's HEALTHCHECK (bin/healthcheck.js) the answer of /healthz", async () => {
    const check = (env: Record<string, string>) =>
      new Promise<number | null>((resolve) => {
        // Asynchronously: this process serves the /healthz it asks.
        const child = spawn(process.execPath, ['bin/healthcheck.js'], {
          env: { PATH: process.env.PATH ?? '', ...env },
        });
        child.once('exit', resolve);
      });
    expect(await check({})).toBe(0); // no METRICS_PORT: nothing to ask
    await start({ ok: true, checks: {} });
    expect(await check({ METRICS_PORT: String(server?.port) })).toBe(0);
    // A second shard's process (METRICS_PORT + 1) that is not there: unhealthy.
    expect(await check({ METRICS_PORT: String(server?.port), SHARDS: '0,1' })).toBe(1);
    await server?.close();
    await start({ ok: false, checks: { gateway: { ok: false, reason: 'gateway status Reconnecting' } } });
    expect(await check({ METRICS_PORT: String(server?.port) })).toBe(1);
  });
});
