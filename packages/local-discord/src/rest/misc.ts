import type { APIGatewayBotInfo } from 'discord-api-types/v10';
import { apiUser } from '../state/render.ts';
import type { RouteContext } from './context.ts';
import { ok, type Route } from './route.ts';

/** EMBEDDED (1 << 17) when the app has Activities turned on. */
const applicationFlags = (ctx: RouteContext): number => (ctx.activities.enabled ? 1 << 17 : 0);

/** Gateway discovery, the bot's own user and application: what discord.js asks before it connects. */
export function miscRoutes(ctx: RouteContext): Route[] {
  const base = { auth: 'bot', bucket: 'default', major: [], globalExempt: false } as const;
  return [
    {
      ...base,
      method: 'GET',
      path: '/gateway/bot',
      handle: () => {
        const info: APIGatewayBotInfo = {
          url: ctx.gatewayUrl(),
          shards: ctx.shardCount,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
        };
        return ok(info);
      },
    },
    { ...base, auth: 'none', method: 'GET', path: '/gateway', handle: () => ok({ url: ctx.gatewayUrl() }) },
    // The caller's own user carries what only its owner sees (UserPIIResponse in Discord's spec):
    // the bot's with the bot token, a person's with their OAuth2 access token (scope identify).
    {
      ...base,
      auth: 'bot-or-bearer',
      method: 'GET',
      path: '/users/@me',
      handle: (request) => {
        const user = request.bearerUserId ? ctx.store.user(request.bearerUserId) : ctx.bot.user;
        return ok({ ...apiUser(user), mfa_enabled: false, locale: user.locale });
      },
    },
    // What `guts deploy-commands` asks first: the application id (a bot's is its user id).
    {
      ...base,
      method: 'GET',
      path: '/applications/@me',
      handle: () =>
        ok({
          id: ctx.bot.user.id,
          name: ctx.bot.user.username,
          icon: null,
          description: '',
          bot_public: true,
          bot_require_code_grant: false,
          verify_key: '0'.repeat(64),
          flags: applicationFlags(ctx),
          bot: apiUser(ctx.bot.user),
          // The rest of what Discord's spec says this answer always has (PrivateApplicationResponse).
          type: null,
          flags_new: String(applicationFlags(ctx)),
          redirect_uris: [],
          interactions_endpoint_url: null,
          role_connections_verification_url: null,
          owner: apiUser(ctx.bot.user),
          team: null,
          approximate_guild_count: ctx.store.guilds.size,
          approximate_user_install_count: 0,
          approximate_user_authorization_count: 0,
          eligible_oauth2_scopes: [],
          explicit_content_filter: 0,
        }),
    },
  ];
}
