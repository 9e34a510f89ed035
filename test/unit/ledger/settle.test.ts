import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../../src/db/index.ts';
import { adjust, planSettlement, postTransfers, settle, settlePeople, shareGap } from '../../../src/ledger/index.ts';
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

/** What each person has paid (a debtor, negative) or been paid (a creditor, positive). */
function settledBy(payments: ReturnType<typeof planSettlement>) {
  const out = new Map<string, number>();
  for (const p of payments) {
    out.set(p.from, (out.get(p.from) ?? 0) - p.amount);
    out.set(p.to, (out.get(p.to) ?? 0) + p.amount);
  }
  return out;
}

describe('settlePeople: what no person pays is shared by the people on its side', () => {
  it('shares the house’s loss of the issue’s night between Ann and Cat, not Cat alone', () => {
    // Ann +140, Cat +55, Ben −148; the computers −47, won by Ann and Cat.
    const plan = settlePeople(
      new Map([
        ['ann', 140],
        ['ben', -148],
        ['cat', 55],
      ]),
    );
    // 47 × 140/195 = 33.7 and 47 × 55/195 = 13.3: the chip left by rounding goes to Ann's .7.
    expect(plan.shares).toEqual(
      new Map([
        ['ann', 34],
        ['cat', 13],
      ]),
    );
    expect(plan.payments).toEqual([
      { from: 'ben', to: 'ann', amount: 106 },
      { from: 'ben', to: 'cat', amount: 42 },
    ]);
    expect(plan.gap).toBe(47);
  });

  it('shares what the house won among the people it won from', () => {
    // Ann −30, Ben −10, Cat +20; the house is up 20.
    const plan = settlePeople(
      new Map([
        ['ann', -30],
        ['ben', -10],
        ['cat', 20],
      ]),
    );
    expect(plan.shares).toEqual(
      new Map([
        ['ann', 15],
        ['ben', 5],
      ]),
    );
    expect(plan.payments).toEqual([
      { from: 'ann', to: 'cat', amount: 15 },
      { from: 'ben', to: 'cat', amount: 5 },
    ]);
  });

  it('every person’s payments plus their share are their balance; chips conserved; remainders fixed', () => {
    fc.assert(
      fc.property(balanceMap(12), fc.integer(), (balances, seed) => {
        const plan = settlePeople(balances);
        const gap = [...balances.values()].reduce((a, b) => a + b, 0);
        const paid = settledBy(plan.payments);
        for (const [id, balance] of balances) {
          const share = plan.shares.get(id) ?? 0;
          // A share is on the gap's side and never passes the balance it comes from.
          if (share > 0) expect(Math.sign(balance)).toBe(Math.sign(gap));
          expect(share).toBeLessThanOrEqual(Math.abs(balance));
          expect((paid.get(id) ?? 0) + Math.sign(balance) * share).toBe(balance);
        }
        expect([...plan.shares.values()].reduce((a, b) => a + b, 0)).toBe(Math.abs(gap));
        for (const p of plan.payments) expect(p.amount).toBeGreaterThan(0);
        const n = [...balances.values()].filter((b) => b !== 0).length;
        expect(plan.payments.length).toBeLessThanOrEqual(Math.max(0, n - 1));
        // Proportional: two shares differ by what their balances say, give or take the one chip of rounding.
        for (const [a, sa] of plan.shares)
          for (const [b, sb] of plan.shares) {
            const exact =
              (Math.abs(gap) * (Math.abs(balances.get(a)!) - Math.abs(balances.get(b)!))) /
              [...balances.values()]
                .filter((x) => Math.sign(x) === Math.sign(gap))
                .reduce((s, x) => s + Math.abs(x), 0);
            expect(Math.abs(sa - sb - exact)).toBeLessThanOrEqual(1);
          }
        // The same balances in any order: the same plan.
        const shuffled = new Map(
          fc.sample(fc.shuffledSubarray([...balances], { minLength: balances.size }), { seed, numRuns: 1 })[0],
        );
        expect(settlePeople(shuffled)).toEqual(plan);
      }),
      { numRuns: 500 },
    );
  });

  it('splits a remainder by the largest fraction, then the larger balance, then the id', () => {
    // 1 chip among three equal winners: the smallest id takes it.
    expect(
      shareGap(
        new Map([
          ['cat', 1],
          ['ann', 1],
          ['ben', 1],
          ['dan', -2],
        ]),
      ),
    ).toEqual(new Map([['ann', 1]]));
    // 2 chips by 2 and 1: exact 1.33 and 0.67, so 1 each by the largest remainder.
    expect(
      shareGap(
        new Map([
          ['ann', 2],
          ['ben', 1],
          ['cat', -1],
        ]),
      ),
    ).toEqual(
      new Map([
        ['ann', 1],
        ['ben', 1],
      ]),
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
    // The 10 in the pot is shared by Bob and Cat, who lost equally: each pays Ann 25.
    expect(plan.payments).toEqual([
      { from: 'bob', to: 'ann', amount: 25 },
      { from: 'cat', to: 'ann', amount: 25 },
    ]);
    for (const [i, pay] of plan.payments.entries()) {
      await adjust(o.db, { guildId: 'g1', payer: pay.from, payee: pay.to, amount: pay.amount, key: `pay-${i}` });
    }
    expect(await settle(o.db, 'g1')).toMatchObject({ payments: [], inPots: 10, house: 0, wonFromHouse: 0 });
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
    expect(plan).toMatchObject({ payments: [{ from: 'bob', to: 'ann', amount: 30 }], inPots: 0, house: -30 });
    // Ann's 60 is 30 from Bob and 30 from the house, which pays nobody: her share.
    expect(plan.shares).toEqual(new Map([['ann', 30]]));
    expect(plan.wonFromHouse).toBe(30);
    for (const pay of plan.payments) expect([pay.from, pay.to].some((id) => id.startsWith('cpu-'))).toBe(false);
  });

  it('counts chips the house put in a pot as nobody’s winnings', async () => {
    // A group DM's night: the computer antes 15, Ann takes 5 back out; 10 sit in the pot.
    await postTransfers(o.db, {
      guildId: 'dm1',
      channelId: 'dm1',
      key: 'd1',
      transfers: [pays('cpu-balanced-1', 15), takes('ann', 5)],
    });
    const plan = await settle(o.db, 'dm1');
    expect(plan).toMatchObject({ house: -15, inPots: 10, wonFromHouse: 5, payments: [] });
  });
});
