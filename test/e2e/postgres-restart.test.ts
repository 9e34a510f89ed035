import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AdjustableClock } from '@guts/local-discord';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dealOne, healthz, nothingLost, playThrough, QUICK_RETRY } from './db-faults.ts';
import { choiceShown } from './play.ts';
import { World } from './world.ts';

const run = promisify(execFile);

/** Where .ci/postgres.sh finds PostgreSQL's server binaries (it installs them where it may). */
const PG_BINARIES = '/usr/lib/postgresql';
const havePostgres =
  existsSync(PG_BINARIES) && readdirSync(PG_BINARIES).some((v) => existsSync(join(PG_BINARIES, v, 'bin', 'pg_ctl')));

/**
 * A PostgreSQL server of this file's own (never the suite's shared one: it is restarted
 * and stopped here), as a managed PostgreSQL does on a failover or a minor upgrade. The
 * bot must live through it, its table wait and carry on, nothing lost or settled twice.
 */
describe.skipIf(!havePostgres)(`a PostgreSQL server that goes away (needs ${PG_BINARIES}/*/bin)`, () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'guts-pg-restart-'));
  const env = { ...process.env, GUTS_PG_STATE: join(stateDir, 'state') };
  /** `.ci/postgres.sh command` against this file's cluster. */
  const cluster = async (command: 'start' | 'stop' | 'restart' | 'down' | 'up') =>
    (await run('bash', ['.ci/postgres.sh', command], { env })).stdout.trim();
  let adminUrl = '';
  let databases = 0;
  let world: World | undefined;

  beforeAll(async () => {
    adminUrl = await cluster('start');
  }, 120_000);
  afterAll(async () => {
    await cluster('stop');
    rmSync(stateDir, { recursive: true, force: true });
  }, 60_000);
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  /** A new empty database on the cluster. */
  async function freshDatabase(): Promise<string> {
    const name = `guts_restart_${++databases}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** ann and bob's world on a new database of the cluster (`clock`: one the test moves). */
  async function playing(clock?: AdjustableClock): Promise<World> {
    world = await World.start({
      players: ['ann', 'bob'],
      pauseMs: 300,
      databaseUrl: await freshDatabase(),
      dbRetry: QUICK_RETRY,
      ...(clock ? { clock } : {}),
    });
    return world;
  }

  it('restarted mid-deal (pg_ctl restart -m fast): the deal ends once, the game goes on', async () => {
    const w = await playing();
    const table = await dealOne(w);
    await choiceShown(w, 'ann', w.press('ann', table, 'Stay'), /You stay/);
    // Every connection the bot's pool holds is cut; the next step finds a new one.
    await cluster('restart');
    await w.press('bob', table, 'Stay').acknowledged();
    await w.waitForTitle(/deal 1 result$/, 20_000);
    await w.waitForTitle(/: deal 2$/, 20_000);
    expect((await healthz(w)).status).toBe(200);
    await nothingLost(w);
  }, 90_000);

  it('stopped mid-deal past its countdown: the table waits, /healthz says so, and it carries on once the server is back', async () => {
    // The clock moves past the countdown while the server is down (db-faults.ts), rather
    // than the server staying down 20 s of real time for it.
    const w = await playing(new AdjustableClock());
    const table = await dealOne(w);
    await playThrough(w, table, {
      start: async () => {
        await cluster('down');
      },
      clear: async () => {
        await cluster('up');
      },
    });
    await nothingLost(w);
  }, 120_000);
});
