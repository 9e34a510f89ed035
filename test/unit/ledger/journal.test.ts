import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../../src/db/index.ts';
import type { Transfer } from '../../../src/engine/transfer.ts';
import {
  adjust,
  auditLedger,
  channelPotReserve,
  channelPots,
  describeProblem,
  GameRunningError,
  playerBalances,
  playerHistory,
  postEntry,
  postTransfers,
  rememberDisplayNames,
  reset,
} from '../../../src/ledger/index.ts';
import { backends } from '../../support/backends.ts';

const ante = (id: string, amount = 10): Transfer => ({
  from: { kind: 'player', id },
  to: { kind: 'pot' },
  amount,
  reason: 'ante',
});
const win = (id: string, amount: number): Transfer => ({
  from: { kind: 'pot' },
  to: { kind: 'player', id },
  amount,
  reason: 'win',
});

describe.each(backends)('ledger on $name', (backend) => {
  let o: OpenDatabase;
  beforeEach(async () => {
    o = await backend.fresh();
  });
  afterEach(() => o.close());

  const balancesOf = async (guildId: string) =>
    Object.fromEntries((await playerBalances(o.db, guildId)).map((b) => [b.userId, b.balance]));

  it('posts a deal as balanced postings and keeps balances with them', async () => {
    const r = await postTransfers(o.db, {
      guildId: 'g1',
      channelId: 'c1',
      key: 'i-1',
      transfers: [ante('ann'), ante('bob'), ante('cat'), win('ann', 30)],
    });
    expect(r.applied).toBe(true);
    expect(await balancesOf('g1')).toEqual({ ann: 20, bob: -10, cat: -10 });
    expect(await channelPotReserve(o.db, 'g1', 'c1')).toEqual({ pot: 0, reserve: 0 });
    const postings = await o.db.selectFrom('postings').select(['amount', 'reason']).orderBy('id').execute();
    expect(postings).toHaveLength(8);
    expect(postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
    expect((await auditLedger(o.db)).ok).toBe(true);
  });

  it('posts a retried key once', async () => {
    const deal = { guildId: 'g1', channelId: 'c1', key: 'i-2', transfers: [ante('ann'), ante('bob')] };
    expect((await postTransfers(o.db, deal)).applied).toBe(true);
    expect(await postTransfers(o.db, deal)).toEqual({ applied: false });
    expect(await channelPotReserve(o.db, 'g1', 'c1')).toEqual({ pot: 20, reserve: 0 });
    expect(await o.db.selectFrom('journal_entries').selectAll().execute()).toHaveLength(1);
  });

  it('refuses unbalanced entries and bad transfers, writing nothing', async () => {
    await expect(
      postEntry(o.db, {
        guildId: 'g1',
        key: 'bad',
        kind: 'adjust',
        lines: [{ account: { kind: 'player', owner: 'ann' }, amount: 5, reason: 'x' }],
      }),
    ).rejects.toThrow(/sum to 0/);
    const bad = (t: Partial<Transfer>) =>
      postTransfers(o.db, { guildId: 'g1', channelId: 'c1', key: 'bad', transfers: [{ ...ante('ann'), ...t }] });
    await expect(bad({ amount: 0 })).rejects.toThrow(/positive integer/);
    await expect(bad({ amount: 2.5 })).rejects.toThrow(/positive integer/);
    await expect(bad({ to: { kind: 'player', id: 'ann' } })).rejects.toThrow(/to itself/);
    expect(await o.db.selectFrom('journal_entries').selectAll().execute()).toHaveLength(0);
  });

  it('keeps pots and reserves per channel and per guild', async () => {
    await postTransfers(o.db, {
      guildId: 'g1',
      channelId: 'c1',
      key: 'k1',
      transfers: [
        ante('ann', 50),
        ante('bob', 50),
        { from: { kind: 'pot' }, to: { kind: 'reserve' }, amount: 30, reason: 'reserve-overflow' },
      ],
    });
    await postTransfers(o.db, { guildId: 'g1', channelId: 'c2', key: 'k2', transfers: [ante('ann', 5)] });
    await postTransfers(o.db, { guildId: 'g2', channelId: 'c1', key: 'k3', transfers: [ante('ann', 7)] });
    expect(await channelPots(o.db, 'g1')).toEqual([
      { channelId: 'c1', pot: 70, reserve: 30 },
      { channelId: 'c2', pot: 5, reserve: 0 },
    ]);
    expect(await channelPotReserve(o.db, 'g2', 'c1')).toEqual({ pot: 7, reserve: 0 });
    expect(await channelPotReserve(o.db, 'g2', 'c9')).toEqual({ pot: 0, reserve: 0 });
    expect(await balancesOf('g1')).toEqual({ ann: -55, bob: -50 });
  });

  it('pages a player history newest first', async () => {
    for (let i = 1; i <= 5; i++) {
      await postTransfers(o.db, {
        guildId: 'g1',
        channelId: 'c1',
        key: `k${i}`,
        transfers: [ante('ann', i)],
        at: 1000 + i,
      });
    }
    await postTransfers(o.db, { guildId: 'g1', channelId: 'c1', key: 'other', transfers: [ante('bob')] });
    const first = await playerHistory(o.db, 'g1', 'ann', { limit: 2 });
    expect(first.items.map((i) => [i.entryKey, i.amount, i.at, i.reason, i.kind])).toEqual([
      ['k5', -5, 1005, 'ante', 'deal'],
      ['k4', -4, 1004, 'ante', 'deal'],
    ]);
    const second = await playerHistory(o.db, 'g1', 'ann', { limit: 2, before: first.nextBefore! });
    expect(second.items.map((i) => i.entryKey)).toEqual(['k3', 'k2']);
    const last = await playerHistory(o.db, 'g1', 'ann', { limit: 2, before: second.nextBefore! });
    expect(last.items.map((i) => i.entryKey)).toEqual(['k1']);
    expect(last.nextBefore).toBeNull();
    expect((await playerHistory(o.db, 'g2', 'ann')).items).toEqual([]);
  });

  it('remembers the latest display name without touching the balance', async () => {
    await postTransfers(o.db, { guildId: 'g1', channelId: 'c1', key: 'k', transfers: [ante('ann')] });
    await rememberDisplayNames(o.db, 'g1', { ann: 'Ann', bob: 'Bob' });
    await rememberDisplayNames(o.db, 'g1', { ann: 'Annie' });
    expect(await playerBalances(o.db, 'g1')).toEqual([
      { userId: 'bob', displayName: 'Bob', balance: 0 },
      { userId: 'ann', displayName: 'Annie', balance: -10 },
    ]);
  });

  it('records cash paid between players as an adjust entry', async () => {
    await postTransfers(o.db, {
      guildId: 'g1',
      channelId: 'c1',
      key: 'k',
      transfers: [ante('bob', 40), win('ann', 40)],
    });
    const paid = { guildId: 'g1', payer: 'bob', payee: 'ann', amount: 25, key: 'adj-1', memo: 'venmo' };
    expect((await adjust(o.db, paid)).applied).toBe(true);
    expect((await adjust(o.db, paid)).applied).toBe(false);
    expect(await balancesOf('g1')).toEqual({ ann: 15, bob: -15 });
    const history = await playerHistory(o.db, 'g1', 'bob', { limit: 1 });
    expect(history.items[0]).toMatchObject({ kind: 'adjust', amount: 25, reason: 'cash-paid', memo: 'venmo' });
    await expect(adjust(o.db, { ...paid, key: 'adj-2', amount: -1 })).rejects.toThrow(/positive integer/);
    await expect(adjust(o.db, { ...paid, key: 'adj-3', payee: 'bob' })).rejects.toThrow(/two different players/);
  });

  it('resets a guild to zero with one entry that archives the old balances', async () => {
    await postTransfers(o.db, {
      guildId: 'g1',
      channelId: 'c1',
      key: 'k1',
      transfers: [ante('ann'), ante('bob'), win('ann', 5)],
    });
    await postTransfers(o.db, { guildId: 'g2', channelId: 'c1', key: 'k2', transfers: [ante('ann')] });
    expect((await reset(o.db, { guildId: 'g1', key: 'reset-1' })).applied).toBe(true);
    expect(await balancesOf('g1')).toEqual({ ann: 0, bob: 0 });
    expect(await channelPotReserve(o.db, 'g1', 'c1')).toEqual({ pot: 0, reserve: 0 });
    expect(await balancesOf('g2')).toEqual({ ann: -10 });
    const archived = await playerHistory(o.db, 'g1', 'ann', { limit: 1 });
    expect(archived.items[0]).toMatchObject({ kind: 'reset', amount: 5, reason: 'reset' });
    const resetPostings = await o.db
      .selectFrom('postings')
      .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
      .select('amount')
      .where('key', '=', 'reset-1')
      .execute();
    expect(resetPostings.map((p) => p.amount).sort((a, b) => a - b)).toEqual([-15, 5, 10]);
    expect((await auditLedger(o.db)).ok).toBe(true);
  });

  it('refuses a reset while a game runs in the guild', async () => {
    await o.db
      .insertInto('game_tables')
      .values({ guild_id: 'g1', channel_id: 'c1', running: 1, updated_at: 0 })
      .execute();
    await expect(reset(o.db, { guildId: 'g1', key: 'r' })).rejects.toBeInstanceOf(GameRunningError);
    expect((await reset(o.db, { guildId: 'g2', key: 'r' })).applied).toBe(true);
  });

  it('audit reports a tampered balance, an unbalanced entry and a guild off zero', async () => {
    await postTransfers(o.db, { guildId: 'g1', channelId: 'c1', key: 'k1', transfers: [ante('ann'), ante('bob')] });
    await o.db.updateTable('ledger_accounts').set({ balance: -3 }).where('owner', '=', 'bob').execute();
    const entry = await o.db
      .insertInto('journal_entries')
      .values({ guild_id: 'g1', key: 'forged', kind: 'adjust', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ann = await o.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner', '=', 'ann')
      .executeTakeFirstOrThrow();
    await o.db
      .insertInto('postings')
      .values({ entry_id: entry.id, account_id: ann.id, amount: 4, reason: 'forged' })
      .execute();

    const report = await auditLedger(o.db);
    expect(report.ok).toBe(false);
    expect(report.problems.map(describeProblem).sort()).toEqual([
      'guild g1: player ann (account 1) has balance -10 but its postings sum to -6',
      expect.stringMatching(/^guild g1: player bob \(account \d+\) has balance -3 but its postings sum to -10$/),
      'guild g1: postings sum to 4, not 0',
      `journal entry ${entry.id} (forged): postings sum to 4, not 0`,
    ]);
  });
});
