import { EventEmitter } from 'node:events';
import { type Client, Events, InteractionType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { slimPressedMessages } from '../../../src/discord/pressed-message.ts';

const message = () => ({
  id: '11',
  channel_id: '22',
  type: 0,
  timestamp: '2026-11-29T00:00:00.000Z',
  content: 'Your cards',
  flags: 64,
  author: { id: '33', username: 'guts' },
  components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'stay', label: 'Stay' }] }],
  embeds: [{ title: 'deal 3' }],
  mentions: [],
});

function clientWithSlimming(): EventEmitter {
  const client = new EventEmitter();
  slimPressedMessages(client as unknown as Client);
  return client;
}

describe('slimPressedMessages', () => {
  it("keeps only what the bot reads of a press's message: id, channel, type, time, content, flags", () => {
    const client = clientWithSlimming();
    const packet = { t: 'INTERACTION_CREATE', d: { type: InteractionType.MessageComponent, message: message() } };
    client.emit(Events.Raw, packet);
    expect(packet.d.message).toEqual({
      id: '11',
      channel_id: '22',
      type: 0,
      timestamp: '2026-11-29T00:00:00.000Z',
      content: 'Your cards',
      flags: 64,
    });
  });

  it('leaves a modal submitted from a message, and other events, as they came', () => {
    const client = clientWithSlimming();
    const modal = { t: 'INTERACTION_CREATE', d: { type: InteractionType.ModalSubmit, message: message() } };
    const created = { t: 'MESSAGE_CREATE', d: message() };
    client.emit(Events.Raw, modal);
    client.emit(Events.Raw, created);
    expect(modal.d.message).toEqual(message());
    expect(created.d).toEqual(message());
  });
});
