import { type Action, type Applied, apply, type GameState } from '../engine/index.ts';
import { ensureLanguages } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { checkClientSeed, withPress } from './client-seed.ts';
import type { RetryingWriter } from './db-retry.ts';
import type { DbWaits } from './db-waits.ts';
import { type GameRecord, gameOf } from './game-record.ts';
import type { GameOpener, GameOpening, Member, Place } from './open-game.ts';
import type { TablePauses } from './pauses.ts';
import type { HeldTable, Runtimes, TableRuntime } from './runtimes.ts';
import { DB_WAITING, STEP_PAUSED, type StepRecovery } from './step-recovery.ts';
import type { StepResult, TableSteps } from './steps.ts';
import { tableDealNo } from './table-notes.ts';
import { UserFacingError } from './user-facing-error.ts';

/** The answer to a press on a paused table. */
export const PAUSED = 'refusal.paused';

/** A dry run of an action on the state this process last saw (see `act`). */
export interface DryRun {
  from: GameState;
  applied: Applied;
}

export interface TableCommandsDeps {
  held: Runtimes;
  steps: TableSteps;
  /** `/guts start`'s checks and first step (open-game.ts). */
  opener: GameOpener;
  pauses: Pick<TablePauses, 'isPaused'>;
  recovery: Pick<StepRecovery, 'isStuck'>;
  dbWaits: Pick<DbWaits, 'waitingFor' | 'count'>;
  writer: Pick<RetryingWriter, 'saveTableNotes'>;
  log: Logger;
  /** The channel's running game, or a refusal saying none runs (`TableReads.running`). */
  running(place: Place): Promise<HeldTable>;
  /** A table's row as committed (`TableReads.load`). */
  load(tableId: number): Promise<GameRecord | null>;
  /** A table taken in, once its language is loaded. */
  withLanguage(rt: TableRuntime): Promise<TableRuntime>;
}

/**
 * What players and hosts ask of a table, each one committed step (steps.ts) returned to
 * whoever asked, who hands it to `CommitAndPublish` to be answered and published:
 * opening and stopping a game, a press checked against the table (`pressTarget`) and
 * applied (`act`), and what a table keeps beside its game (its language, a surface's
 * notes written at the table's version). Nothing here knows Discord.
 */
export class TableCommands {
  constructor(private readonly deps: TableCommandsDeps) {}

  /** The checks `/guts start` can answer at once, before anything is written. */
  checkOpen(place: Place, variantId: string, options: Record<string, unknown>): void {
    this.deps.opener.check(place, variantId, options);
  }

  /** Opens a game in the channel with `host` seated (see `GameOpener.open`). */
  openGame(opening: GameOpening): Promise<{ table: HeldTable; result: StepResult }> {
    return this.deps.opener.open(opening);
  }

  /**
   * The host (or an admin) stops the game: at once between deals, else after this deal.
   * The pot and reserve stay with the channel.
   */
  async stopGame(place: Place, by: { id: string; admin: boolean }, key: string): Promise<StepResult | null> {
    const table = await this.deps.running(place);
    const state = gameOf(table.record);
    if (by.id !== state.host && !by.admin) {
      throw new UserFacingError('refusal.stopWho');
    }
    return this.act(table.record.id, key, { type: 'stop', by: state.host });
  }

  /**
   * The table can no longer be shown (its channel or server is gone, or the bot may not
   * post there): the game stops, at once between deals, else when this deal's countdown
   * ends. The pot and reserve stay with the channel. (Nothing is posted about it: the
   * channel cannot be reached; the Discord side tells the players privately.)
   */
  async abandon(tableId: number): Promise<StepResult | null> {
    const record = this.deps.held.get(tableId)?.record;
    if (!record?.running) return null;
    return this.deps.steps.run(
      tableId,
      `abandon:${tableId}:${record.version}`,
      (fresh) => {
        const state = fresh.state;
        if (!fresh.running || !state || state.stopRequested) return null;
        return apply(state, { type: 'stop', by: state.host });
      },
      'clock',
    );
  }

  /**
   * The table a press on a message points at, if it is still live there: the same
   * channel, a running game, the current deal (`lenient` actions, sitting down and
   * standing up, work from any deal's message).
   */
  async pressTarget(tableId: number, place: Place, dealNo: number, lenient: boolean): Promise<HeldTable> {
    const { held, dbWaits, pauses, recovery } = this.deps;
    const record = held.get(tableId)?.record ?? (await this.deps.load(tableId));
    if (!record?.state || record.guildId !== place.guildId || record.channelId !== place.channelId) {
      throw new UserFacingError('refusal.tableGone');
    }
    if (!record.running) throw new UserFacingError('refusal.gameOver');
    if (dbWaits.waitingFor(tableId)) throw new UserFacingError(DB_WAITING);
    if (pauses.isPaused(tableId)) throw new UserFacingError(recovery.isStuck(tableId) ? STEP_PAUSED : PAUSED);
    const rt = held.get(tableId) ?? (await this.deps.withLanguage(held.track(record)));
    if (!lenient && dealNo !== tableDealNo(rt.notes, record.state.dealNo)) {
      throw new UserFacingError('refusal.dealOver');
    }
    return rt;
  }

  /**
   * Applies one action to a running game and commits it under `key` (the interaction id:
   * a double click or a replay is applied once); the engine's RuleError reaches the
   * caller unchanged. `dryRun` is the action already applied to the state `from`:
   * committed states are never changed in place, so while the table still holds that
   * very state the result stands. `member`'s name is stored for /ledger when they sit down.
   * `discordId` is the id Discord made for the press, for a fair game's client seed (an
   * Activity's press: its instance's launch id); unsaid, the key when it is one (an interaction's id).
   */
  act(
    tableId: number,
    key: string,
    action: Action,
    member?: Member,
    dryRun?: DryRun,
    discordId?: string,
  ): Promise<StepResult | null> {
    return this.deps.steps.run(tableId, key, (record) => {
      const state = record.state;
      if (!record.running || !state) throw new UserFacingError('refusal.gameOver');
      // A lobby press's id goes into a fair game's client seed (docs/FAIRNESS.md).
      const pressed = withPress(action, discordId ?? key);
      const applied = dryRun?.from === state && pressed === action ? dryRun.applied : apply(state, pressed);
      checkClientSeed(state, applied.state);
      if (action.type === 'join' && member) return { ...applied, displayNames: { [member.id]: member.name } };
      // A computer player's name is its own ("🤖 Ada (balanced)"): /ledger shows it as such.
      if (action.type === 'addComputer') {
        const joined = applied.events.flatMap((e) => (e.type === 'PlayerJoined' ? [[e.playerId, e.name]] : []));
        return { ...applied, displayNames: Object.fromEntries(joined) };
      }
      return applied;
    });
  }

  /**
   * Runs `write` in the table's queue with the version this process holds of the table
   * (null: none loaded): what a surface keeps beside the table (the chat's message ids)
   * is written only while the table is still at it, so a step of this process still
   * being committed is not mistaken for another's, and a stale owner never overwrites a
   * newer one's.
   */
  atVersion<T>(tableId: number, write: (version: number | null) => Promise<T>): Promise<T> {
    return this.deps.steps.queues.run(tableId, () => write(this.deps.held.get(tableId)?.record.version ?? null));
  }

  /**
   * The language the table's public messages are written in, changed (the Rules form):
   * not a rule of the game, so no step; kept with the table's notes.
   */
  async setLanguage(tableId: number, locale: string): Promise<void> {
    await ensureLanguages(locale);
    const rt = this.deps.held.get(tableId);
    if (!rt) return;
    rt.notes.locale = locale;
    await this.saveNotes(tableId);
  }

  /**
   * Saves the table's notes as this process holds them (see table-notes.ts), only while
   * the table is still at the version this process last committed or loaded: a stale
   * owner never overwrites a newer one's. If it cannot, the next step commits them.
   */
  private saveNotes(tableId: number): Promise<void> {
    return this.atVersion(tableId, async (version) => {
      const rt = this.deps.held.get(tableId);
      if (!rt || version === null) return;
      let saved: boolean;
      try {
        saved = await this.deps.writer.saveTableNotes(tableId, rt.notes, version);
      } catch (err) {
        if (this.deps.dbWaits.count(err) === 'permanent') throw err;
        // The notes ride the table's next step too (steps.ts commits the notes this process holds).
        this.deps.log.warn({ err, tableId }, "cannot save the table's notes now: the next step will");
        return;
      }
      if (!saved) this.deps.log.debug({ tableId, version }, 'table moved on: notes not saved');
    });
  }
}
