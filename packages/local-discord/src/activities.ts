import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Clock } from './clock.ts';
import type { SnowflakeFactory } from './snowflake.ts';
import type { ChannelRecord } from './state/types.ts';

/**
 * An Activity running in a channel, as Discord keeps it: made when someone launches the
 * app's Activity there (a LAUNCH_ACTIVITY answer, or the driver), joined and left by
 * users, and gone once the last one leaves (its id is never used again).
 * https://discord.com/developers/docs/activities/development-guides/multiplayer-experience
 */
export interface ActivityInstanceRecord {
  /** `i-{launch_id}-gc-{guild_id}-{channel_id}`, or `i-{launch_id}-pc-{channel_id}` in a DM or group DM. */
  instanceId: string;
  launchId: string;
  /** `gc-{guild_id}-{channel_id}` or `pc-{channel_id}`. */
  locationId: string;
  channelId: string;
  /** Null in a DM or group DM (a private channel, location kind `pc`). */
  guildId: string | null;
  /** Users connected now, in joining order. */
  users: string[];
}

/**
 * The stand-in for Discord's client: a page that frames an Activity with the query
 * parameters Discord adds and answers the real SDK's postMessage protocol. The SDK
 * listens only to its own origin or Discord's, so it must be served from the
 * Activity's origin (tests and the playground copy it into the Activity's assets).
 */
export const activityHostPage = fileURLToPath(new URL('./activity-host.html', import.meta.url));

/** How long an OAuth2 authorization code may wait for its exchange (Discord's are short-lived and single-use). */
export const authorizationCodeLifetimeMs = 10 * 60 * 1000;
/** An access token's `expires_in`, Discord's usual week. */
export const accessTokenLifetimeSeconds = 604_800;

interface Grant {
  userId: string;
  scopes: string[];
  expiresAt: number;
}

/** What a token request is answered with (docs: topics/oauth2, "Access Token Response"). */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  grant: Grant;
}

const secret = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * What Discord keeps for an application's Activity: whether Activities are on, its
 * OAuth2 client secret, the authorization codes the SDK's `authorize` hands out, the
 * access tokens they are exchanged for, and the instances running.
 */
export class ActivityRegistry {
  readonly instances = new Map<string, ActivityInstanceRecord>();
  /** The application's OAuth2 client secret (the Developer Portal's "Client Secret"). */
  readonly clientSecret = secret(24);
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  /** Refresh tokens: each good for one refresh (the answer carries the next), until the user deauthorizes. */
  private readonly refreshTokens = new Map<string, { userId: string; scopes: string[] }>();

  constructor(
    /** Activities turned on for the application (Developer Portal, Activities → Getting Started). */
    readonly enabled: boolean,
    private readonly clock: Clock,
    private readonly ids: SnowflakeFactory,
  ) {}

  /** The instance running in `channel`, if any: a second launch there joins it, as Discord's client does. */
  inChannel(channelId: string): ActivityInstanceRecord | null {
    for (const instance of this.instances.values()) if (instance.channelId === channelId) return instance;
    return null;
  }

  /** `user` launches the Activity in `channel`: they join the instance running there, or start a new one. */
  launch(channel: ChannelRecord, userId: string): ActivityInstanceRecord {
    const running = this.inChannel(channel.id);
    if (running) return this.join(running.instanceId, userId);
    const launchId = this.ids.next();
    const guildId = channel.guildId === '' ? null : channel.guildId;
    const locationId = guildId ? `gc-${guildId}-${channel.id}` : `pc-${channel.id}`;
    const instance: ActivityInstanceRecord = {
      instanceId: `i-${launchId}-${locationId}`,
      launchId,
      locationId,
      channelId: channel.id,
      guildId,
      users: [userId],
    };
    this.instances.set(instance.instanceId, instance);
    return instance;
  }

  join(instanceId: string, userId: string): ActivityInstanceRecord {
    const instance = this.require(instanceId);
    if (!instance.users.includes(userId)) instance.users.push(userId);
    return instance;
  }

  /** `user` closes the Activity; the last one out ends the instance. */
  leave(instanceId: string, userId: string): void {
    const instance = this.require(instanceId);
    instance.users = instance.users.filter((id) => id !== userId);
    if (instance.users.length === 0) this.instances.delete(instanceId);
  }

  /** What the SDK's `authorize` returns to the page: a single-use code for this user and these scopes. */
  authorize(userId: string, scopes: string[]): string {
    const code = secret(20);
    this.codes.set(code, { userId, scopes, expiresAt: this.clock.now() + authorizationCodeLifetimeMs });
    return code;
  }

  /** Exchanges a code once (a second exchange, or a late one, finds nothing); null when it is no good. */
  exchange(code: string): IssuedTokens | null {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.expiresAt <= this.clock.now()) return null;
    return this.issue(grant.userId, grant.scopes);
  }

  /**
   * A `grant_type=refresh_token` request (docs: topics/oauth2, "Refresh Token Exchange"):
   * a fresh access token and the next refresh token for the same user and scopes. The
   * refresh token used is spent, so a client must keep the one it is given; one the user
   * took back (deauthorized the app) or never was finds nothing.
   */
  refresh(refreshToken: string): IssuedTokens | null {
    const held = this.refreshTokens.get(refreshToken);
    this.refreshTokens.delete(refreshToken);
    return held ? this.issue(held.userId, held.scopes) : null;
  }

  /**
   * `user` removes the application from their Authorized Apps: every access and refresh
   * token of theirs stops working at once.
   */
  deauthorize(userId: string): void {
    for (const [token, grant] of this.tokens) if (grant.userId === userId) this.tokens.delete(token);
    for (const [token, held] of this.refreshTokens) if (held.userId === userId) this.refreshTokens.delete(token);
  }

  private issue(userId: string, scopes: string[]): IssuedTokens {
    const accessToken = secret(24);
    const refreshToken = secret(24);
    const grant = { userId, scopes, expiresAt: this.clock.now() + accessTokenLifetimeSeconds * 1000 };
    this.tokens.set(accessToken, grant);
    this.refreshTokens.set(refreshToken, { userId, scopes });
    return { accessToken, refreshToken, grant };
  }

  /** The user behind a Bearer token, while it lives. */
  bearer(accessToken: string): Grant | null {
    const grant = this.tokens.get(accessToken);
    return grant && grant.expiresAt > this.clock.now() ? grant : null;
  }

  private require(instanceId: string): ActivityInstanceRecord {
    const instance = this.instances.get(instanceId);
    if (!instance) throw new RangeError(`no activity instance ${instanceId} (it ended, or never started)`);
    return instance;
  }
}
