import type { REST } from 'discord.js';
import type { OAuthTokens } from '../../activity/discord-api.ts';
import { dropLink, linksOf, markPushed, type RoleLink, renewLink, staleLinks } from '../../db/role-link-store.ts';
import type { Db } from '../../db/transaction.ts';
import { isComputerId } from '../../engine/index.ts';
import type { Logger } from '../../log.ts';
import { connectionValues } from '../../table/role-connection-values.ts';
import { type Clock, systemClock } from '../../table/scheduler.ts';
import type { StepListener } from '../../table/steps.ts';

/** A player's connection is written at most this often. */
export const PUSH_EVERY_MS = 60_000;
/** How often the updater looks at who changed, and how many it writes at a time. */
const FLUSH_MS = 5_000;
const BATCH = 20;
/** An access token this close to its end is renewed before it is used (Discord's live a week). */
export const REFRESH_BEFORE_MS = 24 * 60 * 60_000;
/**
 * A connection not written for this long is written again, played or not: a season that
 * ended changes its points (and its token is renewed on the way). Looked for every
 * SWEEP_MS, at most SWEEP_BATCH players at a time.
 */
export const REWRITE_AFTER_MS = 24 * 60 * 60_000;
const SWEEP_MS = 10 * 60_000;
const SWEEP_BATCH = 200;

export interface UpdaterOptions {
  db: Db;
  /** The bot's REST client: its queues and rate limits, the one REST budget. */
  rest: REST;
  applicationId: () => string;
  /** Discord's refresh token exchange: the next tokens, or null when Discord refuses (spent, taken back). */
  refresh: (refreshToken: string) => Promise<OAuthTokens | null>;
  log: Logger;
  /** The bot's clock: its time, and its timers for the rounds (a test's clock moved on a minute runs the next round then). */
  clock?: Clock;
}

/**
 * Keeps linked players' role connections (docs: resources/user, "Update Current User
 * Application Role Connection") up to date: a settled deal marks its people changed
 * (their seasons and achievements moved with it); every few seconds a batch of them is
 * written through the bot's REST client, each at most once a minute (and once a day if
 * they do not play: a season's end changes their points), with the token they linked
 * with, renewed by its refresh token as it nears its end (access tokens live a week).
 * A token Discord no longer takes, or a refresh it refuses, drops the link (logged).
 */
export class RoleConnectionUpdater {
  private readonly changed = new Set<string>();
  private timer: unknown = null;
  private closed = false;
  private flushing: Promise<void> | null = null;
  private readonly clock: Clock;
  /** When the last look for connections not written for a day was (0: never). */
  private sweptAt = 0;

  constructor(private readonly options: UpdaterOptions) {
    this.clock = options.clock ?? systemClock;
    this.schedule();
  }

  private now(): number {
    return this.clock.now();
  }

  /** The next round in FLUSH_MS, on the bot's clock; a timer that does not keep the process alive. */
  private schedule(): void {
    if (this.closed) return;
    this.timer = this.clock.setTimeout(() => {
      this.schedule();
      void this.flush();
    }, FLUSH_MS);
    (this.timer as { unref?: () => void } | null)?.unref?.();
  }

  /** The people of a deal that settled: their connection may say something new. */
  touch(userIds: readonly string[]): void {
    for (const id of userIds) if (!isComputerId(id)) this.changed.add(id);
  }

  /** Hears every committed step before passing it on: a settled deal touches its people. */
  watchSteps(listener: StepListener): StepListener {
    return {
      committed: (step) => {
        for (const e of step.events) if (e.type === 'DealEnded') this.touch(Object.keys(e.delta));
        listener.committed(step);
      },
      publish: (step) => listener.publish(step),
      resumed: (tableId) => listener.resumed(tableId),
      tell: (tableId, key) => listener.tell(tableId, key),
    };
  }

  /** Writes one player's connection now (as they link), whatever the minute says. */
  async pushNow(userId: string): Promise<void> {
    const link = (await linksOf(this.options.db, [userId])).get(userId);
    if (link) await this.push(userId, link);
  }

  /** One round: the changed players who linked and were not written this last minute. */
  flush(): Promise<void> {
    this.flushing ??= this.round().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  close(): void {
    this.closed = true;
    this.clock.clearTimeout(this.timer);
  }

  private async round(): Promise<void> {
    const now = this.now();
    if (now - this.sweptAt >= SWEEP_MS) {
      this.sweptAt = now;
      for (const id of await staleLinks(this.options.db, now - REWRITE_AFTER_MS, SWEEP_BATCH)) this.changed.add(id);
    }
    if (this.changed.size === 0) return;
    const ids = [...this.changed];
    const links = await linksOf(this.options.db, ids);
    let written = 0;
    for (const id of ids) {
      const link = links.get(id);
      if (!link) {
        this.changed.delete(id); // never linked: nothing to write
        continue;
      }
      if (now - link.pushedAt < PUSH_EVERY_MS || written >= BATCH) continue; // a later round
      this.changed.delete(id);
      written += 1;
      await this.push(id, link).catch((err: unknown) =>
        this.options.log.warn({ err, userId: id }, 'could not update a role connection'),
      );
    }
  }

  /** The link's access token, renewed first when it is near its end; null when the link is dropped. */
  private async liveToken(userId: string, link: RoleLink): Promise<string | null> {
    if (link.expiresAt - this.now() > REFRESH_BEFORE_MS) return link.accessToken;
    const fresh = link.refreshToken ? await this.options.refresh(link.refreshToken) : null;
    if (!fresh) {
      await this.drop(userId, link.accessToken, link.refreshToken ? 'refresh refused' : 'no refresh token');
      return null;
    }
    const renewed = await renewLink(this.options.db, userId, link.accessToken, {
      accessToken: fresh.accessToken,
      refreshToken: fresh.refreshToken,
      expiresAt: this.now() + fresh.expiresIn * 1000,
    });
    if (!renewed) return null; // linked again (or dropped) meanwhile: the next round writes with that
    this.options.log.debug({ userId }, 'renewed a role connection token');
    return fresh.accessToken;
  }

  private async drop(userId: string, accessToken: string, reason: string): Promise<void> {
    await dropLink(this.options.db, userId, accessToken);
    this.options.log.info({ userId, reason }, 'a role connection token was refused: the link is dropped');
  }

  private async push(userId: string, link: RoleLink): Promise<void> {
    const accessToken = await this.liveToken(userId, link);
    if (accessToken === null) return;
    const values = await connectionValues(this.options.db, userId, this.now());
    const metadata: Record<string, string> = {
      deals_won: String(values.deals_won),
      season_points: String(values.season_points),
      achievements: String(values.achievements),
      plays_guts: '1',
    };
    // No rank yet: left out, so no "rank at most N" role is met.
    if (values.best_season_rank !== null) metadata.best_season_rank = String(values.best_season_rank);
    try {
      await this.options.rest.put(`/users/@me/applications/${this.options.applicationId()}/role-connection`, {
        auth: false,
        headers: { Authorization: `Bearer ${accessToken}` },
        body: { platform_name: 'Guts', metadata },
      });
    } catch (err) {
      const status = (err as { status?: number } | null)?.status;
      // A live token refused: the player took the app back (or its scope) on Discord.
      if (status === 401 || status === 403) return this.drop(userId, accessToken, `write refused (${status})`);
      throw err;
    }
    await markPushed(this.options.db, userId, this.now());
  }
}
