import { type Client, Events, type GuildBasedChannel, MessageFlags } from 'discord.js';
import { type TextKey, t } from '../i18n/index.ts';
import type { BlockedChannels, LostReason } from './blocked-channels.ts';
import type { BotContext } from './context.ts';
import type { GuildCache } from './guild-cache.ts';
import { missingPermissions } from './permissions.ts';

/**
 * A table whose channel the bot cannot use. Gone (deleted, archived and locked, the bot
 * removed): its game stops, the pot and reserve staying with the channel. Refused (a
 * permission taken away) or failing: the game is paused, so nobody is dropped or
 * charged while nobody can see it, until `/guts table` finds the permissions back. A
 * paused table's seated players are told privately, through their own latest
 * interaction: the only way left to reach them.
 */

const TOLD: Record<Exclude<LostReason, 'gone'>, TextKey> = {
  'no-permission': 'refusal.lostPermission',
  failing: 'refusal.postsFailing',
};
export async function onLostTable(ctx: BotContext, tableId: number, reason: LostReason): Promise<void> {
  const rt = ctx.tables.heldTable(tableId);
  const log = ctx.log.child({ tableId, channelId: rt?.record.channelId });
  if (reason !== 'gone') {
    log.warn({ reason }, 'table channel refused: pausing the game');
    ctx.tables.pause(tableId);
    const state = rt?.record.state;
    await Promise.all(
      (state?.players ?? []).map(({ id }) => {
        const handle = ctx.tokens.fresh(tableId, id);
        // Told privately, in the language of the player's own last press.
        return handle
          ?.followUp({ content: t(handle.locale, TOLD[reason]), flags: MessageFlags.Ephemeral })
          .catch((err: unknown) => log.warn({ err, playerId: id }, 'could not tell a player their table paused'));
      }),
    );
    return;
  }
  log.warn({ reason }, 'table channel gone: stopping the game');
  try {
    await ctx.commits.unanswered(async () => ({ step: await ctx.tables.abandon(tableId) }));
  } catch (err) {
    log.error({ err }, 'could not stop a table whose channel is lost');
  }
}

/** Discord says a channel, thread or server is gone (or the bot was removed from it): its tables stop. */
export function watchDeletes(client: Client, ctx: BotContext, lost: BlockedChannels): void {
  const gone = (channelId: string) => {
    const rt = ctx.tables.heldRunningIn(channelId);
    lost.markLost(rt?.record.id ?? null, channelId, 'gone');
  };
  client.on(Events.ChannelDelete, (channel) => gone(channel.id));
  client.on(Events.ThreadDelete, (thread) => gone(thread.id));
  // Only when the bot left or was removed: an outage comes as GuildUnavailable instead.
  client.on(Events.GuildDelete, (guild) => {
    for (const rt of ctx.tables.runningInGuild(guild.id)) lost.markLost(rt.record.id, rt.record.channelId, 'gone');
  });
}

/**
 * An admin changed a channel's permission overwrites (CHANNEL_UPDATE) or a role's
 * permissions (GUILD_ROLE_UPDATE): the tables of that server the bot can no longer post
 * in are paused at once. A press would tell the bot too (app_permissions), but between
 * deals nobody presses, and the next deal, started by its countdown, would ride a
 * player's interaction token, which Discord lets through without the channel's
 * permissions.
 */
export function watchPermissions(client: Client, ctx: BotContext, lost: BlockedChannels, guilds: GuildCache): void {
  const recheck = (guildId: string) => {
    // Its roles are not all in yet: the permissions would come out short. Rechecked once they are.
    if (!guilds.isLoaded(guildId)) return;
    for (const rt of ctx.tables.runningInGuild(guildId)) {
      const where = client.channels.cache.get(rt.record.channelId) as GuildBasedChannel | undefined;
      const me = where?.guild.members.me;
      // Not in the cache: the next press's app_permissions will say.
      const granted = me ? where?.permissionsFor(me) : null;
      if (where && granted && missingPermissions(granted, where.isThread()).length) {
        lost.markLost(rt.record.id, rt.record.channelId, 'no-permission');
      }
    }
  };
  client.on(Events.ChannelUpdate, (_before, channel) => {
    if (!channel.isDMBased()) recheck(channel.guildId);
  });
  client.on(Events.GuildRoleUpdate, (_before, role) => recheck(role.guild.id));
  // Whatever changed before the server's channels and roles were in was not heard.
  guilds.whenLoaded(recheck);
}
