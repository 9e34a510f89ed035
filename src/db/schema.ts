import type { Generated } from 'kysely';

/**
 * The database as kysely sees it. Chip columns are SQL `bigint` and read back as
 * numbers (the Postgres int8 parser in `connect.ts` refuses values past 2^53).
 * Booleans are integers 0/1 and JSON is text, so SQLite and Postgres store the same.
 */
export interface Database {
  ledger_accounts: LedgerAccountTable;
  journal_entries: JournalEntryTable;
  postings: PostingTable;
  game_tables: GameTableTable;
  game_steps: GameStepTable;
  table_presets: TablePresetTable;
  deal_results: DealResultTable;
  player_totals: PlayerTotalTable;
  season_eras: SeasonEraTable;
  season_scores: SeasonScoreTable;
  player_progress: PlayerProgressTable;
  achievements: AchievementTable;
  player_profiles: PlayerProfileTable;
  role_links: RoleLinkTable;
}

/** A player who linked their guts to Discord's role connections (discord/linked-roles). */
export interface RoleLinkTable {
  user_id: string;
  /** Their OAuth2 access token with role_connections.write: a secret, never logged. */
  access_token: string;
  expires_at: number;
  /** The refresh token that renews it (a secret too); null for a link made before the bot kept them. */
  refresh_token: string | null;
  linked_at: number;
  /** When the bot last wrote their connection (0: never). */
  pushed_at: number;
}

/** A place's season calendar (table/seasons.ts): from `starts_at`, seasons of `length`, numbered from `first_number`. */
export interface SeasonEraTable {
  guild_id: string;
  starts_at: number;
  /** 'week', 'month' or 'quarter'. */
  length: string;
  first_number: number;
}

/** A player's season at a place, summed deal by deal (people-only deals: docs/RULES.md). */
export interface SeasonScoreTable {
  guild_id: string;
  season_no: number;
  user_id: string;
  points: number;
  won: number;
  deals: number;
  net: number;
}

/** What the achievements' rules read of a player's history at a place (rules/achievements.ts `Progress`, JSON). */
export interface PlayerProgressTable {
  guild_id: string;
  user_id: string;
  progress: string;
}

/** An achievement awarded, once per player and place (the key), with the deal that earned it. */
export interface AchievementTable {
  guild_id: string;
  user_id: string;
  achievement: string;
  table_id: number;
  deal_no: number;
  awarded_at: number;
}

/** A player's own choices, everywhere: `public` 1 to appear on the cross-server board. */
export interface PlayerProfileTable {
  user_id: string;
  public: number;
  /** The player's Discord name when they last chose (never a server's nickname): the cross-server board's. */
  display_name: string | null;
  updated_at: number;
}

/** Each player's deals on a server, summed as they are written (the all-time leaderboard). */
export interface PlayerTotalTable {
  guild_id: string;
  user_id: string;
  net: number;
  won: number;
  deals: number;
}

/**
 * One player's part in one settled deal, written with the step that settled it: what
 * `/guts stats` and `/guts leaderboard` add up with indexed queries.
 */
export interface DealResultTable {
  id: Generated<number>;
  guild_id: string;
  table_id: number;
  /** The table-wide deal number (one deal's hand history). */
  deal_no: number;
  user_id: string;
  variant: string;
  /** 1 or 0. */
  stayed: number;
  won: number;
  /** Chips the deal moved to (positive) or from the player. */
  net: number;
  /** What the player took from the pot or from the losers (0 if nothing). */
  pot_won: number;
  /** The hand shown at the showdown, if any; values compare within one variant only. */
  hand_name: string | null;
  hand_value: number | null;
  created_at: number;
}

/** A server's saved table setups (`/guts preset`): a variant and its options, by name. */
export interface TablePresetTable {
  id: Generated<number>;
  guild_id: string;
  /** Lower case, as typed names are matched. */
  name: string;
  variant: string;
  /** The table options as given (JSON); checked again by `parseOptions` when used. */
  options: string;
  created_by: string;
  created_at: number;
}

/** Per guild: one account per player; one pot and one reserve per channel. */
export type AccountKind = 'player' | 'pot' | 'reserve';

export interface LedgerAccountTable {
  id: Generated<number>;
  guild_id: string;
  kind: AccountKind;
  /** The Discord user id for a player, the channel id for a pot or reserve. */
  owner: string;
  /** Always equal to the sum of the account's postings (checked by the audit). */
  balance: Generated<number>;
  /** The player's latest display name, for `/ledger`; null for pots and reserves. */
  display_name: string | null;
}

export type EntryKind = 'deal' | 'adjust' | 'reset';

export interface JournalEntryTable {
  id: Generated<number>;
  guild_id: string;
  /** Idempotency key: the interaction id, or `table:deal:step` for timeouts. */
  key: string;
  kind: EntryKind;
  channel_id: string | null;
  memo: string | null;
  /** Epoch milliseconds. */
  created_at: number;
}

export interface PostingTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  /** Signed: positive means the account received chips. An entry's postings sum to 0. */
  amount: number;
  reason: string;
}

export interface GameTableTable {
  id: Generated<number>;
  guild_id: string;
  channel_id: string;
  /** Optimistic concurrency: every committed step adds one. */
  version: Generated<number>;
  /** 1 while a game is running in the channel (reloaded on restart), else 0. */
  running: Generated<number>;
  /** The engine's serialisable state as JSON, opaque to the database. */
  state: string | null;
  /** Epoch milliseconds of the current countdown's end, or null. */
  deadline: number | null;
  /** JSON of what the table keeps beside its game (table/table-notes.ts). */
  messages: Generated<string>;
  /** JSON of where the chat shows the table: its message ids (discord/chat-notes.ts). */
  chat: Generated<string>;
  deal_no: Generated<number>;
  updated_at: number;
}

/**
 * One committed step: its idempotency record and its part of the hand history. Its
 * journal entry, if it moved chips, has the same key.
 */
export interface GameStepTable {
  id: Generated<number>;
  table_id: number;
  key: string;
  deal_no: number;
  /** The table's version after this step. */
  version: number;
  /** JSON array of the engine's events for this step. */
  events: string;
  created_at: number;
}
