import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/cards/rng.ts';
import { migrateToLatest, openDatabase } from '../../../src/db/index.ts';
import { createOrLoadTable } from '../../../src/db/table-store.ts';
import { auditLedger, channelPotReserve, playerBalances } from '../../../src/ledger/index.ts';
import { backends } from '../../support/backends.ts';
import { compiledScript } from '../../support/compiled-script.ts';
import { CRASH_CHANNEL, CRASH_GUILD, type CrashState, expectedAfter } from './crash-game.ts';

const childScript = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const KILLS = 6;

/** Starts the child (compiled: it starts in a few tenths), waits until it is posting, lets it run `ms`, then SIGKILLs it. */
async function runAndKill(url: string, ms: number): Promise<void> {
  const child: ChildProcess = spawn(process.execPath, [await compiledScript(childScript), url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    exited.then((code) => reject(new Error(`crash child exited (${code}) before posting: ${stderr}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  child.kill('SIGKILL');
  await exited;
}

describe.each(backends)('crash safety on $name', (backend) => {
  it('a child killed at random points while posting deals leaves no deal half-applied or applied twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guts-crash-'));
    const url = backend.name === 'sqlite' ? `file:${join(dir, 'guts.db')}` : await backend.freshUrl();
    const setup = openDatabase(url);
    await migrateToLatest(setup.db);
    await setup.close();
    const delays = Rng.fromSeed(2024);
    try {
      let lastDeal = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        await runAndKill(url, 30 + delays.int(400));
        const o = openDatabase(url);
        try {
          const report = await auditLedger(o.db);
          expect(report.problems).toEqual([]);
          const table = await createOrLoadTable(o.db, CRASH_GUILD, CRASH_CHANNEL);
          // A kill may land before the first deal is committed (a loaded machine): nothing written is right then too.
          const deal = (table.state as CrashState | null)?.deal ?? 0;
          expect(deal).toBeGreaterThanOrEqual(lastDeal);
          lastDeal = deal;
          // Every committed deal is a step, a version and (if it moved chips) one entry; nothing else.
          const steps = await o.db.selectFrom('game_steps').select('key').where('table_id', '=', table.id).execute();
          expect(steps).toHaveLength(deal);
          expect(table.version).toBe(deal);
          const want = expectedAfter(deal);
          expect(report.entries).toBe(want.entries);
          const balances = await playerBalances(o.db, CRASH_GUILD);
          expect(new Map(balances.map((b) => [b.userId, b.balance]))).toEqual(want.balances);
          expect(await channelPotReserve(o.db, CRASH_GUILD, CRASH_CHANNEL)).toEqual(want.table);
        } finally {
          await o.close();
        }
      }
      expect(lastDeal).toBeGreaterThan(KILLS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
