import { openDatabase } from '../../db/index.ts';
import { auditLedger, describeProblem } from '../../ledger/audit.ts';
import { databaseCommandSyntax, databaseLabel, openDatabaseArgument } from '../which-database.ts';

export const summary =
  'recompute every ledger balance from its postings and check each guild sums to 0 (exit 1 if not)';

export const syntax = databaseCommandSyntax(
  'audit',
  [summary],
  'Exit 0: the ledger sums; 1: what differs is listed; 2: no database, or one without a ledger.',
);

/**
 * `guts audit [--db URL | URL]`: the URL, else $DATABASE_URL, else the file that is here
 * (as `guts export` and `guts backup` find it, whose `--db` its refusals name): never a
 * file that is not there.
 */
export async function run(args: string[]): Promise<number> {
  const found = await openDatabaseArgument(syntax, args, openDatabase);
  if (typeof found === 'number') return found;
  const { url, opened } = found;
  try {
    const report = await auditLedger(opened.db);
    const counts = `${report.guilds} guilds, ${report.accounts} accounts, ${report.entries} journal entries`;
    if (report.ok) {
      process.stdout.write(`audit ok (${databaseLabel(url)}): ${counts}\n`);
      return 0;
    }
    const lines = report.problems.map(describeProblem);
    process.stdout.write(
      `audit FAILED (${databaseLabel(url)}): ${counts}, ${lines.length} problems\n${lines.join('\n')}\n`,
    );
    return 1;
  } catch (e) {
    // Typically a database the bot never started on: no ledger tables yet.
    process.stderr.write(`guts audit: cannot read the ledger: ${(e as Error).message.split('\n')[0]}\n`);
    return 2;
  } finally {
    await opened.close();
  }
}
