import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as backfillAchievements } from '../../../src/cli/commands/backfill-achievements.ts';
import { allAchievements, allProgress } from '../../../src/db/achievements-store.ts';
import { type Database, migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { migrateTo } from '../../../src/db/migrate.ts';
import { allSeasonScores } from '../../../src/db/season-store.ts';
import { replayMilestones } from '../../../src/table/milestones-backfill.ts';
import type { Clock } from '../../../src/table/scheduler.ts';
import { playGame } from '../table/played-games.ts';
import { CAT, tablesFixture } from '../table/tables-fixture.ts';

/**
 * 2026-11-29-0001-seasons-achievements on a database that has played: a database as the
 * bot left it at the migration before (its hand history and ledger from real games),
 * migrated to the latest, holds the seasons, histories and achievements the same games
 * saved deal by deal on a bot that had them; and `guts backfill-achievements`, run twice,
 * awards what is missing once and changes nothing the second time.
 */

const BEFORE_MILESTONES = '2026-11-28-0001-chat-notes';
const DAY = 86_400_000;

/** Games across a month's end, two places, people only and with a bold computer. */
const GAMES = [
  { guild: '100', variant: 'two-card', cat: true, computer: null, deals: 4, gapDays: 0 },
  { guild: '100', variant: 'three-five-seven', cat: false, computer: 'bold', deals: 3, gapDays: 12 },
  { guild: '101', variant: 'deadly-69s', cat: true, computer: null, deals: 3, gapDays: 9 },
  { guild: '100', variant: 'three-card', cat: true, computer: 'cautious', deals: 3, gapDays: 20 },
  { guild: '101', variant: 'one-card', cat: true, computer: null, deals: 5, gapDays: 3 },
] as const;

/** Plays GAMES on the table layer of a bot that keeps milestones (every deal in its own commit). */
async function playedHistory() {
  let now = Date.UTC(2026, 9, 20);
  const clock: Clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => {} };
  const fx = await tablesFixture({ clock, newRngState: () => [7, 2, 3, 4] });
  let n = 0;
  for (const g of GAMES) {
    now += g.gapDays * DAY;
    await playGame(
      fx,
      g,
      (prefix) => `${prefix}-${++n}`,
      () => {
        now += 2 * DAY;
      },
    );
  }
  return fx;
}

/** Every table of `to` (the older schema), filled with the rows `from` holds in it. */
async function copyRows(from: Kysely<Database>, to: Kysely<Database>): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    SELECT name FROM sqlite_master
    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(to);
  const names = tables.rows.map((t) => t.name);
  for (const name of names) {
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(from)).rows;
    for (let i = 0; i < rows.length; i += 100) {
      // biome-ignore lint/suspicious/noExplicitAny: a copy of whatever the table holds
      await (to as Kysely<any>)
        .insertInto(name)
        .values(rows.slice(i, i + 100))
        .execute();
    }
  }
  return names;
}

const saved = async (db: Kysely<Database>) => ({
  scores: await allSeasonScores(db),
  progress: await allProgress(db),
  achievements: await allAchievements(db),
  eras: await db.selectFrom('season_eras').selectAll().orderBy('guild_id').orderBy('starts_at').execute(),
});

const count = async (db: Kysely<Database>, table: 'game_steps' | 'journal_entries' | 'deal_results') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seasons and achievements migrated onto a database that has played', () => {
  const dir = mkdtempSync(join(tmpdir(), 'guts-milestones-migration-'));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('back-fill what each deal would have saved, and the command run twice changes nothing more', async () => {
    const played = await playedHistory();
    const url = `file:${join(dir, 'old.db')}`;
    let old: OpenDatabase | null = openDatabase(url);
    try {
      const stepByStep = await saved(played.db);
      expect(stepByStep.scores.length).toBeGreaterThan(0);
      expect(new Set(stepByStep.scores.map((s) => s.seasonNo)).size).toBeGreaterThan(1); // a month's end crossed
      expect(stepByStep.achievements.length).toBeGreaterThan(4);

      // The same history on the schema as the bot left it before seasons and achievements.
      await migrateTo(old.db, BEFORE_MILESTONES);
      const copied = await copyRows(played.db, old.db);
      expect(copied).not.toContain('season_scores');
      expect(copied).toEqual(expect.arrayContaining(['game_steps', 'journal_entries', 'deal_results']));
      expect(await count(old.db, 'game_steps')).toBe(await count(played.db, 'game_steps'));
      expect(await count(old.db, 'journal_entries')).toBeGreaterThan(0);
      expect(await count(old.db, 'deal_results')).toBeGreaterThan(0);

      await migrateToLatest(old.db);
      const migrated = await saved(old.db);
      expect(migrated).toEqual(stepByStep);
      // And what a replay of the history says, on the migrated database itself.
      const replayed = await replayMilestones(old.db, { write: 'none' });
      expect(replayed.awarded.size).toBe(migrated.achievements.length);
      expect(replayed.scores.size).toBe(migrated.scores.length);
      expect(replayed.newEras.size).toBe(0);

      // An achievement someone earned and does not hold (as one the catalogue gains later).
      await old.db.deleteFrom('achievements').where('user_id', '=', CAT.id).execute();
      const cats = stepByStep.achievements.filter((a) => a.userId === CAT.id).length;
      expect(cats).toBeGreaterThan(0);
      await old.close();
      old = null;

      const printed: string[] = [];
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        printed.push(String(chunk));
        return true;
      });
      expect(await backfillAchievements(['--db', url])).toBe(0);
      expect(await backfillAchievements([url])).toBe(0);
      vi.restoreAllMocks();
      const total = stepByStep.achievements.length;
      expect(printed[0]).toMatch(new RegExp(`: ${cats} awarded, ${total - cats} already held`));
      expect(printed[1]).toMatch(new RegExp(`: 0 awarded, ${total} already held`));

      old = openDatabase(url);
      expect(await saved(old.db)).toEqual(stepByStep);
    } finally {
      await old?.close();
      await played.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
