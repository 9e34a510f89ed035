import {
  type Client,
  DiscordAPIError,
  type Message,
  type MessageCreateOptions,
  type MessageEditOptions,
  type MessageManager,
  RESTJSONErrorCodes,
  type SendableChannels,
} from 'discord.js';
import type { Runtimes } from '../table/runtimes.ts';
import { Lane } from './lane.ts';
import type { LostChannels } from './lost-channels.ts';

/**
 * What the bot sends to a table's channel, all through one lane: Discord's global limit
 * of 50 requests a second binds long before 8 in flight, and under a flood of output the
 * answers to presses (which do not queue here) are never stuck behind hundreds of uploads.
 */
export class ChannelOutput {
  private readonly lane = new Lane(8);

  constructor(
    private readonly client: Client,
    private readonly runtimes: Runtimes,
    private readonly lost: LostChannels,
  ) {}

  send(tableId: number, payload: MessageCreateOptions): Promise<Message> {
    return this.call(tableId, (channel): Promise<Message> => channel.send(payload));
  }

  async edit(tableId: number, messageId: string, payload: MessageEditOptions): Promise<void> {
    await this.call(tableId, (channel) => channel.messages.edit(messageId, payload));
  }

  /** Any other request to Discord that belongs in the lane (a follow-up with private cards). */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.lane.run(work);
  }

  /** One channel call, watched: a channel that answers "no access" is not called again (lost-channels.ts). */
  private async call<T>(tableId: number, work: (channel: TableChannel) => Promise<T>): Promise<T> {
    const channelId = this.runtimes.get(tableId)?.record.channelId;
    if (!channelId) throw new Error(`table ${tableId} is not loaded`);
    this.lost.check(channelId);
    try {
      const channel = await this.channelOf(channelId);
      const result = await this.lane.run(async () => {
        try {
          return await work(channel);
        } catch (err) {
          // Discord archives a quiet thread: a game there brings it back and goes on
          // (a locked one stays archived, and its table is lost).
          if (!isArchivedThread(err) || !channel.isThread() || channel.locked) throw err;
          await channel.setArchived(false, 'a game of guts is being played here');
          return await work(channel);
        }
      });
      this.lost.succeeded(tableId);
      return result;
    } catch (err) {
      this.lost.failed(tableId, channelId, err);
      throw err;
    }
  }

  private async channelOf(channelId: string): Promise<TableChannel> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isSendable() || !('messages' in channel)) throw new Error(`channel ${channelId} is not sendable`);
    return channel as TableChannel;
  }
}

type TableChannel = SendableChannels & { messages: MessageManager };

const isArchivedThread = (err: unknown) =>
  err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.InvalidActionOnArchivedThread;
