import { type OpenDatabase, openToServe } from '../../db/index.ts';
import { replayMilestones } from '../../table/milestones-backfill.ts';
import { databaseCommandSyntax, databaseLabel, openDatabaseArgument } from '../which-database.ts';

export const summary = 'award the achievements the hand history earned and nobody has yet (safe to run twice)';

export const syntax = databaseCommandSyntax(
  'backfill-achievements',
  [
    summary,
    'Replays every settled deal through the achievements catalogue, in the order the deals were committed: an achievement a player earned and does not have (one added to the catalogue since, or history from before achievements) is awarded with the deal that earned it. What a player has is never taken away or awarded twice; season points are left as they are.',
  ],
  'Exit 0: done (how many were awarded); 2: no database, or one the bot cannot serve.',
);

/** `guts backfill-achievements [--db URL | URL]`: the database as `guts audit` finds it, migrated as the bot would. */
export async function run(args: string[]): Promise<number> {
  const found = await openDatabaseArgument(syntax, args, openToServe);
  if (typeof found === 'number') return found;
  const { url, opened } = found;
  try {
    const before = await countAwarded(opened);
    const replayed = await replayMilestones(opened.db, { write: 'missing' });
    const added = (await countAwarded(opened)) - before;
    process.stdout.write(
      `backfill-achievements (${databaseLabel(url)}): ${added} awarded, ${replayed.awarded.size - added} already held, from ${replayed.progress.size} players' histories\n`,
    );
    return 0;
  } finally {
    await opened.close();
  }
}

async function countAwarded(opened: OpenDatabase): Promise<number> {
  const row = await opened.db
    .selectFrom('achievements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
