import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { backupSqlite } from '../../db/backup.ts';
import { sqlitePathOf } from '../../db/index.ts';
import { describeDatabase } from '../../db/start-check.ts';
import { readCommandLine } from '../args.ts';
import { DB_HELP, DB_OPTION, databaseLabel, databaseToRead } from '../which-database.ts';

export const summary = 'copy the SQLite database to a file while the bot runs (SQLite online backup)';

export const syntax = {
  command: 'backup',
  usage: '[--db URL] [--force] FILE',
  details: [
    summary,
    DB_HELP,
    'FILE must not be there: --force replaces it (with a whole, checked copy, never half of one).',
  ],
  options: { ...DB_OPTION, force: { type: 'boolean' } },
  operands: [1, 1],
} as const;

const MB = 1024 * 1024;

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const [file] = line.operands as [string];
  const url = databaseToRead('backup', line.values.db ?? null);
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
    const made = await backupSqlite(path, file, { overwrite: line.values.force === true });
    const size = `${made.pages} pages, ${(made.bytes / MB).toFixed(1)} MB`;
    process.stdout.write(`backed up ${databaseLabel(url)} to ${resolve(file)} (${size}, quick_check ok)\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`guts backup: ${(err as Error).message.replace(/\s+/g, ' ')}\n`);
    return 1;
  }
}
