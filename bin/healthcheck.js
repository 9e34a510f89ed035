#!/usr/bin/env node
// The container's HEALTHCHECK: exits 0 when every bot process of this container answers
// /healthz with 200. Plain JavaScript (no TypeScript loader): it runs every 30 seconds.
// Without METRICS_PORT there is nothing to ask, and the container counts as healthy.
// A shard process serves on METRICS_PORT + its shard id: SHARDS lists this machine's
// shards, else SHARD_COUNT says how many there are, else there is one process.
const base = Number(process.env.METRICS_PORT);
if (!base) process.exit(0);
const count = Number(process.env.SHARD_COUNT);
const shards = process.env.SHARDS
  ? process.env.SHARDS.split(',').map(Number)
  : Number.isInteger(count) && count > 0
    ? Array.from({ length: count }, (_, i) => i)
    : [0];
const ask = (port) =>
  fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4000) })
    .then(async (res) => {
      if (!res.ok) process.stderr.write(`port ${port}: ${res.status} ${await res.text()}\n`);
      return res.ok;
    })
    .catch((err) => {
      process.stderr.write(`port ${port}: ${err.message}\n`);
      return false;
    });
const answers = await Promise.all(shards.map((shard) => ask(base + shard)));
process.exit(answers.every(Boolean) ? 0 : 1);
