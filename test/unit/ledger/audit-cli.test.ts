import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../../src/cli/commands/audit.ts';
import { migrateToLatest, openDatabase } from '../../../src/db/index.ts';
import { postTransfers } from '../../../src/ledger/index.ts';

/** Runs `guts audit` in-process and returns its exit code and output. */
async function audit(args: string[]) {
  let out = '';
  const write = (chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(write);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(write);
  try {
    return { code: await run(args), out };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

describe('guts audit', () => {
  let dir: string;
  let url: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'guts-audit-'));
    url = `file:${join(dir, 'guts.db')}`;
    const o = openDatabase(url);
    await migrateToLatest(o.db);
    await postTransfers(o.db, {
      guildId: 'g1',
      channelId: 'c1',
      key: 'k1',
      transfers: [{ from: { kind: 'player', id: 'ann' }, to: { kind: 'pot' }, amount: 10, reason: 'ante' }],
    });
    await o.close();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 on a clean ledger', async () => {
    expect(await audit([url])).toEqual({
      code: 0,
      out: `audit ok (${join(dir, 'guts.db')}): 1 guilds, 2 accounts, 1 journal entries\n`,
    });
  });

  it('prints what differs and exits 1', async () => {
    const o = openDatabase(url);
    await o.db.updateTable('ledger_accounts').set({ balance: 99 }).where('kind', '=', 'pot').execute();
    await o.close();
    const { code, out } = await audit([url]);
    expect(code).toBe(1);
    expect(out).toBe(
      `audit FAILED (${join(dir, 'guts.db')}): 1 guilds, 2 accounts, 1 journal entries, 1 problems\n` +
        'guild g1: pot c1 (account 2) has balance 99 but its postings sum to 10\n',
    );
  });

  it('exits 2 with one line for a bad URL or a database without a ledger', async () => {
    expect(await audit(['mysql://x'])).toEqual({
      code: 2,
      out: 'guts audit: DATABASE_URL must be file:PATH or postgres://…, got "mysql://x"\n',
    });
    await openDatabase(`file:${join(dir, 'empty.db')}`).close();
    const empty = await audit([`file:${join(dir, 'empty.db')}`]);
    expect(empty.code).toBe(2);
    expect(empty.out).toMatch(/^guts audit: cannot read the ledger: .*ledger_accounts\n$/);
    // A file that is not there is named, never created.
    const gone = `file:${join(dir, 'gone.db')}`;
    expect(await audit([gone])).toEqual({ code: 2, out: `guts audit: there is no database at ${gone}\n` });
    expect(existsSync(join(dir, 'gone.db'))).toBe(false);
  });
});
