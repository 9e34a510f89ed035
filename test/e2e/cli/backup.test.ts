import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, openToServe, sqlitePathOf } from '../../../src/db/index.ts';
import type { Db } from '../../../src/db/transaction.ts';
import { auditLedger } from '../../../src/ledger/index.ts';
import { type Decide, openAndDeal, playToEnd } from '../play.ts';
import { World } from '../world.ts';

const bin = resolve(__dirname, '../../../bin/guts.js');
const dir = mkdtempSync(join(tmpdir(), 'guts-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `guts ARGS` as its own process, without blocking this one (which serves the game being copied). */
function guts(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

describe('guts backup: which database', () => {
  it('says where it looked when there is none, and creates nothing', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    const run = spawnSync(process.execPath, [bin, 'backup', 'copy.db'], {
      cwd: empty,
      env: { ...process.env, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'guts backup: no database here (file:./data/guts.db for the bot, file:./data/playground.db for the playground): pass --db URL or set DATABASE_URL\n',
    );
    expect(readdirSync(empty)).toEqual([]);
    const named = spawnSync(process.execPath, [bin, 'backup', '--db', 'file:./gone.db', 'copy.db'], {
      cwd: empty,
      encoding: 'utf8',
    });
    expect(named.stderr).toBe('guts backup: there is no database at file:./gone.db\n');
    expect(readdirSync(empty)).toEqual([]);
  });

  it('points to pg_dump for PostgreSQL, without the password', async () => {
    const run = await guts(['backup', 'guts.dump'], { DATABASE_URL: 'postgres://guts:s3cret@db.example:5432/guts' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'guts backup: PostgreSQL is backed up with its own tools: pg_dump --format=custom --file=guts.dump postgres://guts@db.example:5432/guts (restore with pg_restore)\n',
    );
  });

  it('never overwrites a file', async () => {
    const source = join(dir, 'small.db');
    await (await openToServe(`file:${source}`)).close();
    const target = join(dir, 'taken.db');
    writeFileSync(target, 'yesterday');
    const run = await guts(['backup', '--db', `file:${source}`, target]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `guts backup: ${target} is already there: a backup never overwrites a file unless told to (--force)\n`,
    );
    expect(readdirSync(dir).filter((f) => f.startsWith('taken.db'))).toEqual(['taken.db']);
  });
});

/** Each player's balance, by user id, summed from the postings of the first `entries` journal entries (all when null). */
async function balancesFromPostings(db: Db, entries: number | null): Promise<Record<string, number>> {
  const rows = await sql<{ owner: string; balance: number }>`
    select a.owner as owner, sum(p.amount) as balance
    from postings p join ledger_accounts a on a.id = p.account_id
    where a.kind = 'player'
      and p.entry_id in (select id from journal_entries order by id limit ${entries ?? -1})
    group by a.owner`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.owner, Number(r.balance)]));
}

async function ledgerBalances(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['owner', 'balance'])
    .where('kind', '=', 'player')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.owner, r.balance]));
}

const entryKeys = async (db: Db) =>
  (await db.selectFrom('journal_entries').select('key').orderBy('id').execute()).map((r) => r.key);

describe('guts backup during a game', () => {
  let world: World | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  it('copies the ledger as one moment left it, and a bot restored from the copy plays on', async () => {
    world = await World.start({ players: ['ann', 'bob', 'cat'], pauseMs: 50, rateLimits: 'none' });
    const live = sqlitePathOf(world.dbUrl) as string;
    const copy = join(dir, 'during-play.db');
    await openAndDeal(world, 'three-card');
    // Everyone stays (a showdown each deal, chips moving every time) until the copy is made;
    // it starts from deal 2, by another process, as an operator's cron job would.
    let backup: Promise<Run> | null = null;
    let copied = false;
    const decide: Decide = ({ dealNo, player }) => {
      if (dealNo >= 2 && !backup) {
        backup = guts(['backup', '--db', world?.dbUrl as string, copy]);
        void backup.then(() => {
          copied = true;
        });
      }
      return copied ? (player === 'ann' ? 'stay' : 'drop') : 'stay';
    };
    const lastDeal = await playToEnd(world, decide, 200);
    const made = (await backup) as Run | null;
    expect(made?.stderr).toBe('');
    expect(made?.stdout).toMatch(
      new RegExp(`^backed up ${live} to ${copy} \\(\\d+ pages, [\\d.]+ MB, quick_check ok\\)\\n$`),
    );
    expect(made?.status).toBe(0);

    // Restore as docs/OPERATING.md ("Backups and restore") says: stop the bot, put the copy in place of the file, start.
    await world.bot.stop();
    await world.database.close();
    const source = openDatabase(world.dbUrl);
    const sourceKeys = await entryKeys(source.db);
    const sourceFinal = await ledgerBalances(source.db);
    expect(await balancesFromPostings(source.db, null)).toEqual(sourceFinal);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${live}${suffix}`, { force: true });
    copyFileSync(copy, live);
    world.database = await openToServe(world.dbUrl);
    const restored = world.database.db;

    // The copy was made during the game (its table is mid-game) and is the live ledger
    // as it stood then: its entries are the first of the live one's, and its balances are
    // what those entries sum to there.
    const atCopy = await world.state();
    expect(atCopy.phase).not.toBe('over');
    expect(atCopy.dealNo).toBeGreaterThanOrEqual(2);
    expect(atCopy.dealNo).toBeLessThanOrEqual(lastDeal);
    const copiedKeys = await entryKeys(restored);
    expect(copiedKeys.length).toBeGreaterThan(0);
    expect(copiedKeys).toEqual(sourceKeys.slice(0, copiedKeys.length));
    const copiedBalances = await ledgerBalances(restored);
    expect(copiedBalances).toEqual(await balancesFromPostings(source.db, copiedKeys.length));
    await source.close();
    expect((await auditLedger(restored)).problems).toEqual([]);
    const audit = await guts(['audit', world.dbUrl]);
    expect(audit.stdout).toMatch(/^audit ok \(.*\): 1 guilds, /);
    expect(audit.status).toBe(0);

    // A fresh bot on the restored file picks the game up where the copy left it and ends it.
    await world.startBot();
    const host: Decide = ({ player }) => (player === 'ann' ? 'stay' : 'drop');
    await playToEnd(world, host, 200);
    const finished = await world.state();
    expect(finished.phase).toBe('over');
    for (let deal = 1; deal <= finished.dealNo; deal++) expect(await world.settlements(deal)).toBe(1);
    const report = await auditLedger(restored);
    expect(report.problems).toEqual([]);
    expect(await balancesFromPostings(restored, null)).toEqual(await ledgerBalances(restored));
    expect(existsSync(copy)).toBe(true);
  });
});
