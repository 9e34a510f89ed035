import type { Browser, FrameLocator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { World, type WorldOptions } from '../e2e/world.ts';
import { collectPageErrors, launchChromium } from './chromium.ts';

/** The sizes Discord shows an Activity at: focused, picture-in-picture, a phone held upright. */
export const ACTIVITY_SIZES = {
  focused: { width: 1280, height: 720 },
  pictureInPicture: { width: 480, height: 270 },
  phone: { width: 390, height: 844 },
} as const;

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Leave the user out of the instance (the refusals). */
  skipJoin?: boolean;
  /** Runs on the new page before it loads anything (init scripts, listeners, routes). */
  prepare?: (page: Page) => Promise<void> | void;
  /** The channel the instance runs in (default the world's); a DM or group DM has no guild_id. */
  channel?: { id: string };
  /** More of the query Discord's client adds (platform, custom_id) or the stand-in reads (declined_scopes). */
  query?: Record<string, string>;
}

/**
 * The Activity in Chromium, end to end: the bot serves it against the local Discord; the
 * local Discord's stand-in client page, served from the Activity's own origin, frames the
 * page and answers the real SDK (READY, AUTHORIZE with a code the local Discord made,
 * AUTHENTICATE). Every page opened collects its console errors into `errors`.
 */
export class ActivityBrowser {
  readonly errors: string[] = [];

  private constructor(
    readonly world: World,
    readonly browser: Browser,
  ) {}

  /** A world serving the page the browser layer's setup built (`test/support/browser-setup.ts`), and the run's Chromium. */
  static async start(options: Omit<WorldOptions, 'activity'> = {}): Promise<ActivityBrowser> {
    // The stand-in client is served from the Activity's own origin: it may frame the page.
    const world = await World.start({
      ...options,
      activity: { assetsDir: inject('activityAssets'), limits: { frameAncestors: ["'self'"] } },
    });
    const browser = await launchChromium();
    return new ActivityBrowser(world, browser);
  }

  /** `name` opens the Activity of `instanceId` (joining it first unless told not to). */
  async open(name: string, instanceId: string, options: OpenOptions = {}): Promise<Page> {
    const user = this.world.user(name);
    if (!options.skipJoin) this.world.discord.joinActivity(user, { instanceId });
    const page = await this.browser.newPage({ viewport: options.viewport ?? ACTIVITY_SIZES.focused });
    collectPageErrors(page, this.errors, name);
    const discord = this.world.discord;
    const channel = options.channel ?? this.world.channel;
    // A DM or group DM has no guild: Discord's client leaves guild_id out there.
    const running = discord.activityInstance(instanceId);
    const guildId = running?.channelId === channel.id ? running.guildId : this.world.guild.id;
    await page.exposeFunction('nextCode', (scopes?: string[]) => discord.authorizeActivity(user, scopes));
    await page.exposeFunction('channelPermissions', () => discord.activityChannelPermissions(user, channel));
    // The local Discord stands for Discord's CDN: the stand-in client takes its attachment URLs as media to share.
    await page.addInitScript(`window.cdnOrigins = [${JSON.stringify(new URL(this.world.restBase).origin)}];`);
    await options.prepare?.(page);
    const query = new URLSearchParams({
      instance_id: instanceId,
      ...(guildId ? { guild_id: guildId } : {}),
      channel_id: channel.id,
      client_id: discord.bot.user.id,
      user_id: user.id,
      username: name,
      ...options.query,
    });
    await page.goto(`${this.origin()}/assets/host.html?${query}`);
    return page;
  }

  /** The Activity's page inside the stand-in client's frame. */
  activity(page: Page): FrameLocator {
    return page.frameLocator('#activity');
  }

  origin(): string {
    return `http://127.0.0.1:${this.world.bot.activityPort()}`;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.world.close();
  }
}
