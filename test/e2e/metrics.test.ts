import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import { openAndDeal, playToEnd, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

/** One series' value in Prometheus text (the sum over label sets that contain `labels`). */
function seriesSum(text: string, name: string, labels: string[] = []): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (labels.every((l) => line.includes(l))) sum += Number(line.split(' ').at(-1));
  }
  return sum;
}

describe('health and metrics of the bot process (METRICS_PORT)', () => {
  let world: World;
  let base: string;
  test.beforeAll(async ({ worlds }) => {
    // Any free port (0), read back from the bot's log: a port picked here and handed on
    // could be taken by another process before the bot binds it.
    world = await worlds.start({
      players: ['ann', 'bob'],
      process: true,
      keepLog: true,
      env: { METRICS_PORT: '0', LOG_LEVEL: 'info' },
    });
    const { port } = await world.logged('serving /healthz and /metrics');
    expect(port).toBeGreaterThan(0);
    base = `http://127.0.0.1:${port}`;
  });

  it('is healthy once connected, and counts interactions, deals, REST calls and acknowledgements', async () => {
    // Healthy once the tables left open are reloaded: waited for, as long as a busy machine takes.
    let health: Response | null = null;
    for (const end = Date.now() + 30_000; health?.status !== 200 && Date.now() < end; ) {
      health = await fetch(`${base}/healthz`).catch(() => null);
      if (health?.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health?.status).toBe(200);
    expect(await health?.json()).toEqual({
      ok: true,
      checks: { gateway: { ok: true }, database: { ok: true }, tables: { ok: true } },
    });

    await openAndDeal(world, 'two-card', ['bob']);
    const deals = await playToEnd(world, showdownThenHostAlone('ann'));
    await world.waitForEmbed(/^Game over after/);

    const text = await (await fetch(`${base}/metrics`)).text();
    expect(seriesSum(text, 'guts_deals_settled_total')).toBe(deals);
    expect(seriesSum(text, 'guts_interactions_total', ['kind="command"', 'outcome="ok"'])).toBeGreaterThanOrEqual(1);
    expect(seriesSum(text, 'guts_interactions_total', ['kind="component"', 'outcome="ok"'])).toBeGreaterThanOrEqual(4);
    expect(seriesSum(text, 'guts_interactions_total', ['outcome="error"'])).toBe(0);
    // Every interaction was acknowledged, and each acknowledgement timed.
    const acks = seriesSum(text, 'guts_rest_requests_total', ['route="/interactions/:id/:token/callback"']);
    expect(acks).toBeGreaterThanOrEqual(5);
    expect(seriesSum(text, 'guts_interaction_ack_seconds_count')).toBe(acks);
    expect(seriesSum(text, 'guts_interaction_ack_seconds_bucket', ['le="3"'])).toBe(acks);
    expect(seriesSum(text, 'guts_step_commit_seconds_count')).toBeGreaterThan(deals);
    expect(text).toMatch(/^guts_gateway_ping_seconds -?\d/m);
    expect(text).toMatch(/^guts_open_tables 0$/m); // the game is over
    expect(text).toMatch(/^guts_helper_queue_depth\{thread="pictures"\} \d+$/m);
    expect(text).toMatch(/^guts_helper_dropped\{thread="odds"\} \d+$/m);
    // Every cache reports its size; those with a count for a bound report it too.
    expect(text).toMatch(/^guts_cache_entries\{cache="odds"\} \d+$/m);
    expect(text).toMatch(/^guts_cache_limit\{cache="odds"\} 5000$/m);
    expect(text).toMatch(/^guts_cache_entries\{cache="lostChannels"\} 0$/m);
    expect(seriesSum(text, 'guts_rest_429_total')).toBe(0);
    expect(seriesSum(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    // The Grafana dashboard in docs/ asks only for series the bot serves.
    const dashboard = readFileSync('docs/grafana-dashboard.json', 'utf8');
    const asked = new Set(dashboard.match(/guts_[a-z_0-9]+/g));
    expect(asked.size).toBeGreaterThan(5);
    for (const name of asked) {
      const family = name.replace(/_(bucket|count|sum)$/, '');
      expect(text, name).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    }
  });
});
