import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';

/**
 * The file beside a playground's SQLite ledger that keeps its seats' languages
 * (`data/playground.db` → `data/playground.seats.json`); none for a database elsewhere.
 */
export function seatLanguagesFile(dbUrl: string): string | null {
  const path = /^file:([^?]+)/.exec(dbUrl)?.[1];
  if (!path || path === ':memory:') return null;
  const { dir, name } = parse(path);
  return join(dir, `${name}.seats.json`);
}

/**
 * Each seat's Discord language by name, kept in a JSON file (when there is one) so that
 * a restarted playground speaks to each seat as before.
 */
export class SeatLanguages {
  private readonly byName = new Map<string, string>();

  /** `onUnreadable` hears of a file that is there but cannot be read: its languages are dropped. */
  constructor(
    private readonly file: string | null,
    onUnreadable: (err: unknown) => void = () => {},
  ) {
    if (!file) return;
    try {
      const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof saved !== 'object' || saved === null || Array.isArray(saved))
        throw new Error(`${file}: not an object`);
      for (const [name, locale] of Object.entries(saved)) if (typeof locale === 'string') this.byName.set(name, locale);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') onUnreadable(err);
    }
  }

  get(name: string): string | undefined {
    return this.byName.get(name.toLowerCase());
  }

  set(name: string, locale: string): void {
    this.byName.set(name.toLowerCase(), locale);
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    // Written whole and renamed: a crash mid-write leaves the old file, never half of one.
    const partial = `${this.file}.partial`;
    writeFileSync(partial, `${JSON.stringify(Object.fromEntries(this.byName), null, 2)}\n`);
    renameSync(partial, this.file);
  }
}
