// Posts synthetic deals at one table in a loop until killed: the child process of
// crash.test.ts. Each deal is computed from the committed state alone (its RNG state
// included), so after a SIGKILL the next run carries on exactly where the database
// says the game is. Usage: node --import tsx crash-child.ts DATABASE_URL
import { Rng } from '../../../src/cards/rng.ts';
import { openDatabase } from '../../../src/db/index.ts';
import { createOrLoadTable, loadTable } from '../../../src/db/table-store.ts';
import { commitStep } from '../../../src/table/commit.ts';
import { CRASH_CHANNEL, CRASH_GUILD, CRASH_PLAYERS, CRASH_SEED, type CrashState } from './crash-game.ts';
import { syntheticDeal } from './synthetic.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: crash-child.ts DATABASE_URL');
const { db } = openDatabase(url);
const { id } = await createOrLoadTable(db, CRASH_GUILD, CRASH_CHANNEL);

const start = (await loadTable(db, id))!;
const started = start.state as CrashState | null;
if (started) {
  // A replay of the last committed step (a retried interaction after the crash) must change nothing.
  const replay = await commitStep(db, {
    tableId: id,
    expectedVersion: start.version - 1,
    key: `crash:${started.deal}`,
    state: null,
    running: false,
    deadline: null,
    messages: {},
    dealNo: started.deal,
    events: [],
    transfers: [],
  });
  if (replay.applied) throw new Error(`deal ${started.deal} was applied twice`);
}
process.stdout.write('ready\n');

for (;;) {
  const table = (await loadTable(db, id))!;
  const state = (table.state as CrashState | null) ?? {
    deal: 0,
    pot: 0,
    reserve: 0,
    rng: Rng.fromSeed(CRASH_SEED).state(),
  };
  const rng = new Rng(state.rng);
  const money = { pot: state.pot, reserve: state.reserve };
  const transfers = syntheticDeal(rng, CRASH_PLAYERS, money);
  const deal = state.deal + 1;
  await commitStep(db, {
    tableId: id,
    expectedVersion: table.version,
    key: `crash:${deal}`,
    state: { deal, ...money, rng: rng.state() } satisfies CrashState,
    running: true,
    deadline: null,
    messages: {},
    dealNo: deal,
    events: transfers,
    transfers,
  });
}
