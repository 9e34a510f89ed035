import { ensureLanguages } from '../i18n/index.ts';
import type { GameRecord } from './game-record.ts';
import { asTableNotes, type TableNotes } from './table-notes.ts';

/** What this process knows of a loaded table: the latest committed record and its notes. */
export interface TableRuntime {
  record: GameRecord;
  notes: TableNotes;
}

/**
 * A loaded table as the surfaces read it (`TableReads.heldTable`): its last committed
 * record and its notes, read-only. Only the table layer takes a record in or changes the
 * notes; this is the same table, so a later read of it sees the table as it is then.
 */
export interface HeldTable {
  readonly record: GameRecord;
  readonly notes: Readonly<TableNotes>;
}

/**
 * The tables this process drives, by id. A record here is the last one this process
 * committed or loaded: a stale one only costs the next step a retry (the version check).
 */
export class Runtimes {
  private readonly byId = new Map<number, TableRuntime>();

  get(tableId: number): TableRuntime | undefined {
    return this.byId.get(tableId);
  }

  /** Takes a record: a new runtime for a table not loaded yet, else the newer record for the known one. */
  track(record: GameRecord, fresh?: Partial<Omit<TableRuntime, 'record'>>): TableRuntime {
    let rt = this.byId.get(record.id);
    if (!rt || fresh) {
      rt = { record, notes: asTableNotes(record.messages), ...fresh };
      this.byId.set(record.id, rt);
      // The table speaks its language from now on (`Tables.resumeAll` waits for it first).
      void ensureLanguages(rt.notes.locale);
    }
    rt.record = record;
    return rt;
  }

  /** The running game in a channel, if this process drives one. */
  runningIn(channelId: string): TableRuntime | undefined {
    for (const rt of this.byId.values()) if (rt.record.channelId === channelId && rt.record.running) return rt;
    return undefined;
  }

  /** Tables held: those with a game running, and ended ones until their last messages are out (see `release`). */
  get size(): number {
    return this.byId.size;
  }

  /**
   * Frees an ended game's runtime; the next step of it (a late press) loads its record
   * again. Only that runtime: a game opened at the table since has its own, which its
   * opening step reads (the deal numbering, the table's look) before it runs.
   */
  release(ended: HeldTable): void {
    const { id } = ended.record;
    if (this.byId.get(id) === ended && !ended.record.running) this.byId.delete(id);
  }

  values(): IterableIterator<TableRuntime> {
    return this.byId.values();
  }
}
