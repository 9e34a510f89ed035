import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Rows of `table_presets`: a server's saved table setups, by name (see table/presets.ts for the rules). */

type Db = Kysely<Database> | Transaction<Database>;

export interface PresetRow {
  name: string;
  variant: string;
  options: Record<string, unknown>;
  createdBy: string;
}

const fromRow = (r: { name: string; variant: string; options: string; created_by: string }): PresetRow => ({
  name: r.name,
  variant: r.variant,
  options: JSON.parse(r.options) as Record<string, unknown>,
  createdBy: r.created_by,
});

/** Saves a preset, replacing one of the same name in the server. */
export async function upsertPreset(db: Db, guildId: string, preset: PresetRow, now: number): Promise<void> {
  const values = {
    guild_id: guildId,
    name: preset.name,
    variant: preset.variant,
    options: JSON.stringify(preset.options),
    created_by: preset.createdBy,
    created_at: now,
  };
  await db
    .insertInto('table_presets')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['guild_id', 'name']).doUpdateSet({
        variant: values.variant,
        options: values.options,
        created_by: values.created_by,
        created_at: values.created_at,
      }),
    )
    .execute();
}

export async function findPreset(db: Db, guildId: string, name: string): Promise<PresetRow | null> {
  const row = await db
    .selectFrom('table_presets')
    .select(['name', 'variant', 'options', 'created_by'])
    .where('guild_id', '=', guildId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function listPresetRows(db: Db, guildId: string): Promise<PresetRow[]> {
  const rows = await db
    .selectFrom('table_presets')
    .select(['name', 'variant', 'options', 'created_by'])
    .where('guild_id', '=', guildId)
    .orderBy('name')
    .execute();
  return rows.map(fromRow);
}

/** True when a preset of that name was there to delete. */
export async function deletePresetRow(db: Db, guildId: string, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('table_presets')
    .where('guild_id', '=', guildId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
