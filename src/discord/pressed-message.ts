import { type APIMessage, type Client, Events, InteractionType } from 'discord.js';

/** What the bot reads of the message a button or menu is on (`interaction.message`): the step pipeline's. */
const READ = ['id', 'channel_id', 'type', 'timestamp', 'content', 'flags'] as const;

/**
 * A button or menu press reaches discord.js with only what the bot reads of the message
 * it is on: its id (the table message a quiet press was made on), its content (an answer
 * written under the player's cards) and its flags (whether it is the player's own cards).
 * discord.js builds a whole `Message` of what the press carries (its author, components,
 * embeds, mentions), a few times a deal (docs/PERFORMANCE.md). It emits the raw packet
 * just before it handles it, and that is the object it handles.
 */
export function slimPressedMessages(client: Client): void {
  client.on(Events.Raw, (packet: { t?: string; d?: { type?: number; message?: APIMessage } }) => {
    const press = packet.t === 'INTERACTION_CREATE' ? packet.d : undefined;
    if (press?.type !== InteractionType.MessageComponent || !press.message) return;
    const message = press.message as unknown as Record<string, unknown>;
    const slim: Record<string, unknown> = {};
    for (const key of READ) if (key in message) slim[key] = message[key];
    press.message = slim as unknown as APIMessage;
  });
}
