import type { Client } from 'discord.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { TableService } from './table-service.ts';

/** What every command and button handler gets: the database, the tables, a logger. */
export interface BotContext {
  db: Kysely<Database>;
  client: Client;
  tables: TableService;
  log: Logger;
}
