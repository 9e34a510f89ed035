import type { Db } from './transaction.ts';

/** Players' latest display names at a place, as the ledger keeps them (`ledger_accounts`), for these ids. */
export async function storedNames(db: Db, guildId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['owner', 'display_name'])
    .where('guild_id', '=', guildId)
    .where('kind', '=', 'player')
    .where('owner', 'in', userIds)
    .execute();
  const names = new Map<string, string>();
  for (const r of rows) if (r.display_name) names.set(r.owner, r.display_name);
  return names;
}
