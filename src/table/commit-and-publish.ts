import type { CheckedPress } from './presses.ts';
import type { StepListener, StepResult } from './steps.ts';
import type { Tables } from './tables.ts';

/**
 * Committing a step a player asked for, and publishing it, whichever surface the press
 * came from (docs/ARCHITECTURE.md: The path of one button press). Each surface has its
 * own answerer (the step pipeline for an interaction, the Activity's hub for a
 * WebSocket message), and every one of them runs: `commit` (the listener hears
 * `committed` at once), its own answer to the presser, then `publish`, even if
 * answering failed: a committed step is always told to the channel.
 */
export class StepCommits {
  constructor(
    private readonly deps: {
      tables: Pick<Tables, 'act' | 'inFlight'>;
      listener: Pick<StepListener, 'committed' | 'publish'>;
    },
  ) {}

  /** Steps queued or running, all tables together. */
  get inFlight(): number {
    return this.deps.tables.inFlight;
  }

  /** Runs a step's commit and tells the listener it committed. */
  async commit(run: () => Promise<StepResult | null>): Promise<StepResult | null> {
    const result = await run();
    this.committed(result);
    return result;
  }

  /** A step committed elsewhere (a slash command's opening step): the listener hears it at once. */
  committed(result: StepResult | null): void {
    if (result) this.deps.listener.committed(result);
  }

  /**
   * A checked press's step, keyed by `key` (an interaction id, or the Activity's session
   * and request ids): a double press or a replay is applied once. `discordId`: the id
   * Discord made for a press whose key is not one (the Activity's launch id), for a fair game's client seed.
   */
  press(press: CheckedPress, key: string, discordId?: string): Promise<StepResult | null> {
    return this.commit(async () => {
      if (!press.action) return null;
      try {
        const { table, action, member, dryRun } = press;
        return await this.deps.tables.act(table.record.id, key, action, member, dryRun, discordId);
      } catch (err) {
        if (press.repeated?.(err)) return null;
        throw err;
      }
    });
  }

  /** Tells the players about a committed step, once its presser is answered. */
  publish(result: StepResult | null): void {
    if (result) this.deps.listener.publish(result);
  }
}
