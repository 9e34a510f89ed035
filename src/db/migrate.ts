import { readdirSync } from 'node:fs';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

const migrationsDir = new URL('../../migrations/', import.meta.url);

/** Dated migration files: `YYYY-MM-DD-NNNN-what.ts`; anything else in the folder is not one. */
const MIGRATION_FILE = /^\d{4}-\d{2}-\d{2}-\d{4}-[\w-]+\.ts$/;

/**
 * Loads `migrations/*.ts` with a dynamic import from this file, so it works wherever the
 * TypeScript sources run as they are (tsx for the bot and CLI, vitest for tests).
 * kysely's own `FileMigrationProvider` imports from inside node_modules, where vitest's
 * transform never sees the import: Node 20 then refuses the `.ts` file ("Unknown file
 * extension"), so it cannot serve here.
 */
class TsFileMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const names = readdirSync(migrationsDir)
      .filter((f) => MIGRATION_FILE.test(f))
      .sort();
    const out: Record<string, Migration> = {};
    for (const file of names) {
      out[file.slice(0, -'.ts'.length)] = (await import(new URL(file, migrationsDir).href)) as Migration;
    }
    return out;
  }
}

/** Applies every pending migration; throws an error whose message is one clear line. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new TsFileMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (!error) return;
  const failed = results?.find((r) => r.status === 'Error')?.migrationName;
  const reason = error instanceof Error ? error.message : String(error);
  const where = failed ? `migration ${failed} failed` : 'migrations failed';
  throw new Error(`database ${where}: ${reason.replace(/\s+/g, ' ')}`);
}
