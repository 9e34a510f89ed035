import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { backupSqlite } from '../../db/backup.ts';
import { sqlitePathOf } from '../../db/index.ts';
import { describeDatabase } from '../../db/start-check.ts';
import { databaseToRead, takeDbFlag } from '../which-database.ts';

export const summary =
  'copy the SQLite database to FILE while the bot runs (SQLite online backup): backup [--db URL] FILE';

const USAGE = 'usage: guts backup [--db URL] FILE   (default: DATABASE_URL, else the file that is here)\n';

const MB = 1024 * 1024;

export async function run(args: string[]): Promise<number> {
  const { flag, rest, missing } = takeDbFlag(args);
  const [file, ...extra] = rest;
  if (!file || extra.length > 0 || missing) {
    process.stderr.write(USAGE);
    return 2;
  }
  const url = databaseToRead('backup', flag);
  if (url === null) return 2;
  const path = sqlitePathOf(url);
  if (path === null) {
    process.stderr.write(
      `guts backup: PostgreSQL is backed up with its own tools: pg_dump --format=custom --file=${file} ${describeDatabase(url, null)} (restore with pg_restore)\n`,
    );
    return 2;
  }
  if (path === ':memory:') {
    process.stderr.write(
      'guts backup: an in-memory database is gone when its process ends: there is no file to copy\n',
    );
    return 2;
  }
  if (!existsSync(dirname(resolve(file)))) {
    process.stderr.write(`guts backup: there is no folder ${dirname(resolve(file))} to write ${file} in\n`);
    return 2;
  }
  try {
    const made = await backupSqlite(path, file);
    const size = `${made.pages} pages, ${(made.bytes / MB).toFixed(1)} MB`;
    process.stdout.write(`backed up ${resolve(path)} to ${resolve(file)} (${size}, quick_check ok)\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`guts backup: ${(err as Error).message.replace(/\s+/g, ' ')}\n`);
    return 1;
  }
}
