import type { Client } from 'discord.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { CommitAndPublish } from '../table/commit-and-publish.ts';
import type { Tables } from '../table/tables.ts';
import type { BlockedChannels } from './blocked-channels.ts';
import type { BotMetrics } from './metrics.ts';
import type { TablePublisher } from './publisher.ts';
import type { GroupDmOwners } from './rights.ts';
import type { StepPipeline } from './step-pipeline.ts';
import type { ReplyTokens } from './tokens.ts';

/** What every command and interaction handler gets: the database, the tables, how to reach players, a logger. */
export interface BotContext {
  db: Kysely<Database>;
  client: Client;
  tables: Tables;
  publisher: TablePublisher;
  /** Where every game step a player asks for in the chat runs: acknowledged, committed, answered, published (step-pipeline.ts). */
  pipeline: StepPipeline;
  /** The table layer's one way for a step: committed, answered by its asker, published once (table/commit-and-publish.ts). */
  commits: CommitAndPublish;
  tokens: ReplyTokens;
  /** Channels the bot can no longer post in (their tables stopped). */
  lost: BlockedChannels;
  log: Logger;
  /** Counts for operators (`METRICS_PORT`). */
  metrics: BotMetrics;
  /** Who made each group DM (their owner runs its ledger). */
  groupDms: GroupDmOwners;
  /** The bot serves its tables as an Activity (ACTIVITY_PORT): lobbies and table cards offer Open table. */
  openTable?: boolean;
  /** `FAIRNESS_URL`: how to check a deal, linked from each Verify panel; none when null. */
  fairnessUrl: string | null;
}
