import type { REST } from 'discord.js';

/** The user an OAuth2 access token belongs to, as `GET /users/@me` answers (scope `identify`). */
export interface DiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  locale?: string;
}

/** An activity instance as `GET /applications/{app}/activity-instances/{id}` answers it. */
export interface ActivityInstance {
  instance_id: string;
  launch_id: string;
  location: { id: string; kind: string; channel_id: string; guild_id?: string | null };
  users: string[];
}

/** What the Activity's server asks Discord: who a code belongs to, and who is in an instance. */
export interface ActivityDiscord {
  /** Exchanges the page's `authorize` code for an access token, then reads its user; null when Discord refuses the code. */
  userOfCode(code: string): Promise<{ accessToken: string; user: DiscordUser } | null>;
  /** The instance while it runs; null once it ended (or never was). */
  instance(instanceId: string): Promise<ActivityInstance | null>;
}

/** Whether discord.js's error (DiscordAPIError, or HTTPError for a body it cannot read) has one of these statuses. */
const refused = (err: unknown, statuses: number[]) =>
  statuses.includes((err as { status?: number } | null)?.status ?? 0);

/**
 * Discord through the bot's own REST client (its lanes, its rate limits, and with
 * shards the REST proxy: the one REST budget). The code always goes to Discord's
 * `/oauth2/token` (DISCORD_API_URL's): there is no way around it, so no mock code
 * ever counts.
 */
export function restActivityDiscord(rest: REST, applicationId: () => string, clientSecret: string): ActivityDiscord {
  return {
    async userOfCode(code) {
      const basic = Buffer.from(`${applicationId()}:${clientSecret}`).toString('base64');
      let accessToken: string;
      try {
        const token = (await rest.post('/oauth2/token', {
          auth: false,
          passThroughBody: true,
          body: new URLSearchParams({ grant_type: 'authorization_code', code }).toString(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${basic}` },
        })) as { access_token: string };
        accessToken = token.access_token;
      } catch (err) {
        // An OAuth2 refusal (invalid_grant: used, late or made up) answers 400 / 401.
        if (refused(err, [400, 401])) return null;
        throw err;
      }
      const user = (await rest.get('/users/@me', {
        auth: false,
        headers: { Authorization: `Bearer ${accessToken}` },
      })) as DiscordUser;
      return { accessToken, user };
    },
    async instance(instanceId) {
      try {
        return (await rest.get(
          `/applications/${applicationId()}/activity-instances/${encodeURIComponent(instanceId)}`,
        )) as ActivityInstance;
      } catch (err) {
        if (refused(err, [404])) return null;
        throw err;
      }
    },
  };
}
