import { type BaseInteraction, type Client, Events, PermissionFlagsBits } from 'discord.js';
import { LruCache } from '../lru.ts';
import { inGroupDm } from './install.ts';

/**
 * Who made each group DM the bot heard from, read from the channel its interactions carry
 * (`owner_id`): the bot is never in a group DM, so discord.js caches nothing of it.
 */
export class GroupDmOwners {
  private readonly owners = new LruCache<string, string>(50_000);

  /** Reads each interaction's channel before discord.js handles it. */
  watch(client: Client): void {
    client.on(
      Events.Raw,
      (packet: { t?: string; d?: { channel?: { id?: string; type?: number; owner_id?: string } } }) => {
        const channel = packet.t === 'INTERACTION_CREATE' ? packet.d?.channel : undefined;
        if (channel?.type === GROUP_DM && channel.id && channel.owner_id) this.owners.set(channel.id, channel.owner_id);
      },
    );
  }

  ownerOf(channelId: string): string | null {
    return this.owners.get(channelId) ?? null;
  }
}

const GROUP_DM = 3;

/**
 * Who runs the place a command came from: in a server, whoever has Manage Server; in a
 * group DM, its owner (Discord sends `owner_id` with the channel). They may adjust or
 * reset its ledger, stop anyone's game and delete anyone's preset.
 */
export function managesPlace(
  interaction: Pick<BaseInteraction, 'context' | 'channelId' | 'memberPermissions' | 'user'>,
  groupDms: GroupDmOwners,
): boolean {
  if (inGroupDm(interaction)) {
    return interaction.channelId !== null && groupDms.ownerOf(interaction.channelId) === interaction.user.id;
  }
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}
