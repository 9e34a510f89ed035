import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/cards/rng.ts';
import { createOrLoadTable, loadTable } from '../../../src/db/table-store.ts';
import { adjust, auditLedger, channelPotReserve, playerBalances } from '../../../src/ledger/index.ts';
import { commitStep, type TableStep } from '../../../src/table/commit.ts';
import { backends } from '../../support/backends.ts';
import { netByPlayer, type SyntheticTable, syntheticDeal } from './synthetic.ts';

const GUILDS = ['g0', 'g1'];
const CHANNELS = ['c0', 'c1'];
const PLAYERS = ['p0', 'p1', 'p2', 'p3'];

const operation = fc.oneof(
  fc.record({ kind: fc.constant('deal' as const), guild: fc.nat(1), channel: fc.nat(1), seed: fc.nat() }),
  fc.record({ kind: fc.constant('retry' as const), back: fc.nat(5) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    guild: fc.nat(1),
    payer: fc.nat(3),
    payee: fc.nat(3),
    amount: fc.integer({ min: 1, max: 500 }),
  }),
);

describe.each(backends)('ledger property on $name', (backend) => {
  it('random deals, retries and adjustments keep every guild at zero and every balance equal to its postings', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 40 }), async (ops) => {
        run++;
        const o = await backend.fresh();
        try {
          const tables = new Map<string, SyntheticTable>();
          const expected = new Map<string, number>(); // `${guild}/${player}` → balance
          const credit = (guild: string, player: string, amount: number) =>
            expected.set(`${guild}/${player}`, (expected.get(`${guild}/${player}`) ?? 0) + amount);
          const committed: TableStep<unknown, unknown, unknown>[] = [];
          for (const [i, op] of ops.entries()) {
            if (op.kind === 'deal') {
              const guild = GUILDS[op.guild]!;
              const channel = CHANNELS[op.channel]!;
              const record = await createOrLoadTable(o.db, guild, channel);
              const table = tables.get(`${guild}/${channel}`) ?? { pot: 0, reserve: 0 };
              tables.set(`${guild}/${channel}`, table);
              const transfers = syntheticDeal(Rng.fromSeed(op.seed), PLAYERS, table);
              const step: TableStep<unknown, unknown, unknown> = {
                tableId: record.id,
                expectedVersion: record.version,
                key: `${run}:${i}`,
                state: { ...table },
                running: true,
                deadline: null,
                messages: {},
                dealNo: record.dealNo + 1,
                events: transfers,
                transfers,
              };
              expect((await commitStep(o.db, step)).applied).toBe(true);
              committed.push(step);
              for (const [player, net] of netByPlayer(transfers)) credit(guild, player, net);
            } else if (op.kind === 'retry') {
              const again = committed[committed.length - 1 - op.back];
              if (again) expect(await commitStep(o.db, again)).toMatchObject({ applied: false });
            } else if (op.payer !== op.payee) {
              const guild = GUILDS[op.guild]!;
              const payer = PLAYERS[op.payer]!;
              const payee = PLAYERS[op.payee]!;
              await adjust(o.db, { guildId: guild, payer, payee, amount: op.amount, key: `${run}:${i}` });
              credit(guild, payer, op.amount);
              credit(guild, payee, -op.amount);
            }
          }

          const audit = await auditLedger(o.db);
          expect(audit.problems).toEqual([]);
          for (const guild of GUILDS) {
            for (const b of await playerBalances(o.db, guild)) {
              expect(b.balance).toBe(expected.get(`${guild}/${b.userId}`) ?? 0);
            }
          }
          for (const [at, table] of tables) {
            const [guild, channel] = at.split('/') as [string, string];
            expect(await channelPotReserve(o.db, guild, channel)).toEqual(table);
            const record = await createOrLoadTable(o.db, guild, channel);
            expect((await loadTable(o.db, record.id))?.state).toEqual(table);
          }
        } finally {
          await o.close();
        }
      }),
      { numRuns: backend.name === 'sqlite' ? 60 : 15 },
    );
  });
});
