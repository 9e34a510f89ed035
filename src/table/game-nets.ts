import type { GameState } from '../engine/index.ts';
import { LruCache } from '../lru.ts';
import type { HeldTable } from './runtimes.ts';
import type { Standings } from './standings.ts';
import type { StepResult } from './steps.ts';

/** A table as its record and notes: which game it plays (`dealBase`) and how far it got. */
export type TableAt = HeldTable;

/** Net chips per player over a table's current game, through its last ended deal. */
export type Nets = Readonly<Record<string, number>>;

/** A game's count: each player's net chips, and after each of its deals (the night's chart, as standings.ts draws it). */
export interface GameCount {
  chips: Nets;
  series: Readonly<Record<string, readonly number[]>>;
  /** The names of the game's players as seated, one who left since included. */
  names: Readonly<Record<string, string>>;
}

interface Tally {
  /** The game it counts: deals played at the table before it (a new game has another). */
  dealBase: number;
  /** The game's deals it holds (the game's own count). */
  through: number;
  chips: Record<string, number>;
  series: Record<string, number[]>;
  names: Record<string, string>;
}

const EMPTY: GameCount = { chips: {}, series: {}, names: {} };

/** How many of the game's deals have ended: the one under way adds its result when it ends. */
export function endedDeals(state: GameState): number {
  return state.phase === 'deal' ? state.dealNo - 1 : state.dealNo;
}

/** The players a step saw seated, before it and after. */
/**
 * Writes into `names` the name of everyone seated before the step and after it (one who
 * left included), in place: it runs on every step, so it makes no record of its own.
 */
function noteNames(step: Pick<StepResult, 'before' | 'after'>, names: Record<string, string>): Record<string, string> {
  for (const p of step.before?.players ?? []) names[p.id] = p.name;
  for (const p of step.after.players) names[p.id] = p.name;
  return names;
}

export interface GameNetsDeps {
  /** The game's standings from the hand history (standings.ts), as the chat's are read. */
  read(tableId: number, state: GameState, dealBase: number): Promise<Pick<Standings, 'net' | 'series'>>;
  /** The table as committed now (a step committed during a read: read again from it). */
  reload(tableId: number): Promise<TableAt | null>;
  /** Tables kept at most (a table read again costs one query). */
  capacity?: number;
}

/**
 * What each seat has won or lost in a table's current game, for the surfaces that show
 * it beside the seat (the Activity's page): read once from the hand history, as the
 * chat's standings are, then moved on by every committed step whose deal ended. A step
 * of another game (Play again, `/guts start` after a stop) starts its own count: a table's
 * games never share one.
 */
export class GameNets {
  private readonly tallies: LruCache<number, Tally>;
  /** Tables being read now: a step committed meanwhile marks the read stale. */
  private readonly reading = new Map<number, Set<{ stale: boolean }>>();

  constructor(private readonly deps: GameNetsDeps) {
    this.tallies = new LruCache(deps.capacity ?? 2000);
  }

  /** A committed step (in its table's queue, in order): its deal's result added to its game's count. */
  heard(step: Pick<StepResult, 'record' | 'notes' | 'events' | 'after' | 'before'>): void {
    const tableId = step.record.id;
    for (const read of this.reading.get(tableId) ?? []) read.stale = true;
    const { dealBase } = step.notes;
    let tally = this.tallies.peek(tableId);
    if (tally && tally.dealBase !== dealBase) {
      this.tallies.delete(tableId);
      tally = undefined;
    }
    if (!tally) {
      // A game with nothing ended yet counts from zero; any other is read whole when asked.
      if (endedDeals(step.after) === 0)
        this.tallies.set(tableId, { dealBase, through: 0, chips: {}, series: {}, names: noteNames(step, {}) });
      return;
    }
    noteNames(step, tally.names);
    for (const e of step.events) {
      if (e.type !== 'DealEnded' || e.dealNo <= tally.through) continue;
      tally.through = e.dealNo;
      for (const [id, n] of Object.entries(e.delta)) tally.chips[id] = (tally.chips[id] ?? 0) + n;
      // A player who joined later is at 0 before their first deal.
      for (const [id, n] of Object.entries(tally.chips))
        (tally.series[id] ??= Array<number>(e.dealNo - 1).fill(0)).push(n);
    }
    // A game that ended in the middle of a deal (a restart) counts the chips it moved: read again.
    if (tally.through < endedDeals(step.after)) this.tallies.delete(tableId);
  }

  /** The count held for the table's game, if any (no read). */
  held(table: TableAt): GameCount | undefined {
    const tally = this.tallies.get(table.record.id);
    return tally?.dealBase === table.notes.dealBase ? tally : undefined;
  }

  /** The table's game's count: held, else read from the hand history (again if a step came during the read). */
  async of(table: TableAt): Promise<GameCount> {
    let at: TableAt | null = table;
    for (let tries = 0; at?.record.state && tries < 5; tries++) {
      const held = this.held(at);
      if (held) return held;
      const { id } = at.record;
      const mark = { stale: false };
      const reads = this.reading.get(id) ?? new Set();
      this.reading.set(id, reads.add(mark));
      try {
        const through = endedDeals(at.record.state);
        const read = await this.deps.read(id, { ...at.record.state, dealNo: through }, at.notes.dealBase);
        const chips = Object.fromEntries(read.net.map((n) => [n.playerId, n.chips]));
        if (!mark.stale) {
          const names = Object.fromEntries(read.net.flatMap((n) => (n.name === null ? [] : [[n.playerId, n.name]])));
          const tally = { dealBase: at.notes.dealBase, through, chips, series: { ...read.series }, names };
          this.tallies.set(id, tally);
          return tally;
        }
      } finally {
        reads.delete(mark);
        if (reads.size === 0) this.reading.delete(id);
      }
      at = await this.deps.reload(id);
    }
    return (at && this.held(at)) ?? EMPTY;
  }
}
