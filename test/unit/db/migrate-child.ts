// One of several processes starting on one new database at once (shard processes of a
// fresh install): the child of concurrent-migrations.test.ts. Opens the database, says
// "ready", and on "go" runs every migration; prints "migrated" or exits 1 with the error.
// Usage: node --import tsx migrate-child.ts DATABASE_URL
import { migrateToLatest, openDatabase } from '../../../src/db/index.ts';

const [url] = process.argv.slice(2);
if (!url) throw new Error('usage: migrate-child.ts DATABASE_URL');
const { db, close } = openDatabase(url);
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();
try {
  await migrateToLatest(db);
  process.stdout.write('migrated\n');
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await close();
}
