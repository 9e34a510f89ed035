import type { TableRecord } from '../db/table-store.ts';

/** What the players are told when a table's step fails unexpectedly (catalogue keys). */
export const STEP_RECOVERED = 'error.stepRecovered';
export const STEP_PAUSED = 'error.stepPaused';
/** What they are told while the table waits for the database to save again (db-retry.ts). */
export const DB_WAITING = 'error.dbWaiting';

/** A fault to inject into a table's clock steps (tests and the local Discord's fault runs): throw to fail the step. */
export type StepFault = (tableId: number, version: number) => void;

/** The env seam: `GUTS_STEP_FAULTS=N` fails the first N clock steps of each table. */
export function stepFaultFromEnv(env: NodeJS.ProcessEnv = process.env): StepFault | undefined {
  const count = Number(env.GUTS_STEP_FAULTS ?? 0);
  if (!Number.isInteger(count) || count <= 0) return undefined;
  const failed = new Map<number, number>();
  return (tableId) => {
    const n = failed.get(tableId) ?? 0;
    if (n >= count) return;
    failed.set(tableId, n + 1);
    throw new Error(`injected step fault ${n + 1} of ${count} (GUTS_STEP_FAULTS)`);
  };
}

export interface StepRecoveryDeps {
  /** The table as last committed, from the database. */
  reload(tableId: number): Promise<TableRecord | null>;
  /** Take the reloaded record as the table's, and its countdown up again. */
  takeUp(record: TableRecord): void;
  /** Stop the table's countdown and presses (see `Tables.pause`). */
  pause(tableId: number): void;
  /** Tell the table's players, in its language, the catalogue's `key`. */
  tell(tableId: number, key: string): void;
}

/**
 * A table whose clock step threw an error no rule explains must not hang: the first
 * time, the players hear so, the table is reloaded as last committed and its countdown
 * runs again; when the step fails again at the same version, retrying would only fail
 * for ever, so the table pauses and the players hear that the host can end the game.
 */
export class StepRecovery {
  /** Per table, the version whose step failed once already. */
  private readonly failedAt = new Map<number, number>();
  /** Tables paused here (not for a lost channel): a press there is refused with STEP_PAUSED. */
  private readonly stuck = new Set<number>();

  constructor(private readonly deps: StepRecoveryDeps) {}

  async failed(tableId: number, version: number): Promise<void> {
    if (this.failedAt.get(tableId) === version) {
      this.failedAt.delete(tableId);
      this.stuck.add(tableId);
      this.deps.pause(tableId);
      this.deps.tell(tableId, STEP_PAUSED);
      return;
    }
    this.failedAt.set(tableId, version);
    const record = await this.deps.reload(tableId);
    if (!record?.running) {
      this.failedAt.delete(tableId);
      return;
    }
    this.deps.tell(tableId, STEP_RECOVERED);
    this.deps.takeUp(record);
  }

  /** A step of the table committed: its next failure is a first one again. */
  succeeded(tableId: number): void {
    this.failedAt.delete(tableId);
    this.stuck.delete(tableId);
  }

  /** Whether the table is paused because its step kept failing. */
  isStuck(tableId: number): boolean {
    return this.stuck.has(tableId);
  }
}
