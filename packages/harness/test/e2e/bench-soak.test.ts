import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failuresBySaying, leastSquaresSlope } from '../../src/load/soak-report.ts';
import { harnessRun } from '../support/harness-run.ts';

const harness = (args: string[]) =>
  spawnSync(process.execPath, ['packages/harness/bin/harness.js', ...args], { encoding: 'utf8' });

/** A soak bench run. */
const soakRun = (args: string[]) => harnessRun(['bench', 'soak', ...args], 240_000);

/** A soak bench run's JSON charted by `guts-harness soak-chart`: the SVG. */
function chartOf(json: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'guts-soak-chart-'));
  try {
    writeFileSync(join(dir, 'soak.json'), json);
    const chart = harness(['soak-chart', join(dir, 'soak.json'), join(dir, 'soak.svg')]);
    expect(chart.status, chart.stderr).toBe(0);
    return readFileSync(join(dir, 'soak.svg'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// One run at a time: side by side they lifted the machine's load enough to time other
// files' pages out. Each mode of a run plays with a local Discord and a bot of its own, one
// mode after the other: run apart, the open-and-end games and the long games are the same
// runs as in one.
describe('guts-harness bench soak', () => {
  it('plays tables that open and end, samples what the bot holds, audits the ledger, and charts it', async ({
    expect,
  }) => {
    const run = await soakRun([
      '--minutes',
      '0.25',
      '--tables',
      '2',
      '--deals-per-game',
      '2',
      '--sample-seconds',
      '3',
      '--rest-sweep-seconds',
      '1',
      '--long-minutes',
      '0',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { results: Record<string, unknown>[] };
    expect(report.results.map((r) => r.name)).toEqual(['soak']);
    // biome-ignore lint/suspicious/noExplicitAny: the bench's JSON, its shape is what this checks
    const soak = report.results[0] as Record<string, any>;
    expect(soak.deals).toBeGreaterThan(0);
    expect(soak.gamesEnded).toBeGreaterThan(2); // each table opened and ended games, more than one
    expect(soak.gamesFailed, soak.firstFailure).toBe(0);
    expect(soak.audit).toMatchObject({ ok: true, problems: 0, settledTwice: 0 });
    expect(soak.audit.entries).toBeGreaterThanOrEqual(soak.deals);
    expect(soak.growth).toMatchObject({
      rssMbPer1000Deals: expect.any(Number),
      heapMbPer1000Deals: {
        main: expect.any(Number),
        stepWriter: expect.any(Number),
        odds: expect.any(Number),
        pictures: expect.any(Number),
      },
    });
    expect(soak.samples.length).toBeGreaterThanOrEqual(3);
    const last = soak.samples.at(-1);
    expect(last.deals).toBeGreaterThan(0);
    expect(last.interactions).toBeGreaterThan(last.deals);
    expect(last.rssMb).toBeGreaterThan(last.heapsMb.main);
    expect(soak.database.bytesPerDeal).toBeGreaterThan(0);
    expect(soak.database.bytesPerDealByTable.game_steps).toBeGreaterThan(0);
    // Every game ended: the bot holds no table, tokens or private messages any more.
    expect(soak.cachesAfterLastGame).toMatchObject({
      heldTables: { size: 0 },
      tokens: { size: 0 },
      privateMessages: { size: 0 },
    });
    // Once the REST manager's sweep has run, no queue is left but the one a route still in
    // use may hold. (Button answers go over the bot's own token calls, not discord.js's
    // REST, so the last game may leave only that one: fewer after the sweep is not a given.)
    expect(soak.rest.afterSweep.handlers).toBeLessThanOrEqual(1);
    expect(soak.rest.afterSweep.handlers).toBeLessThanOrEqual(soak.rest.afterLastGame.handlers);
    expect(soak.cards).toBe('emojis');
    expect(soak.picturesPosted).toBe(0);
    expect(soak.longGame).toBeNull();
    expect(soak.rssMbPer1000DealsByMode).toEqual({ openAndEnd: soak.growth.rssMbPer1000Deals, longGame: null });

    const svg = chartOf(run.stdout);
    expect(svg).toMatch(/^<svg /);
    expect(svg).toMatch(/<title>[^<]+<\/title>/);
    expect((svg.match(/<polyline /g) ?? []).length).toBe(5); // resident memory and four threads' heaps
  }, 300_000);

  it("plays one long game a table, ended only by the run's end", async ({ expect }) => {
    const run = await soakRun([
      '--minutes',
      '0',
      '--long-minutes',
      '0.25',
      '--tables',
      '2',
      '--sample-seconds',
      '3',
      '--rest-sweep-seconds',
      '1',
    ]);
    expect(run.status, run.stderr).toBe(0);
    // biome-ignore lint/suspicious/noExplicitAny: the bench's JSON, its shape is what this checks
    const soak = JSON.parse(run.stdout).results[0] as Record<string, any>;
    expect(soak.mode).toBeNull();
    const long = soak.longGame;
    expect(long.mode).toBe('longGame');
    expect(long.gamesOpened).toBe(2);
    expect(long.gamesEnded).toBe(2);
    expect(long.deals).toBeGreaterThan(2 * 2); // more deals a game than an open-and-end game has
    expect(long.refused).toBe(0);
    expect(long.audit).toMatchObject({ ok: true, problems: 0, settledTwice: 0 });
    expect(long.cachesAfterLastGame).toMatchObject({ heldTables: { size: 0 }, tokens: { size: 0 } });
    expect(soak.cards).toBe('emojis');
    expect(long.picturesPosted).toBe(0);
    expect(soak.rssMbPer1000DealsByMode).toEqual({ openAndEnd: null, longGame: long.growth.rssMbPer1000Deals });
  }, 300_000);

  it('plays the long games alone, with cards as pictures and the presses held back', async ({ expect }) => {
    const run = await soakRun([
      '--minutes',
      '0',
      '--long-minutes',
      '0.2',
      '--tables',
      '1',
      '--sample-seconds',
      '3',
      '--rest-sweep-seconds',
      '1',
      '--cards',
      'pictures',
      '--long-press-after-seconds',
      '1',
    ]);
    expect(run.status, run.stderr).toBe(0);
    // biome-ignore lint/suspicious/noExplicitAny: the bench's JSON, its shape is what this checks
    const soak = JSON.parse(run.stdout).results[0] as Record<string, any>;
    expect(soak.mode).toBeNull();
    expect(soak.rssMbPer1000DealsByMode.openAndEnd).toBeNull();
    expect(soak.cards).toBe('pictures');
    const long = soak.longGame;
    expect(long.deals).toBeGreaterThan(1);
    // Each deal's table message shows a picture of the hands, and each player's cards.
    expect(long.picturesPosted).toBeGreaterThanOrEqual(long.deals);
    // Held back a second, a deal takes two at least (the bot pauses a second between deals):
    // 12 s hold at most six, and the one under way at the stop. Pressed at once, a deal
    // takes about a second here (eleven or so in 12 s).
    expect(long.deals).toBeLessThan(9);
    expect(long.refused).toBe(0);
    expect(long.audit).toMatchObject({ ok: true, problems: 0, settledTwice: 0 });
    expect(soak.rssMbPer1000DealsByMode.longGame).toBe(long.growth.rssMbPer1000Deals);

    // With nothing else played, the chart is the long games'.
    expect(chartOf(run.stdout)).toMatch(/^<svg /);
  }, 300_000);

  it('measures growth as a least-squares slope over every sample, not two points', () => {
    expect(
      leastSquaresSlope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toBeCloseTo(2);
    // The end points alone say 0; the samples between them say it fell.
    expect(
      leastSquaresSlope([
        { x: 0, y: 10 },
        { x: 1, y: 9 },
        { x: 2, y: 0 },
        { x: 3, y: 10 },
      ]),
    ).toBeLessThan(0);
    expect(leastSquaresSlope([{ x: 1, y: 1 }])).toBe(0);
  });

  it('tallies failed games by what they said, ids and numbers aside', () => {
    expect(
      failuresBySaying([
        'table 0: stay in deal 1: no button "Stay" on message 123',
        'table 0: result of deal 4: timed out after 60000 ms',
        'table 0: stay in deal 3: no button "Stay" on message 456',
      ]),
    ).toEqual({
      'table N: stay in deal N: no button "Stay" on message N': 2,
      'table N: result of deal N: timed out after N ms': 1,
    });
  });
});
