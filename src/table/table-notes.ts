import { z } from 'zod';

/**
 * What a table keeps beside its game (the `messages` column of its row, a name kept for
 * the stored JSON): the deal numbering across games, the counters of quiet deals, the
 * people Play again asked back, the table's language and deck colours. Where a surface
 * shows the table (the chat's message ids) is that surface's own (discord/chat-notes.ts).
 */
export interface TableNotes {
  /**
   * Deals played at this table before the current game. The engine counts deals per
   * game; buttons and hand histories count per table, so an old game's button never
   * looks current and deal histories never mix.
   */
  dealBase: number;
  /** The table chose the four-colour deck for its pictures (clubs green, diamonds blue). */
  fourColour: boolean;
  /**
   * The language the table's public messages are written in (a Discord locale): the
   * server's, or in direct messages the host's, when the table opened.
   */
  locale: string;
  /** Someone pressed something in the current deal (see quiet.ts). */
  pressedThisDeal: boolean;
  /** Deals in a row that ended with nobody pressing anything (see quiet.ts). */
  quietDeals: number;
  /**
   * The people of the game before, when Play again opened this one: the lobby asks
   * those not seated yet to take their seat again (next-game.ts).
   */
  returning: readonly { id: string; name: string }[];
}

export const NO_NOTES: TableNotes = {
  dealBase: 0,
  fourColour: false,
  locale: 'en-US',
  pressedThisDeal: false,
  quietDeals: 0,
  returning: [],
};

/** The table-wide number of the game's current deal. */
export const tableDealNo = (notes: TableNotes, gameDealNo: number): number => notes.dealBase + gameDealNo;

const member = z.object({ id: z.string(), name: z.string() });

/**
 * The notes as stored, each field checked on its own: a field missing or of the wrong
 * kind (an older row, a hand edit) reads as a table without it, and the rest still stand.
 */
const tableNotesSchema = z
  .object({
    dealBase: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).catch(NO_NOTES.dealBase),
    fourColour: z.boolean().catch(NO_NOTES.fourColour),
    locale: z
      .string()
      .regex(/^[a-zA-Z0-9-]{2,8}$/)
      .catch(NO_NOTES.locale),
    pressedThisDeal: z.boolean().catch(NO_NOTES.pressedThisDeal),
    quietDeals: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).catch(NO_NOTES.quietDeals),
    // Only the people that read as people: one bad entry does not cost the others their seat back.
    returning: z
      .array(member.nullable().catch(null))
      .transform((people) => people.filter((m) => m !== null))
      .catch(() => []),
  })
  // A fresh object each time: a runtime changes its notes in place.
  .catch(() => ({ ...NO_NOTES, returning: [] }));

/** The `messages` column (or any stored value) read as the table's notes (`tableNotesSchema`). */
export function asTableNotes(value: unknown): TableNotes {
  return tableNotesSchema.parse(value ?? {});
}
