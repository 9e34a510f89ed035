import type { Logger } from '../log.ts';
import type { TableAt } from '../table/game-nets.ts';
import type { NightRecap } from '../table/night-recap.ts';
import type { Member, Place, Tables } from '../table/tables.ts';

/** What the page shows of a table that its steps do not carry: the seats' badges, and the night's recap at game over. */
export interface TableExtras {
  /** Each person's newest achievement at the table's place, by user id. */
  badges: ReadonlyMap<string, string>;
  /** The game's recap, once it is over (null before, and for a lobby closed before any deal). */
  recap: NightRecap | null;
}

const NONE: TableExtras = { badges: new Map(), recap: null };

/**
 * Each table's extras, read from the table layer when they can change (a page opens, a
 * deal ends, a game ends or opens) and held between: a step that changes neither costs
 * no query. A read that fails keeps what was held (logged): a badge or a recap never
 * holds a frame back.
 */
export class TableExtrasCache {
  private readonly held = new Map<number, TableExtras>();

  constructor(
    private readonly deps: {
      tables: Pick<Tables, 'standings' | 'newestBadges'>;
      log: Logger;
    },
  ) {}

  get(tableId: number): TableExtras | undefined {
    return this.held.get(tableId);
  }

  forget(tableId: number): void {
    this.held.delete(tableId);
  }

  /** The table's extras read again as it stands. */
  async read({ record }: TableAt): Promise<TableExtras> {
    const state = record.state;
    if (!state) return NONE;
    const people = state.players.filter((p) => !p.computer).map((p) => p.id);
    try {
      const [badges, standings] = await Promise.all([
        this.deps.tables.newestBadges(record.guildId, people),
        state.phase === 'over' && state.dealNo > 0 ? this.deps.tables.standings(record.id, state) : null,
      ]);
      const extras = { badges, recap: standings?.recap ?? null };
      this.held.set(record.id, extras);
      return extras;
    } catch (err) {
      this.deps.log.error({ err, tableId: record.id }, 'activity badges and recap not read');
      return this.held.get(record.id) ?? NONE;
    }
  }
}

/**
 * What a frame of `table` shows beside its step: its extras as held (none yet: no badge,
 * no recap), and the people with a page open at it (`pages`: its channel's, each person once).
 */
export function frameExtras(
  { record }: TableAt,
  held: TableExtras | undefined,
  pages: Iterable<{ readonly place: Place; readonly member: Member }>,
): TableExtras & { present: Member[] } {
  const present = new Map<string, Member>();
  for (const page of pages) if (page.place.guildId === record.guildId) present.set(page.member.id, page.member);
  return {
    badges: held?.badges ?? new Map<string, string>(),
    recap: held?.recap ?? null,
    present: [...present.values()],
  };
}
