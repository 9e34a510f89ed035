import { readdirSync } from 'node:fs';
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import { isModuleFile, moduleName } from '../modules.ts';

const migrationsDir = new URL('../../migrations/', import.meta.url);

/** Dated migration files: `YYYY-MM-DD-NNNN-what.ts` (`.js` compiled); anything else in the folder is not one. */
const MIGRATION_FILE = /^\d{4}-\d{2}-\d{2}-\d{4}-[\w-]+$/;

function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => isModuleFile(f) && MIGRATION_FILE.test(moduleName(f)))
    .sort();
}

/** The migrations this version of the bot has, by name (what `kysely_migration` records). */
export function knownMigrations(): Set<string> {
  return new Set(migrationFiles().map(moduleName));
}

/**
 * Loads `migrations/*.ts` (their compiled `.js` in a build) with a dynamic import from
 * this file, so it works both compiled (the bot and CLI) and as TypeScript (vitest).
 * kysely's own `FileMigrationProvider` imports from inside node_modules, where vitest's
 * transform never sees the import: Node 20 then refuses the `.ts` file ("Unknown file
 * extension"), so it cannot serve here.
 */
class TsFileMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const file of migrationFiles()) {
      out[moduleName(file)] = (await import(new URL(file, migrationsDir).href)) as Migration;
    }
    return out;
  }
}

/** Applies every pending migration; throws an error whose message is one clear line. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Applies the pending migrations up to `name` and no further: a database as an older
 * version of the bot left it (tests build one, then migrate it to the latest).
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  if (!knownMigrations().has(name)) throw new Error(`no migration ${name}`);
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
async function migrate(db: Kysely<any>, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  const migrator = new Migrator({ db, provider: new TsFileMigrationProvider() });
  const { error, results } = await run(migrator);
  if (!error) return;
  const failed = results?.find((r) => r.status === 'Error')?.migrationName;
  const reason = error instanceof Error ? error.message : String(error);
  const where = failed ? `migration ${failed} failed` : 'migrations failed';
  throw new Error(`database ${where}: ${reason.replace(/\s+/g, ' ')}`);
}
