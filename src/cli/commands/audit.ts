import { openDatabase } from '../../db/index.ts';
import { auditLedger, describeProblem } from '../../ledger/audit.ts';
import { databaseToRead, takeDbFlag } from '../which-database.ts';

export const summary =
  'recompute every ledger balance from its postings and check each guild sums to 0 (exit 1 if not)';

const USAGE = 'usage: guts audit [--db URL | URL]   (default: DATABASE_URL, else the file that is here)\n';

/**
 * `guts audit [--db URL | URL]`: the URL, else $DATABASE_URL, else the file that is here
 * (as `guts export` and `guts backup` find it, whose `--db` its refusals name): never a
 * file that is not there.
 */
export async function run(args: string[]): Promise<number> {
  const { flag, rest, missing } = takeDbFlag(args);
  if (missing || rest.length > (flag === null ? 1 : 0)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const url = databaseToRead('audit', flag ?? rest[0] ?? null);
  if (url === null) return 2;
  let opened: ReturnType<typeof openDatabase>;
  try {
    opened = openDatabase(url);
  } catch (e) {
    process.stderr.write(`guts audit: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    const report = await auditLedger(opened.db);
    const counts = `${report.guilds} guilds, ${report.accounts} accounts, ${report.entries} journal entries`;
    if (report.ok) {
      process.stdout.write(`audit ok: ${counts}\n`);
      return 0;
    }
    const lines = report.problems.map(describeProblem);
    process.stdout.write(`audit FAILED: ${counts}, ${lines.length} problems\n${lines.join('\n')}\n`);
    return 1;
  } catch (e) {
    // Typically a database the bot never started on: no ledger tables yet.
    process.stderr.write(`guts audit: cannot read the ledger: ${(e as Error).message.split('\n')[0]}\n`);
    return 2;
  } finally {
    await opened.close();
  }
}
