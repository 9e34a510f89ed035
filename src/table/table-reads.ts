import type { Kysely } from 'kysely';
import { type AwardedRow, awardedAt, newestAchievements } from '../db/achievements-store.ts';
import type { Database } from '../db/index.ts';
import { findTable, loadTable } from '../db/table-store.ts';
import type { GameState } from '../engine/index.ts';
import { ensureLanguages } from '../i18n/index.ts';
import { DealProofs } from './deal-proofs.ts';
import { endedDeals, type GameCount, GameNets, type TableAt } from './game-nets.ts';
import { type GameRecord, gameRecord } from './game-record.ts';
import { type EndedGame, endedGame, type PlayAgainTarget, recentlyEnded } from './next-game.ts';
import type { Place } from './open-game.ts';
import { Presets } from './presets.ts';
import { type HeldTable, Runtimes, type TableRuntime } from './runtimes.ts';
import type { Clock } from './scheduler.ts';
import { type Standings, standings } from './standings.ts';
import { asTableNotes } from './table-notes.ts';
import { UserFacingError } from './user-facing-error.ts';

/** Where a loaded table plays, and whether its game still runs: what the chat's output and its guards need. */
export interface HeldPlace {
  guildId: string;
  channelId: string;
  running: boolean;
}

/**
 * What the table layer answers without changing anything: the tables this process
 * holds, a channel's table and its language, the game that ended lately, standings,
 * proofs and presets. `Tables` (tables.ts) adds the commands (table-commands.ts) and
 * the lifecycle (table-lifecycle.ts) on top: they alone commit, and they alone take a
 * record into what this process holds. No surface sees the runtimes themselves: it
 * reads a table through the methods below, read-only.
 */
export class TableReads {
  /** What this process holds of each loaded table: only the table layer tracks a record into it. */
  protected readonly held = new Runtimes();
  /** The deals' proofs, for their Verify buttons (read-only). */
  readonly proofs: DealProofs;
  /** The saved table setups of each server or group DM (`/guts preset`). */
  readonly presets: Presets;
  /** What each seat has won in its table's current game (game-nets.ts). */
  protected readonly nets = new GameNets({
    read: (tableId, state, dealBase) => standings(this.db, tableId, state, dealBase),
    reload: async (tableId) => {
      const known = this.held.get(tableId);
      if (known) return known;
      const found = await loadTable(this.db, tableId);
      return found?.state ? { record: gameRecord(found), notes: asTableNotes(found.messages) } : null;
    },
  });

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly clock: Clock,
  ) {
    this.proofs = new DealProofs(db);
    this.presets = new Presets(db, () => clock.now());
  }

  /** The table as this process last committed or loaded it, if it holds it (no read). */
  heldTable(tableId: number): HeldTable | undefined {
    return this.held.get(tableId);
  }

  /** Where a table this process holds plays (no read). */
  placeOf(tableId: number): HeldPlace | undefined {
    const record = this.held.get(tableId)?.record;
    return record && { guildId: record.guildId, channelId: record.channelId, running: record.running };
  }

  /** The running game this process holds in a channel, if any (no read). */
  heldRunningIn(channelId: string): HeldTable | undefined {
    return this.held.runningIn(channelId);
  }

  /** Every table this process holds: those running, and ended ones until their last messages are out. */
  heldTables(): HeldTable[] {
    return [...this.held.values()];
  }

  /** How many tables this process holds (its cache size). */
  get heldCount(): number {
    return this.held.size;
  }

  /** How many of them have a game running. */
  get runningCount(): number {
    let running = 0;
    for (const rt of this.held.values()) if (rt.record.running) running++;
    return running;
  }

  /** A table's row as committed, read as the table layer reads it (game-record.ts). */
  protected async load(tableId: number): Promise<GameRecord | null> {
    const record = await loadTable(this.db, tableId);
    return record && gameRecord(record);
  }

  /** Play again: the game that ended at this table, checked before anything is written (next-game.ts). */
  async endedGame(tableId: number, place: Place, dealNo: number, by: string): Promise<EndedGame> {
    return endedGame(this.held.get(tableId)?.record ?? (await this.load(tableId)), place, dealNo, by);
  }

  /** The channel's game its caller hosted, if it ended lately: `/guts start` without a variant offers it again. */
  async recentlyEnded(place: Place, by: string): Promise<PlayAgainTarget | null> {
    const found = await findTable(this.db, place.guildId, place.channelId);
    return recentlyEnded(found && gameRecord(found), by, this.clock.now());
  }

  /**
   * The channel's table as last committed (its running game, else its last one), or null
   * where no game was ever opened there: what the Activity shows.
   */
  async tableIn(place: Place): Promise<HeldTable | null> {
    const known = this.held.runningIn(place.channelId);
    if (known) return known;
    const found = await findTable(this.db, place.guildId, place.channelId);
    if (!found?.state) return null;
    return { record: gameRecord(found), notes: asTableNotes(found.messages) };
  }

  /** The running game in a channel, or a refusal saying none runs. */
  async running(place: Place): Promise<HeldTable> {
    const known = this.held.runningIn(place.channelId);
    if (known) return known;
    const found = await findTable(this.db, place.guildId, place.channelId);
    const table = found && gameRecord(found);
    if (!table?.running || !table.state) {
      throw new UserFacingError('refusal.noGame');
    }
    return this.withLanguage(this.held.track(table));
  }

  /**
   * The language of the channel's table (running, or its last game's), loaded, or null
   * where no game was ever opened: what the channel's public answers are written in.
   */
  async languageIn(place: Place): Promise<string | null> {
    const known = this.held.runningIn(place.channelId);
    const found = known ? null : await findTable(this.db, place.guildId, place.channelId);
    if (!known && !found?.state) return null;
    const locale = known ? known.notes.locale : asTableNotes(found?.messages).locale;
    await ensureLanguages(locale);
    return locale;
  }

  /** A table just loaded, once its language is too: what happens at it next may speak at once. */
  protected async withLanguage(rt: TableRuntime): Promise<TableRuntime> {
    await ensureLanguages(rt.notes.locale);
    return rt;
  }

  /** The running tables of a server this process drives (it left or lost the server). */
  runningInGuild(guildId: string): HeldTable[] {
    return [...this.held.values()].filter((rt) => rt.record.guildId === guildId && rt.record.running);
  }

  /** Net chips per player over the current game (for its final standings). */
  standings(tableId: number, state: GameState): Promise<Standings> {
    return standings(this.db, tableId, state, this.held.get(tableId)?.notes.dealBase ?? 0);
  }

  /** The standings of the channel's last game (or the one under way), null where no deal was played. */
  async lastStandings(place: Place): Promise<Standings | null> {
    const found = await findTable(this.db, place.guildId, place.channelId);
    if (!found) return null;
    const table = gameRecord(found);
    if (!table.state?.dealNo) return null;
    const { dealBase } = asTableNotes(found.messages);
    // A game under way counts only its ended deals: the one being played has no result yet.
    if (table.running) {
      const soFar = await standings(this.db, table.id, { ...table.state, dealNo: endedDeals(table.state) }, dealBase);
      return { ...soFar, pot: table.state.pot, reserve: table.state.reserve, running: true };
    }
    return { ...(await standings(this.db, table.id, table.state, dealBase)), playedAt: found.updatedAt };
  }

  /** Net chips per player over the table's current game so far, as its standings count them. */
  gameNets(table: TableAt): Promise<GameCount> {
    return this.nets.of(table);
  }

  /** The same, if held now (no read): a step just committed is in it. */
  heldNets(table: TableAt): GameCount | undefined {
    return this.nets.held(table);
  }

  /** The achievements a table's deal earned (its result announces them). */
  earnedAt(tableId: number, dealNo: number): Promise<AwardedRow[]> {
    return awardedAt(this.db, tableId, dealNo);
  }

  /** Each of these players' newest achievement at a place, by id (the badge on their seat in the Activity). */
  newestBadges(guildId: string, userIds: readonly string[]): Promise<Map<string, string>> {
    return newestAchievements(this.db, guildId, userIds);
  }
}
