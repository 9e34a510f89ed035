import { errors } from '../errors.ts';
import { apiChannel, apiMember, apiRole, everyoneRole } from '../state/render.ts';
import type { GuildRecord } from '../state/types.ts';
import type { RouteContext } from './context.ts';
import { ok, type RestRequest, type Route } from './route.ts';

/**
 * The server in the path, if the bot is in it: 10004 Unknown Guild for an id Discord
 * does not know, 50001 Missing Access for a server that never invited the bot (or
 * removed it).
 */
function botGuild(ctx: RouteContext, request: RestRequest): GuildRecord {
  const guild = ctx.store.guild(request.params.guildId ?? '');
  if (!guild.members.has(ctx.bot.user.id)) throw errors.missingAccess();
  return guild;
}

/**
 * What a bot reads of a server besides the gateway: its channels (threads are not
 * among them: Discord lists active threads elsewhere), its roles with @everyone, and
 * one member (10013 Unknown User for an id nobody has, 10007 Unknown Member for a user
 * outside the server).
 */
export function guildRoutes(ctx: RouteContext): Route[] {
  const base = { auth: 'bot', bucket: 'default', major: ['guildId'], globalExempt: false } as const;
  return [
    {
      ...base,
      method: 'GET',
      path: '/guilds/:guildId/channels',
      handle: (r) => ok(botGuild(ctx, r).channelIds.map((id) => apiChannel(ctx.store.channel(id)))),
    },
    {
      ...base,
      method: 'GET',
      path: '/guilds/:guildId/roles',
      handle: (r) => {
        const guild = botGuild(ctx, r);
        return ok([everyoneRole(guild), ...guild.roles.map((role) => apiRole(guild, role))]);
      },
    },
    {
      ...base,
      method: 'GET',
      path: '/guilds/:guildId/members/:userId',
      handle: (r) => {
        const guild = botGuild(ctx, r);
        const userId = r.params.userId ?? '';
        if (!ctx.store.users.has(userId)) throw errors.unknownUser();
        if (!guild.members.has(userId)) throw errors.unknownMember();
        return ok(apiMember(ctx.store, guild, userId));
      },
    },
  ];
}
