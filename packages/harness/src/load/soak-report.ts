import type { ThreadMemory } from 'guts/src/threads/rpc.ts';
import type { SoakRun, SoakSample } from './soak.ts';

/** How long an interaction token lives (Discord): what the bot holds per press may live this long. */
export const TOKEN_LIFETIME_MINUTES = 15;
/** Growth is measured from here on: past the token horizon, with two minutes' margin. */
export const GROWTH_FROM_MINUTE = TOKEN_LIFETIME_MINUTES + 2;

/** The least-squares slope of y against x (0 with fewer than two distinct x). */
export function leastSquaresSlope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

const MB = 1024 * 1024;

/** What each thread's isolate is asked (ThreadMemory), each one's growth read on its own. */
const THREAD_FIGURES = ['heapCommitted', 'newSpaceCommitted', 'external', 'arrayBuffers', 'malloced'] as const;
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A sample as the report lists it: minutes, counts, megabytes. */
function row(s: SoakSample) {
  return {
    minute: round(s.atMs / 60_000),
    deals: s.dealsSettled,
    interactions: s.interactions,
    rssMb: round(s.treeRssBytes / MB, 1),
    heapsMb: Object.fromEntries(Object.entries(s.heaps).map(([t, b]) => [t, b === null ? null : round(b / MB)])),
    threadsMb: Object.fromEntries(
      Object.entries(s.threads).map(([t, m]) => [
        t,
        m === null ? null : Object.fromEntries(THREAD_FIGURES.map((f) => [f, round(m[f] / MB)])),
      ]),
    ),
    mappings: s.mappings && {
      anonymousMb: round(s.mappings.anonymousBytes / MB, 1),
      fileMb: round(s.mappings.fileBytes / MB, 1),
      heapPageMappings: s.mappings.heapPageMappings,
      mappings: s.mappings.mappings,
    },
    restHandlers: s.rest.handlers,
    restHashes: s.rest.hashes,
    openTables: s.openTables,
    dbBytes: s.dbBytes,
    walBytes: s.walBytes,
  };
}

/** How many failed games said each thing, ids and numbers left out, the commonest first. */
export function failuresBySaying(failures: readonly string[]): Record<string, number> {
  const tally = new Map<string, number>();
  for (const f of failures) {
    const saying = f.replace(/\d+/g, 'N');
    tally.set(saying, (tally.get(saying) ?? 0) + 1);
  }
  return Object.fromEntries([...tally].sort((a, b) => b[1] - a[1]));
}

/** Growth is read from minute 17 on, or from half the run for runs shorter than 20 minutes. */
export const growthFromMinuteOf = (minutes: number): number =>
  minutes >= GROWTH_FROM_MINUTE + 3 ? GROWTH_FROM_MINUTE : minutes / 2;

/**
 * What a soak run says: growth per 1,000 deals from `fromMinute` on (by default past the
 * 15 minutes a token lives: `growthFromMinuteOf`), each a least-squares slope over the
 * samples; what REST holds against the open tables; the database's bytes per deal; the
 * ledger's audit; and every sample, for a chart.
 */
export function soakReport(run: SoakRun, minutes: number, fromMinute = growthFromMinuteOf(minutes)) {
  const late = run.samples.filter((s) => s.atMs >= fromMinute * 60_000);
  const perThousandDeals = (y: (s: SoakSample) => number | null) =>
    round(
      leastSquaresSlope(
        late.flatMap((s) => {
          const v = y(s);
          return v === null ? [] : [{ x: s.dealsSettled / 1000, y: v }];
        }),
      ),
      3,
    );
  const threads = Object.keys(run.atEnd.heaps);
  const first = run.samples[0] as SoakSample;
  const last = run.samples.at(-1) as SoakSample;
  const dbBytes = Object.values(run.dbBytesByTable).reduce((a, b) => a + b, 0);
  const perDeal = (bytes: number) => Math.round(bytes / Math.max(1, run.dealsSettled));
  return {
    name: 'soak',
    minutes,
    deals: run.dealsSettled,
    dealsPerMinute: Math.round(run.dealsSettled / (run.seconds / 60)),
    interactions: run.atEnd.interactions,
    gamesOpened: run.gamesOpened,
    gamesEnded: run.gamesEnded,
    gamesFailed: run.gamesFailed.length,
    firstFailure: run.gamesFailed[0] ?? null,
    failuresBySaying: failuresBySaying(run.gamesFailed),
    refused: run.refused,
    picturesPosted: run.picturesPosted,
    growth: {
      fromMinute: round(fromMinute, 1),
      samples: late.length,
      deals: late.length ? (late.at(-1) as SoakSample).dealsSettled - (late[0] as SoakSample).dealsSettled : 0,
      rssMbPer1000Deals: perThousandDeals((s) => s.treeRssBytes / MB),
      heapMbPer1000Deals: Object.fromEntries(
        threads.map((t) => [t, perThousandDeals((s) => (s.heaps[t] == null ? null : (s.heaps[t] as number) / MB))]),
      ),
      // Which thread's isolate grows, and in what: committed pages, young generation, memory outside the heap.
      threadMbPer1000Deals: Object.fromEntries(
        threads.map((t) => [
          t,
          Object.fromEntries(
            THREAD_FIGURES.map((f) => [
              f,
              perThousandDeals((s) => (s.threads[t] ? (s.threads[t] as ThreadMemory)[f] / MB : null)),
            ]),
          ),
        ]),
      ),
      processPer1000Deals: {
        anonymousMb: perThousandDeals((s) => (s.mappings ? s.mappings.anonymousBytes / MB : null)),
        fileMb: perThousandDeals((s) => (s.mappings ? s.mappings.fileBytes / MB : null)),
        heapPageMappings: perThousandDeals((s) => s.mappings?.heapPageMappings ?? null),
        mappings: perThousandDeals((s) => s.mappings?.mappings ?? null),
      },
      restHandlersPer1000Deals: perThousandDeals((s) => s.rest.handlers),
      restHashesPer1000Deals: perThousandDeals((s) => s.rest.hashes),
    },
    rssMb: { first: row(first).rssMb, last: row(last).rssMb },
    rest: {
      // During play: what the REST manager holds per open table (it follows the tables, not the deals).
      handlersPerOpenTable: round(
        late.reduce((s, x) => s + x.rest.handlers / Math.max(1, x.openTables), 0) / Math.max(1, late.length),
        1,
      ),
      lastSampleDuringPlay: { handlers: last.rest.handlers, hashes: last.rest.hashes, openTables: last.openTables },
      afterLastGame: { handlers: run.atEnd.rest.handlers, hashes: run.atEnd.rest.hashes },
      afterSweep: { handlers: run.afterSweep.rest.handlers, hashes: run.afterSweep.rest.hashes },
    },
    cachesAfterLastGame: run.afterSweep.caches,
    database: {
      bytesPerDeal: perDeal(dbBytes),
      bytesPerDealByTable: Object.fromEntries(Object.entries(run.dbBytesByTable).map(([t, b]) => [t, perDeal(b)])),
      dbBytes,
      walMaxBytes: Math.max(...run.samples.map((s) => s.walBytes), run.atEnd.walBytes),
      walBytesAtEnd: run.afterSweep.walBytes,
    },
    audit: { ...run.audit, settledTwice: run.settledTwice },
    target: { rssMbPer1000Deals: 2, heapMbPer1000Deals: 0.5, settledTwice: 0, auditOk: true },
    samples: run.samples.map(row),
  };
}
