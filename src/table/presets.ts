import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { deletePresetRow, findPreset, listPresetRows, type PresetRow, upsertPreset } from '../db/presets-store.ts';
import { changedOptions, type Options, parseOptions } from '../rules/index.ts';
import { UserFacingError } from './user-facing-error.ts';

/**
 * Saved table setups per server (`/guts preset`): a name for a variant and the options
 * that differ from its defaults. Names are short and lower case; a server keeps at most
 * `PRESETS_PER_SERVER`, so they fit one Discord choice list. Saving a name again
 * replaces that preset.
 */

export const PRESETS_PER_SERVER = 25;

export type Preset = PresetRow;

/** "Friday Night" → "friday night"; refused unless 1-32 letters, digits, spaces, - or _. */
export function presetName(typed: string): string {
  const name = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!/^[\p{L}\p{N} _-]{1,32}$/u.test(name)) {
    throw new UserFacingError('refusal.presetName');
  }
  return name;
}

export async function savePreset(
  db: Kysely<Database>,
  guildId: string,
  typedName: string,
  setup: { variant: string; options: Options; by: string },
  now: number,
): Promise<Preset> {
  const name = presetName(typedName);
  const existing = await listPresetRows(db, guildId);
  if (existing.length >= PRESETS_PER_SERVER && !existing.some((p) => p.name === name)) {
    throw new UserFacingError('refusal.presetsFull', { count: PRESETS_PER_SERVER });
  }
  const preset = {
    name,
    variant: setup.variant,
    options: changedOptions(setup.variant, setup.options),
    createdBy: setup.by,
  };
  await upsertPreset(db, guildId, preset, now);
  return preset;
}

/** The preset of that name, or a refusal naming it. */
export async function presetNamed(db: Kysely<Database>, guildId: string, typedName: string): Promise<Preset> {
  const preset = await findPreset(db, guildId, typedName.trim().toLowerCase());
  if (!preset) throw new UserFacingError('refusal.noPreset', { name: typedName.slice(0, 32) });
  parseOptions(preset.variant, preset.options); // still valid under today's rules
  return preset;
}

export function listPresets(db: Kysely<Database>, guildId: string): Promise<Preset[]> {
  return listPresetRows(db, guildId);
}

/** Deleting is for whoever saved the preset, or someone who manages the server. */
export async function deletePreset(
  db: Kysely<Database>,
  guildId: string,
  typedName: string,
  by: { id: string; admin: boolean },
): Promise<void> {
  const preset = await presetNamed(db, guildId, typedName);
  if (preset.createdBy !== by.id && !by.admin) {
    throw new UserFacingError('refusal.presetDelete');
  }
  await deletePresetRow(db, guildId, preset.name);
}

/**
 * A place's presets as the commands reach them: through the table layer, which holds
 * the database (the commands never do). `guildId` is a server's id, or a group DM's channel.
 */
export class Presets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  save(guildId: string, typedName: string, setup: { variant: string; options: Options; by: string }): Promise<Preset> {
    return savePreset(this.db, guildId, typedName, setup, this.now());
  }

  named(guildId: string, typedName: string): Promise<Preset> {
    return presetNamed(this.db, guildId, typedName);
  }

  list(guildId: string): Promise<Preset[]> {
    return listPresets(this.db, guildId);
  }

  delete(guildId: string, typedName: string, by: { id: string; admin: boolean }): Promise<void> {
    return deletePreset(this.db, guildId, typedName, by);
  }
}
