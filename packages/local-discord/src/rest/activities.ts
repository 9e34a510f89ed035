import type { ActivityInstanceRecord, IssuedTokens } from '../activities.ts';
import { accessTokenLifetimeSeconds } from '../activities.ts';
import { DiscordHttpError, errors } from '../errors.ts';
import { uploadLimits } from '../messages.ts';
import type { RouteContext } from './context.ts';
import { ok, type RestRequest, type RestResult, type Route } from './route.ts';

/** An OAuth2 error answer: RFC 6749's `{ error, error_description }`, not Discord's `{ message, code }`. */
const oauthError = (status: number, error: string, description?: string): RestResult => ({
  status,
  body: description ? { error, error_description: description } : { error },
});

/** The client credentials of a token request: HTTP Basic, or `client_id` and `client_secret` in the form. */
function clientOf(request: RestRequest, form: Record<string, unknown>): { id: unknown; secret: unknown } {
  const basic = /^Basic (.+)$/.exec(request.authorization ?? '')?.[1];
  if (basic) {
    const [id, ...rest] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { id, secret: rest.join(':') };
  }
  return { id: form.client_id, secret: form.client_secret };
}

/**
 * `POST /oauth2/token` (docs: topics/oauth2), authenticated by the application's client id
 * and secret, as a form: the authorization code grant (`grant_type=authorization_code`
 * and the `code` the SDK's `authorize` or the consent screen gave; a code is good once),
 * or the refresh token exchange (`grant_type=refresh_token` and the `refresh_token` a
 * previous answer gave). Either answers a week-long access token and the next refresh token.
 */
function tokenRequest(ctx: RouteContext, request: RestRequest): RestResult {
  const form = (request.body ?? {}) as Record<string, unknown>;
  const client = clientOf(request, form);
  if (client.id !== ctx.bot.user.id || client.secret !== ctx.activities.clientSecret) {
    return oauthError(401, 'invalid_client');
  }
  let issued: IssuedTokens | null;
  if (form.grant_type === 'authorization_code') {
    issued = typeof form.code === 'string' ? ctx.activities.exchange(form.code) : null;
    if (!issued) return oauthError(400, 'invalid_grant', 'Invalid "code" in request.');
  } else if (form.grant_type === 'refresh_token') {
    issued = typeof form.refresh_token === 'string' ? ctx.activities.refresh(form.refresh_token) : null;
    if (!issued) return oauthError(400, 'invalid_grant');
  } else return oauthError(400, 'unsupported_grant_type');
  return ok({
    access_token: issued.accessToken,
    token_type: 'Bearer',
    expires_in: accessTokenLifetimeSeconds,
    refresh_token: issued.refreshToken,
    scope: issued.grant.scopes.join(' '),
  });
}

/** An instance as `GET /applications/{app}/activity-instances/{id}` answers it (EmbeddedActivityInstance). */
export function apiActivityInstance(ctx: RouteContext, instance: ActivityInstanceRecord): unknown {
  const location = instance.guildId
    ? { id: instance.locationId, kind: 'gc', channel_id: instance.channelId, guild_id: instance.guildId }
    : { id: instance.locationId, kind: 'pc', channel_id: instance.channelId };
  return {
    application_id: ctx.bot.user.id,
    instance_id: instance.instanceId,
    launch_id: instance.launchId,
    location,
    users: [...instance.users],
  };
}

/**
 * `POST /applications/{app}/attachment` (docs: activities/development-guides/user-actions,
 * Open Share Moment Dialog): one `file` part, with the bot's token or any user's bearer
 * token; answers `{ attachment }`, whose `url` is what `openShareMomentDialog` takes.
 */
function uploadAttachment(ctx: RouteContext, request: RestRequest): RestResult {
  if (request.params.applicationId !== ctx.bot.user.id) {
    throw new DiscordHttpError(403, 20012, 'You are not authorized to perform this action on this application');
  }
  const [file, ...more] = request.files;
  if (file?.index !== 'file' || more.length > 0) {
    throw errors.invalidFormBody([{ path: ['file'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }]);
  }
  if (file.bytes.length > uploadLimits.bytes) throw new DiscordHttpError(413, 40005, 'Request entity too large');
  return ok({ attachment: ctx.composer.applicationAttachment(ctx.bot.user.id, file) });
}

/** The OAuth2 code exchange and the activity instance lookup: what an Activity's server asks Discord. */
export function activityRoutes(ctx: RouteContext): Route[] {
  return [
    {
      method: 'POST',
      path: '/applications/:applicationId/attachment',
      auth: 'bot-or-bearer',
      bucket: 'default',
      major: [],
      globalExempt: false,
      handle: (request) => uploadAttachment(ctx, request),
    },
    {
      method: 'POST',
      path: '/oauth2/token',
      auth: 'none',
      bucket: 'default',
      major: [],
      globalExempt: true,
      handle: (request) => tokenRequest(ctx, request),
    },
    {
      method: 'GET',
      path: '/applications/:applicationId/activity-instances/:instanceId',
      auth: 'bot',
      bucket: 'default',
      major: [],
      globalExempt: false,
      handle: (request) => {
        if (request.params.applicationId !== ctx.bot.user.id) {
          throw new DiscordHttpError(403, 20012, 'You are not authorized to perform this action on this application');
        }
        // An instance that ended (its last user left) or never was: Discord's plain 404.
        const instance = ctx.activities.instances.get(request.params.instanceId ?? '');
        if (!instance) throw errors.notFound();
        return ok(apiActivityInstance(ctx, instance));
      },
    },
  ];
}
