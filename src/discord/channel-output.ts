import type {
  Client,
  Message,
  MessageCreateOptions,
  MessageEditOptions,
  MessageManager,
  SendableChannels,
} from 'discord.js';
import type { Runtimes } from '../table/runtimes.ts';
import { Lane } from './lane.ts';

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
  ) {}

  async send(tableId: number, payload: MessageCreateOptions): Promise<Message> {
    const channel = await this.channelOf(tableId);
    return this.lane.run((): Promise<Message> => channel.send(payload));
  }

  async edit(tableId: number, messageId: string, payload: MessageEditOptions): Promise<void> {
    const channel = await this.channelOf(tableId);
    await this.lane.run(() => channel.messages.edit(messageId, payload));
  }

  /** Any other request to Discord that belongs in the lane (a follow-up with private cards). */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.lane.run(work);
  }

  private async channelOf(tableId: number): Promise<SendableChannels & { messages: MessageManager }> {
    const rt = this.runtimes.get(tableId);
    if (!rt) throw new Error(`table ${tableId} is not loaded`);
    const channel = await this.client.channels.fetch(rt.record.channelId);
    if (!channel?.isSendable() || !('messages' in channel))
      throw new Error(`channel ${rt.record.channelId} is not sendable`);
    return channel as SendableChannels & { messages: MessageManager };
  }
}
