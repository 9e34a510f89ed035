import type { APIGatewayBotInfo } from 'discord-api-types/v10';
import { apiUser } from '../state/render.ts';
import type { RouteContext } from './context.ts';
import { ok, type Route } from './route.ts';

/** Gateway discovery and the bot's own user: what discord.js asks before it connects. */
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
          shards: 1,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
        };
        return ok(info);
      },
    },
    { ...base, auth: 'none', method: 'GET', path: '/gateway', handle: () => ok({ url: ctx.gatewayUrl() }) },
    { ...base, method: 'GET', path: '/users/@me', handle: () => ok(apiUser(ctx.bot.user)) },
  ];
}
