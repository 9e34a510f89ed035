import type { APIGatewayBotInfo } from 'discord-api-types/v10';
import { apiUser } from '../state/render.ts';
import type { RouteContext } from './context.ts';
import { ok, type Route } from './route.ts';

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
    // The bot's own user carries what only its owner sees (UserPIIResponse in Discord's spec).
    {
      ...base,
      method: 'GET',
      path: '/users/@me',
      handle: () => ok({ ...apiUser(ctx.bot.user), mfa_enabled: false, locale: ctx.bot.user.locale }),
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
          flags: 0,
          bot: apiUser(ctx.bot.user),
          // The rest of what Discord's spec says this answer always has (PrivateApplicationResponse).
          type: null,
          flags_new: '0',
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
