import type { Logger } from '../log.ts';
import type { CheckedPress } from './presses.ts';
import type { StepListener, StepResult } from './steps.ts';
import type { Tables } from './tables.ts';

/** What a commit hands back: the step it committed (null: nothing changed), and whatever else its caller needs. */
export interface Committed {
  step: StepResult | null;
}

/** A commit the entry runs (a checked press's, a command's, a step the table takes when told to). */
export type Commit<C extends Committed = Committed> = () => Promise<C>;

/**
 * The one way a step goes, whichever surface or command asked for it (docs/ARCHITECTURE.md:
 * The step pipeline): it commits, lets the surface answer its presser, and publishes once.
 * Each surface passes its own answer in (the chat's step pipeline for an interaction,
 * the Activity's hub for a WebSocket message, a command's reply), so this layer never
 * imports a surface: the listener hears `committed` as soon as the commit resolves, the
 * answer runs, then `publish`, even when answering failed: a committed step is always
 * told to the channel. A commit that fails publishes nothing.
 */
export class CommitAndPublish {
  constructor(
    private readonly deps: {
      tables: Pick<Tables, 'act' | 'inFlight'>;
      listener: Pick<StepListener, 'committed' | 'publish'>;
      log: Logger;
    },
  ) {}

  /** Steps queued or running, all tables together: how busy the database is. */
  get inFlight(): number {
    return this.deps.tables.inFlight;
  }

  /**
   * Runs `commit`, then `answer` with the commit under way (it may acknowledge first if the
   * commit is slow, and awaits it to answer: a refusal reaches it there), then publishes
   * the step once answered. `how.pressedInActivity`: the press came with no interaction,
   * so the chat has no token of it to answer on; `how.log`: the asker's logger. Resolves
   * with the answer's result.
   */
  async run<C extends Committed, T>(
    commit: Commit<C>,
    answer: (committed: Promise<C>) => Promise<T>,
    how: { pressedInActivity?: boolean; log?: Logger } = {},
  ): Promise<T> {
    const log = how.log ?? this.deps.log;
    const committed = commit().then((c) => {
      if (c.step) this.tell('committed', c.step, log);
      return c;
    });
    try {
      return await answer(committed);
    } finally {
      // After the answer (private cards follow acknowledged interactions), and even when answering failed.
      void committed.then(
        ({ step }) => {
          if (step) this.tell('publish', how.pressedInActivity ? { ...step, pressedInActivity: true } : step, log);
        },
        (err: unknown) => log.debug({ err }, 'step not committed: nothing to publish'),
      );
    }
  }

  /**
   * Tells the listener of a committed step. A listener that throws (a surface drawing its
   * view) is logged, never passed on: the step is committed whatever a surface makes of it,
   * and a throw here would reject a promise nobody awaits, which ends the process.
   */
  private tell(what: 'committed' | 'publish', step: StepResult, log: Logger): void {
    try {
      this.deps.listener[what](step);
    } catch (err) {
      log.error({ err, tableId: step.record.id, version: step.record.version }, `a step's ${what} listener failed`);
    }
  }

  /** A step with nobody to answer (a table a command takes up again, one whose channel is gone): committed, then published. */
  async unanswered(commit: Commit): Promise<StepResult | null> {
    return this.run(commit, async (committed) => (await committed).step);
  }

  /**
   * A checked press's commit (table/presses.ts), keyed by `key` (an interaction id, or the
   * Activity's session and request ids): a double press or a replay is applied once.
   * `discordId`: the id Discord made for a press whose key is not one (the Activity's
   * launch id), for a fair game's client seed. A repeat commits nothing.
   */
  press(press: CheckedPress, key: string, discordId?: string): Commit {
    return async () => {
      if (!press.action) return { step: null };
      try {
        const { table, action, member, dryRun } = press;
        return { step: await this.deps.tables.act(table.record.id, key, action, member, dryRun, discordId) };
      } catch (err) {
        if (press.repeated?.(err)) return { step: null };
        throw err;
      }
    };
  }
}
