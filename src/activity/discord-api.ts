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

/** A token request's answer (docs: topics/oauth2, "Access Token Response"): secrets, never logged. */
export interface OAuthTokens {
  accessToken: string;
  /** Renews the access token once (`grant_type=refresh_token`); the answer carries the next. */
  refreshToken: string;
  /** Seconds the access token lives (a week at Discord). */
  expiresIn: number;
}

/** What the Activity's server asks Discord: who a code belongs to, and who is in an instance. */
export interface ActivityDiscord {
  /** Exchanges the page's `authorize` code for tokens, then reads their user; null when Discord refuses the code. */
  userOfCode(code: string): Promise<(OAuthTokens & { user: DiscordUser }) | null>;
  /** The instance while it runs; null once it ended (or never was). */
  instance(instanceId: string): Promise<ActivityInstance | null>;
}

/** Whether discord.js's error (DiscordAPIError, or HTTPError for a body it cannot read) has one of these statuses. */
const refused = (err: unknown, statuses: number[]) =>
  statuses.includes((err as { status?: number } | null)?.status ?? 0);

/**
 * One request to Discord's OAuth2 token URL, authenticated as the application (HTTP
 * Basic with its client id and secret), through the bot's REST client; null when Discord
 * refuses the grant (invalid_grant: a code used, late or made up, a refresh token spent
 * or taken back: 400 / 401). The form, holding the code or refresh token, is never logged
 * (serializeError drops a failed request's body).
 */
async function tokenRequest(
  rest: REST,
  applicationId: () => string,
  clientSecret: string,
  form: Record<string, string>,
): Promise<OAuthTokens | null> {
  const basic = Buffer.from(`${applicationId()}:${clientSecret}`).toString('base64');
  try {
    const token = (await rest.post('/oauth2/token', {
      auth: false,
      passThroughBody: true,
      body: new URLSearchParams(form).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${basic}` },
    })) as { access_token: string; refresh_token: string; expires_in: number };
    return { accessToken: token.access_token, refreshToken: token.refresh_token, expiresIn: token.expires_in };
  } catch (err) {
    if (refused(err, [400, 401])) return null;
    throw err;
  }
}

/** Renews a linked player's tokens from their refresh token (docs: topics/oauth2, "Refresh Token Exchange"). */
export const restTokenRefresh =
  (rest: REST, applicationId: () => string, clientSecret: string) =>
  (refreshToken: string): Promise<OAuthTokens | null> =>
    tokenRequest(rest, applicationId, clientSecret, { grant_type: 'refresh_token', refresh_token: refreshToken });

/**
 * Discord through the bot's own REST client (its lanes, its rate limits, and with
 * shards the REST proxy: the one REST budget). The code always goes to Discord's
 * `/oauth2/token` (DISCORD_API_URL's): there is no way around it, so no mock code
 * ever counts.
 */
export function restActivityDiscord(rest: REST, applicationId: () => string, clientSecret: string): ActivityDiscord {
  return {
    async userOfCode(code) {
      const tokens = await tokenRequest(rest, applicationId, clientSecret, { grant_type: 'authorization_code', code });
      if (!tokens) return null;
      const user = (await rest.get('/users/@me', {
        auth: false,
        headers: { Authorization: `Bearer ${tokens.accessToken}` },
      })) as DiscordUser;
      return { ...tokens, user };
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
