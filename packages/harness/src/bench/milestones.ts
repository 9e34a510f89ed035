import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertDealResults } from 'guts/src/db/deal-results-store.ts';
import type { HistoryLine } from 'guts/src/db/hand-history.ts';
import { migrateToLatest, openDatabase } from 'guts/src/db/index.ts';
import { createOrLoadTable, insertStepRecord } from 'guts/src/db/table-store.ts';
import { type Action, apply, awaiting, computerMove, createGame, type GameState } from 'guts/src/engine/index.ts';
import { advance, earnedBy, NO_PROGRESS, type Progress } from 'guts/src/rules/achievements.ts';
import { dealFactsOf } from 'guts/src/table/deal-facts.ts';
import { dealResultsOf } from 'guts/src/table/deal-results-of-events.ts';
import { recordMilestones } from 'guts/src/table/milestones.ts';
import { seasonBoard } from 'guts/src/table/season-board.ts';
import { sql } from 'kysely';
import type { Bench } from './types.ts';

/**
 * Seasons and achievements at 100,000 deals in one server (a year of them, 40 people,
 * five at a table, one game in five with a bold computer), every deal played by the
 * engine and written as the bot writes it (its steps' hand history, its results, and
 * its milestones, the achievements' check included): `/guts season`'s p99 (target
 * < 100 ms), the achievements' check per step (target < 0.2 ms), and what the milestones
 * add to the database per deal (target: at most 10%). People choose Stay or Drop by a
 * seeded coin, not by the computer players' odds (which cost 100 times the rest of the
 * deal here); the computer seat and the draws still move as the bot moves them. Games
 * are written 50 to a transaction: the seeding's speed, not what is measured.
 */
const PEOPLE = Array.from({ length: 40 }, (_, i) => String(200_000_000_000_000_000n + BigInt(i)));
const VARIANTS = ['two-card', 'three-card', 'deadly-69s', 'three-five-seven', 'iron-cross', 'one-card'];
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const RUNS = 200;
/** Games written per transaction while seeding. */
const GAMES_PER_COMMIT = 50;

const percentile = (ms: number[], p: number) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 1000) / 1000;
};

function dealsFlag(flags: string[]): number {
  const at = flags.indexOf('--deals');
  const n = at >= 0 ? Number(flags[at + 1]) : 100_000;
  if (!Number.isInteger(n) || n < 100) throw new Error('--deals takes a whole number of at least 100');
  return n;
}

const sizeOf = (path: string) => statSync(path).size;

/** A person's Stay or Drop: a seeded coin, a little over half of them staying. */
const personChooses = (game: number, dealNo: number, seat: string, round: number): 'stay' | 'drop' => {
  let h = (game * 2_654_435_761 + dealNo * 40_503 + round * 97 + Number(seat.slice(-2))) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2_246_822_519) >>> 0;
  return (h ^ (h >>> 13)) % 100 < 55 ? 'stay' : 'drop';
};

/** The next move of a game: a person's declaration by the coin, anything else as the bot's computer players move. */
function nextMove(state: GameState, game: number): Action | null {
  const w = awaiting(state);
  if (w.kind === 'declare') {
    const person = (id: string) => !state.players.find((p) => p.id === id)?.computer;
    const seat = w.turn !== undefined ? (person(w.turn) ? w.turn : undefined) : w.pending.find(person);
    if (seat !== undefined) {
      const choice = w.canDrop ? personChooses(game, state.dealNo, seat, w.round) : 'stay';
      return { type: 'declare', playerId: seat, choice };
    }
  }
  return state.players.map((p) => computerMove(state, p.id, p.computer ?? 'balanced')).find((m) => m) ?? null;
}

export const benches: Bench[] = [
  {
    name: 'milestones',
    results: ['season-board', 'achievement-check', 'milestones-db-growth'],
    flags: { deals: { type: 'string' } },
    async run(flags) {
      const DEALS = dealsFlag(flags);
      const dir = mkdtempSync(join(tmpdir(), 'guts-bench-'));
      const path = join(dir, 'milestones.db');
      const o = openDatabase(`file:${path}`);
      try {
        await migrateToLatest(o.db);
        const tables = await Promise.all(
          Array.from({ length: 8 }, (_, i) => createOrLoadTable(o.db, 'g', `c${i}`).then((t) => Number(t.id))),
        );
        const now = Date.now();
        const progress = new Map<string, Progress>();
        let deals = 0;
        let steps = 0;
        let checkMs = 0;
        let writeMs = 0;
        /** The deal results' own write beside it, for scale (what the commit wrote before milestones). */
        let resultsMs = 0;
        let game = 0;
        const versions = new Map<number, number>();
        const dealNos = new Map<number, number>();
        /** Deals played (written or waiting in `queue`): the engine's, before they are written. */
        let played = 0;
        /** Each settled deal's check, and its milestones' whole write (reads, check, writes), in ms. */
        const checks: number[] = [];
        const writes: number[] = [];
        type PlayedGame = {
          tableId: number;
          variant: string;
          state: GameState;
          pending: { events: HistoryLine[]; dealNo: number }[];
        };
        let queue: PlayedGame[] = [];
        const flush = () =>
          o.db.transaction().execute(async (trx) => {
            for (const { tableId, variant, state, pending } of queue) {
              for (const s of pending) {
                const at = now - YEAR_MS + Math.floor((deals / DEALS) * YEAR_MS);
                const version = (versions.get(tableId) ?? 0) + 1;
                versions.set(tableId, version);
                steps += 1;
                await insertStepRecord(trx, {
                  tableId,
                  key: `${tableId}:${version}`,
                  dealNo: s.dealNo,
                  version,
                  events: JSON.stringify(s.events),
                  at,
                });
                const results = dealResultsOf(s.events.filter((e) => e.type !== 'GameOpened'));
                if (results.length === 0) continue;
                deals += 1;
                // The pure check a step runs: the deal's facts, each person's history, the catalogue.
                const t0 = performance.now();
                for (const [userId, facts] of dealFactsOf(s.events, variant, state.options.ante)) {
                  const after = advance(progress.get(userId) ?? NO_PROGRESS, facts, tableId);
                  progress.set(userId, after);
                  earnedBy(facts, after);
                }
                const check = performance.now() - t0;
                checks.push(check);
                checkMs += check;
                const where = { guildId: 'g', tableId, dealNo: s.dealNo, at };
                const t2 = performance.now();
                await insertDealResults(trx, { ...where, variant }, results);
                resultsMs += performance.now() - t2;
                const t1 = performance.now();
                await recordMilestones(trx, where, { variant, results }, s.events, state);
                const write = performance.now() - t1;
                writes.push(write);
                writeMs += write;
              }
            }
            queue = [];
          });
        while (played < DEALS) {
          const tableId = tables[game % tables.length] as number;
          const seats = Array.from({ length: 5 }, (_, k) => PEOPLE[(game * 7 + k * 3) % PEOPLE.length] as string);
          const variant = VARIANTS[game % VARIANTS.length] as string;
          let state: GameState = createGame({
            variant,
            rng: [game + 1, 2, 3, 4],
            host: seats[0] as string,
            hostName: 'p0',
          });
          const pending: { events: HistoryLine[]; dealNo: number }[] = [];
          const step = (action: Action) => {
            const applied = apply(state, action);
            state = applied.state;
            const base = dealNos.get(tableId) ?? 0;
            pending.push({ events: applied.events, dealNo: base + state.dealNo });
          };
          for (const id of seats.slice(1, game % 5 === 0 ? 4 : 5))
            step({ type: 'join', playerId: id, name: id.slice(-2) });
          if (game % 5 === 0) step({ type: 'addComputer', by: seats[0] as string, level: 'bold' });
          step({ type: 'startDeal', by: seats[0] as string });
          for (let guard = 0; guard < 400; guard++) {
            const w = awaiting(state);
            if (w.kind === 'over') break;
            if (w.kind === 'between-deals') {
              if (state.dealNo >= 8 || played + state.dealNo >= DEALS) {
                step({ type: 'stop', by: seats[0] as string });
                if (awaiting(state).kind !== 'over') step({ type: 'timeout' });
                break;
              }
              step({ type: 'timeout' });
              continue;
            }
            step(nextMove(state, game) ?? { type: 'timeout' });
          }
          dealNos.set(tableId, (dealNos.get(tableId) ?? 0) + state.dealNo);
          played += state.dealNo;
          queue.push({ tableId, variant, state, pending });
          if (queue.length >= GAMES_PER_COMMIT) await flush();
          game += 1;
        }
        await flush();
        const board: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t0 = performance.now();
          await seasonBoard(o.db, 'g', now);
          board.push(performance.now() - t0);
        }
        const counts = await o.db
          .selectFrom('achievements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst();
        const sizes = async () => {
          await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(o.db);
          await sql`VACUUM`.execute(o.db);
          return sizeOf(path);
        };
        const withMilestones = await sizes();
        for (const table of ['season_scores', 'season_eras', 'player_progress', 'achievements', 'player_profiles']) {
          await o.db.schema.dropTable(table).execute();
        }
        const without = await sizes();
        const growth = withMilestones / without - 1;
        return [
          {
            name: 'season-board',
            deals,
            query: 'seasonBoard (the current season, its table and the last champions)',
            p50Ms: percentile(board, 0.5),
            p99Ms: percentile(board, 0.99),
            target: { p99Ms: 100 },
          },
          {
            name: 'achievement-check',
            deals,
            steps,
            perStepMs: Math.round((checkMs / steps) * 10_000) / 10_000,
            // Only a step that settles a deal checks anything: per such step, its median and p99.
            perSettlingStepMs: Math.round((checkMs / deals) * 10_000) / 10_000,
            settlingStepP50Ms: percentile(checks, 0.5),
            settlingStepP99Ms: percentile(checks, 0.99),
            // The whole of it in the step's transaction: histories read, the check, points and awards written.
            milestonesInTransactionP50Ms: percentile(writes, 0.5),
            milestonesInTransactionP99Ms: percentile(writes, 0.99),
            milestoneWritePerDealMs: Math.round((writeMs / deals) * 1000) / 1000,
            dealResultsWritePerDealMs: Math.round((resultsMs / deals) * 1000) / 1000,
            awarded: Number(counts?.n ?? 0),
            target: { perStepMs: 0.2 },
          },
          {
            name: 'milestones-db-growth',
            deals,
            bytesPerDealWithout: Math.round(without / deals),
            bytesPerDealWith: Math.round(withMilestones / deals),
            growth: Math.round(growth * 10_000) / 10_000,
            target: { growth: 0.1 },
          },
        ];
      } finally {
        await o.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
