import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../../src/db/index.ts';
import { adjust, planSettlement, postTransfers, settle } from '../../../src/ledger/index.ts';
import { backends } from '../../support/backends.ts';

/** Balances after making the payments: a payer's debt shrinks, a payee's credit shrinks. */
function afterPayments(balances: Map<string, number>, payments: ReturnType<typeof planSettlement>) {
  const out = new Map(balances);
  for (const p of payments) {
    out.set(p.from, out.get(p.from)! + p.amount);
    out.set(p.to, out.get(p.to)! - p.amount);
  }
  return out;
}

const balanceMap = (maxPlayers: number) =>
  fc
    .uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: -1000, max: 1000 })), {
      maxLength: maxPlayers,
      selector: ([id]) => id,
    })
    .map((entries) => new Map(entries));

/** Balances of players who owe each other only: the last player absorbs the sum. */
const zeroSumMap = balanceMap(12).map((m) => {
  const ids = [...m.keys()];
  if (ids.length < 2) return new Map<string, number>();
  const last = ids[ids.length - 1]!;
  m.set(last, 0);
  m.set(last, 0 - [...m.values()].reduce((a, b) => a + b, 0));
  return m;
});

describe('planSettlement', () => {
  it('settles a known night', () => {
    const plan = planSettlement(
      new Map([
        ['ann', 45],
        ['bob', -10],
        ['cat', -65],
        ['dan', 65],
        ['eve', -35],
      ]),
    );
    expect(plan).toEqual([
      { from: 'cat', to: 'dan', amount: 65 },
      { from: 'eve', to: 'ann', amount: 35 },
      { from: 'bob', to: 'ann', amount: 10 },
    ]);
  });

  it('zero-sum balances: at most n-1 positive payments leave everybody at zero', () => {
    fc.assert(
      fc.property(zeroSumMap, (balances) => {
        const plan = planSettlement(balances);
        const n = [...balances.values()].filter((b) => b !== 0).length;
        expect(plan.length).toBeLessThanOrEqual(Math.max(0, n - 1));
        for (const p of plan) expect(p.amount).toBeGreaterThan(0);
        for (const b of afterPayments(balances, plan).values()) expect(b).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('chips left in pots: at most n-1 payments, only one side is left, nobody overshoots', () => {
    fc.assert(
      fc.property(balanceMap(12), (balances) => {
        const plan = planSettlement(balances);
        const n = [...balances.values()].filter((b) => b !== 0).length;
        expect(plan.length).toBeLessThanOrEqual(Math.max(0, n - 1));
        const after = afterPayments(balances, plan);
        for (const [id, b] of after) {
          const before = balances.get(id)!;
          // Each balance moves towards zero without crossing it.
          expect(Math.sign(b) === 0 || Math.sign(b) === Math.sign(before)).toBe(true);
          expect(Math.abs(b)).toBeLessThanOrEqual(Math.abs(before));
        }
        const left = [...after.values()];
        expect(left.some((b) => b > 0) && left.some((b) => b < 0)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe.each(backends)('settle on $name', (backend) => {
  let o: OpenDatabase;
  beforeEach(async () => {
    o = await backend.fresh();
  });
  afterEach(() => o.close());
  const p = (id: string) => ({ kind: 'player' as const, id });
  const pays = (id: string, amount: number) => ({ from: p(id), to: { kind: 'pot' as const }, amount, reason: 'match' });
  const takes = (id: string, amount: number) => ({ from: { kind: 'pot' as const }, to: p(id), amount, reason: 'win' });

  it('plans payments among a guild’s players and reports what sits in pots', async () => {
    await postTransfers(o.db, {
      guildId: 'g1',
      channelId: 'c1',
      key: 'd1',
      transfers: [pays('bob', 30), pays('cat', 30), takes('ann', 50)],
    });
    await postTransfers(o.db, {
      guildId: 'g2',
      channelId: 'c1',
      key: 'd2',
      transfers: [{ from: p('zed'), to: p('yan'), amount: 5, reason: 'x' }],
    });
    const plan = await settle(o.db, 'g1');
    expect(plan.inPots).toBe(10);
    expect(plan.payments).toEqual([
      { from: 'bob', to: 'ann', amount: 30 },
      { from: 'cat', to: 'ann', amount: 20 },
    ]);
    for (const [i, pay] of plan.payments.entries()) {
      await adjust(o.db, { guildId: 'g1', payer: pay.from, payee: pay.to, amount: pay.amount, key: `pay-${i}` });
    }
    expect(await settle(o.db, 'g1')).toEqual({ payments: [], inPots: 10, house: 0 });
  });

  it('settles people among themselves and shows computers as one house, never paying anyone', async () => {
    await postTransfers(o.db, {
      guildId: 'g1',
      channelId: 'c1',
      key: 'd1',
      transfers: [
        pays('bob', 30),
        pays('cpu-balanced-1', 30),
        pays('cpu-cautious-1', 20),
        takes('ann', 60),
        takes('cpu-bold-2', 20),
      ],
    });
    const plan = await settle(o.db, 'g1');
    // Ann +60, Bob −30; the computers −30 −20 +20: the house is down 30, won by people.
    expect(plan).toEqual({ payments: [{ from: 'bob', to: 'ann', amount: 30 }], inPots: 0, house: -30 });
    for (const pay of plan.payments) expect([pay.from, pay.to].some((id) => id.startsWith('cpu-'))).toBe(false);
  });
});
