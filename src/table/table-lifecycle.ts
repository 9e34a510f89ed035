import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { listOpenTables } from '../db/table-store.ts';
import { ensureLanguages } from '../i18n/index.ts';
import { type GameRecord, gameRecord } from './game-record.ts';
import { endedByRestart } from './next-game.ts';
import type { HeldTable, Runtimes } from './runtimes.ts';
import type { StepListener, StepResult, TableSteps } from './steps.ts';
import { asTableNotes } from './table-notes.ts';
import type { TableTimers } from './timers.ts';

/** Which places are this process's (its shards): a table elsewhere is another process's to resume. */
export type Serves = (guildId: string, channelId: string) => boolean;

export interface TableLifecycleDeps {
  db: Kysely<Database>;
  held: Runtimes;
  steps: Pick<TableSteps, 'run' | 'inFlight' | 'queues'>;
  /** Countdowns and computer moves (timers.ts). */
  timers: Pick<TableTimers, 'countdowns' | 'computers' | 'stop'>;
  /** Stops the waits for a database that fails (db-retry.ts): shutting down. */
  stopWaiting(): void;
}

const SILENT: StepListener = { committed: () => {}, publish: () => {}, resumed: () => {}, tell: () => {} };

/**
 * A table's life in this process around its steps: taken up again after a restart
 * (`resumeAll`) or ended by one (`endAll`), its runtime let go once an ended game's last
 * messages are out (`release`), and everything stopped at shutdown (`close`). It holds
 * the one listener (the surfaces that show the tables) and tells it of the steps this
 * layer takes by itself (`tellOwn`). Nothing here knows Discord.
 */
export class TableLifecycle {
  private listener: StepListener = SILENT;
  private markReady: () => void = () => {};
  /** Resolves once open tables are reloaded: players' actions wait for it. */
  readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  constructor(private readonly deps: TableLifecycleDeps) {}

  /** Who shows the tables to the players (one listener). */
  listen(listener: StepListener): void {
    this.listener = listener;
  }

  /**
   * The listener as `CommitAndPublish` tells it (commit-and-publish.ts): whichever one
   * `listen` set, however late, so the one way through can be built before the surfaces
   * that listen.
   */
  readonly heard: Pick<StepListener, 'committed' | 'publish'> = {
    committed: (step) => this.listener.committed(step),
    publish: (step) => this.listener.publish(step),
  };

  /** Tells the listener something about a table that is no step (a wait for the database). */
  tell(tableId: number, key: string): void {
    this.listener.tell(tableId, key);
  }

  /**
   * Tells the listener about a step this layer took by itself (timers.ts, a restart's
   * end of every game): committed, then publish. Outside the table's queue; null
   * (nothing changed) tells nothing. Steps a surface or a command asked for go through
   * `CommitAndPublish` (commit-and-publish.ts).
   */
  tellOwn(result: StepResult | null): void {
    if (!result) return;
    this.listener.committed(result);
    this.listener.publish(result);
  }

  /**
   * After a restart: reload every open table this process serves and resume (or
   * resolve) its countdown. `serves` says which places are this process's (its shards).
   */
  async resumeAll(serves: Serves = () => true): Promise<number> {
    try {
      const open = await this.openTables(serves);
      for (const record of open) {
        this.deps.held.track(record);
        this.deps.timers.countdowns.set(String(record.id), record.deadline);
        this.deps.timers.computers.plan(record);
        this.listener.resumed(record.id);
      }
      return open.length;
    } finally {
      this.markReady();
    }
  }

  /**
   * After a restart where the tables' messages did not survive it (the playground's
   * local Discord keeps none): every open game this process serves ends at once, its
   * pot and reserve kept with the channel, and the listener hears that step as any
   * game's end (the final standings, with why it ended).
   */
  async endAll(serves: Serves = () => true): Promise<number> {
    try {
      const open = await this.openTables(serves);
      for (const record of open) {
        this.deps.held.track(record);
        const key = `restart:${record.id}:${record.version}`;
        this.tellOwn(await this.deps.steps.run(record.id, key, endedByRestart, 'clock'));
      }
      return open.length;
    } finally {
      this.markReady();
    }
  }

  /** The open tables this process serves, their languages loaded first: a resumed table may speak at once. */
  private async openTables(serves: Serves): Promise<GameRecord[]> {
    const open = (await listOpenTables(this.deps.db)).filter((r) => serves(r.guildId, r.channelId)).map(gameRecord);
    await ensureLanguages(...open.map((r) => asTableNotes(r.messages).locale));
    return open;
  }

  /**
   * An ended game's last messages are out: its runtime goes (the next step of it, a late
   * press, loads its record again). Only that game's: a game opened at the table since
   * keeps its own. Says whether the table is still held (by a newer game).
   */
  release(ended: HeldTable): boolean {
    this.deps.held.release(ended);
    return this.deps.held.get(ended.record.id) !== undefined;
  }

  /** Stops the countdowns and waits for the steps under way to commit (shutdown and tests). */
  async close(): Promise<void> {
    this.deps.timers.stop();
    this.deps.stopWaiting();
    await this.deps.steps.queues.idle();
  }

  /** Resolves once no step is queued or running. */
  idle(): Promise<void> {
    return this.deps.steps.queues.idle();
  }

  /** Steps queued or running, all tables together: how busy the database is. */
  get inFlight(): number {
    return this.deps.steps.inFlight;
  }
}
