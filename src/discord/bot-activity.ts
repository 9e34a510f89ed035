import type { Client } from 'discord.js';
import type { Kysely } from 'kysely';
import type { ActivityLimits } from '../activity/activity-limits.ts';
import type { ActivityServer } from '../activity/http-server.ts';
import type { HubDeps } from '../activity/hub.ts';
import type { SocketHandoff } from '../activity/socket-handoff.ts';
import type { Database } from '../db/index.ts';
import { saveLink } from '../db/role-link-store.ts';
import type { Logger } from '../log.ts';
import type { CommitAndPublish } from '../table/commit-and-publish.ts';
import type { Clock } from '../table/scheduler.ts';
import type { Tables } from '../table/tables.ts';
import type { BotContext } from './context.ts';
import { RoleConnectionUpdater } from './linked-roles/updater.ts';

export interface BotActivityOptions {
  /** This process's port (with shards, ACTIVITY_PORT + its shard id); 0 picks a free one (tests). */
  port: number;
  host?: string;
  /** DISCORD_CLIENT_SECRET: the code exchange's, and the key sessions and tickets are signed with. */
  clientSecret: string;
  /** Where checked sockets go: the bot's own ActivityHub unless a test records them instead. */
  hub?(ctx: BotContext): SocketHandoff;
  /** Where the page's built files are (default ACTIVITY_ASSETS_DIR). */
  assetsDir?: string;
  /** What a client may cost the bot (default ACTIVITY_LIMITS; ACTIVITY_* settings). */
  limits?: Partial<ActivityLimits>;
}

/** The Activity's server side, loaded only by a bot that serves it. */
async function loadActivity() {
  const [
    { ActivityHub },
    { startActivityServer },
    { restActivityDiscord, restTokenRefresh },
    { linkedRoles },
    moments,
  ] = await Promise.all([
    import('../activity/hub.ts'),
    import('../activity/http-server.ts'),
    import('../activity/discord-api.ts'),
    import('../activity/linked-roles.ts'),
    import('../activity/moments.ts'),
  ]);
  return { ActivityHub, startActivityServer, restActivityDiscord, restTokenRefresh, linkedRoles, moments };
}

/** What serving the Activity needs of the bot. */
export interface BotActivityDeps {
  options: BotActivityOptions;
  client: Client;
  db: Kysely<Database>;
  tables: Tables;
  commits: CommitAndPublish;
  /** A seated player's odds as their private message shows them (the bot's odds cache). */
  odds: HubDeps['odds'];
  log: Logger;
  clock: Clock;
  /** This process's shards (with shards, it serves the Activity of the first). */
  shards?: readonly number[] | undefined;
  shardCount?: number | undefined;
}

/**
 * The Activity of a bot that serves it (ACTIVITY_PORT): its hub, which hears every step
 * the chat does, and linked roles, which ride its HTTP server (its verification URL). Its
 * modules (the HTTP and WebSocket server, the hub) are loaded only here: a bot without it
 * costs what it did without.
 */
export async function botActivity(deps: BotActivityDeps) {
  const { client, clock, log } = deps;
  const activity = await loadActivity();
  const hub = new activity.ActivityHub({
    tables: deps.tables,
    commits: deps.commits,
    ...(deps.odds ? { odds: deps.odds } : {}),
    log: log.child({ component: 'activity' }),
    now: () => clock.now(),
    moments: new activity.moments.ShareMoments(
      activity.moments.restAttachmentUpload(client.rest, () => client.application?.id ?? ''),
    ),
  });
  const roleLinks = new RoleConnectionUpdater({
    db: deps.db,
    rest: client.rest,
    applicationId: () => client.application?.id ?? '',
    refresh: activity.restTokenRefresh(client.rest, () => client.application?.id ?? '', deps.options.clientSecret),
    log: log.child({ component: 'linked-roles' }),
    clock,
  });

  /** Starts the Activity's HTTP server: sign-in, the page, its sockets (to the hub), linked roles' pages. */
  const start = (ctx: BotContext): Promise<ActivityServer> => {
    const { clientSecret } = deps.options;
    return activity.startActivityServer({
      ...deps.options,
      hub: deps.options.hub?.(ctx) ?? hub,
      // Through the bot's own REST client: its lanes and rate limits, the one REST budget.
      discord: activity.restActivityDiscord(client.rest, () => client.application?.id ?? '', clientSecret),
      log,
      shard: { id: deps.shards?.[0] ?? 0, count: deps.shardCount ?? 1 },
      now: () => clock.now(),
      linkedRoles: (discord) =>
        activity.linkedRoles({
          clientSecret,
          applicationId: () => client.application?.id ?? '',
          discord,
          link: async (userId, { accessToken, refreshToken }, expiresAt) => {
            await saveLink(deps.db, userId, { accessToken, refreshToken, expiresAt }, clock.now());
            await roleLinks.pushNow(userId);
          },
          log: log.child({ component: 'linked-roles' }),
          now: () => clock.now(),
        }),
    });
  };
  return { hub, roleLinks, start };
}
