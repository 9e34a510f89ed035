import { type Client, Events, MessageFlags } from 'discord.js';
import type { GameState } from '../engine/index.ts';
import type { BotContext } from './context.ts';
import type { LostChannels, LostReason } from './lost-channels.ts';

/**
 * A table whose channel the bot cannot use. Gone (deleted, archived and locked, the bot
 * removed): its game stops, the pot and reserve staying with the channel. Refused (a
 * permission taken away) or failing: the game is paused, so nobody is dropped or
 * charged while nobody can see it, until `/guts table` finds the permissions back. A
 * paused table's seated players are told privately, through their own latest
 * interaction: the only way left to reach them.
 */

const TOLD: Record<Exclude<LostReason, 'gone'>, string> = {
  'no-permission':
    "I can't post in this channel any more: a permission I need was taken away. The game is paused: " +
    'no countdown runs and nobody is charged. A server admin can give me back View Channel, Send Messages, ' +
    'Embed Links, Attach Files and Read Message History here; then `/guts table` carries on.',
  failing:
    'My posts to this channel keep failing, so the game is paused: no countdown runs and nobody is charged. ' +
    '`/guts table` carries on.',
};

export async function onLostTable(ctx: BotContext, tableId: number, reason: LostReason): Promise<void> {
  const rt = ctx.tables.runtimes.get(tableId);
  const log = ctx.log.child({ tableId, channelId: rt?.record.channelId });
  if (reason !== 'gone') {
    log.warn({ reason }, 'table channel refused: pausing the game');
    ctx.tables.pause(tableId);
    const state = rt?.record.state as GameState | null | undefined;
    await Promise.all(
      (state?.players ?? []).map(({ id }) =>
        ctx.tokens
          .fresh(tableId, id)
          ?.followUp({ content: TOLD[reason], flags: MessageFlags.Ephemeral })
          .catch((err: unknown) => log.warn({ err, playerId: id }, 'could not tell a player their table paused')),
      ),
    );
    return;
  }
  log.warn({ reason }, 'table channel gone: stopping the game');
  try {
    ctx.tables.publish(await ctx.tables.abandon(tableId));
  } catch (err) {
    log.error({ err }, 'could not stop a table whose channel is lost');
  }
}

/** Discord says a channel, thread or server is gone (or the bot was removed from it): its tables stop. */
export function watchDeletes(client: Client, ctx: BotContext, lost: LostChannels): void {
  const gone = (channelId: string) => {
    const rt = ctx.tables.runtimes.runningIn(channelId);
    lost.markLost(rt?.record.id ?? null, channelId, 'gone');
  };
  client.on(Events.ChannelDelete, (channel) => gone(channel.id));
  client.on(Events.ThreadDelete, (thread) => gone(thread.id));
  // Only when the bot left or was removed: an outage comes as GuildUnavailable instead.
  client.on(Events.GuildDelete, (guild) => {
    for (const rt of ctx.tables.runningInGuild(guild.id)) lost.markLost(rt.record.id, rt.record.channelId, 'gone');
  });
}
