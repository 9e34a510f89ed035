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
export const tableDealNo = (messages: TableNotes, gameDealNo: number): number => messages.dealBase + gameDealNo;

export function asTableNotes(value: unknown): TableNotes {
  const v = (value ?? {}) as Partial<TableNotes>;
  const base = Number.isSafeInteger(v.dealBase) && (v.dealBase as number) >= 0 ? (v.dealBase as number) : 0;
  return {
    dealBase: base,
    fourColour: v.fourColour === true,
    locale: typeof v.locale === 'string' && /^[a-zA-Z0-9-]{2,8}$/.test(v.locale) ? v.locale : 'en-US',
    pressedThisDeal: v.pressedThisDeal === true,
    quietDeals: Number.isSafeInteger(v.quietDeals) && (v.quietDeals as number) > 0 ? (v.quietDeals as number) : 0,
    returning: Array.isArray(v.returning)
      ? v.returning.filter(
          (m): m is { id: string; name: string } => typeof m?.id === 'string' && typeof m?.name === 'string',
        )
      : [],
  };
}
