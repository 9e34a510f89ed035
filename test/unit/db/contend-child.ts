// One of several processes writing to one database at once: the child of
// shared-database.test.ts. Commits N steps at one table, each moving a chip from this
// process's player to the pot, computed from the table as committed and retried on a
// stale version (another process got there first). Starts when told to (stdin), so all contend.
// Usage: node --import tsx contend-child.ts DATABASE_URL NAME N
import { openDatabase } from '../../../src/db/index.ts';
import { createOrLoadTable, loadTable, StaleVersionError } from '../../../src/db/table-store.ts';
import { commitStep } from '../../../src/table/commit.ts';

const [url, name, count] = process.argv.slice(2);
if (!url || !name || !count) throw new Error('usage: contend-child.ts DATABASE_URL NAME N');
const { db, close } = openDatabase(url);
const { id } = await createOrLoadTable(db, 'g', 'c');
// All start together: the parent says "go" once every process is ready.
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();
let stale = 0;
for (let i = 0; i < Number(count); i++) {
  for (;;) {
    const table = await loadTable(db, id);
    if (!table) throw new Error('no table');
    const n = ((table.state as { n?: number } | null)?.n ?? 0) + 1;
    try {
      const result = await commitStep(db, {
        tableId: id,
        expectedVersion: table.version,
        key: `${name}:${i}`,
        state: { n },
        running: true,
        deadline: null,
        messages: {},
        dealNo: n,
        events: [{ type: 'Step', by: name, n }],
        transfers: [{ from: { kind: 'player', id: name }, to: { kind: 'pot' }, amount: 1, reason: 'ante' }],
      });
      if (!result.applied) throw new Error(`${name}:${i} applied before`);
      break;
    } catch (err) {
      if (!(err instanceof StaleVersionError)) throw err;
      stale++;
    }
  }
}
await close();
process.stdout.write(`${JSON.stringify({ stale })}\n`);
