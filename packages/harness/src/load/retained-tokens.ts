import { setImmediate as nextTurn } from 'node:timers/promises';
import { getHeapStatistics } from 'node:v8';
import { type APIMessageComponentButtonInteraction, ButtonInteraction, Client } from 'discord.js';
import { type AnsweredInteraction, ReplyTokens } from 'guts/src/discord/tokens.ts';

/**
 * What a live token costs: `count` button presses (four players at each of count/4
 * tables, the same four players everywhere), each a discord.js interaction made from a press as the gateway sends it
 * (its member, its message with components), kept by ReplyTokens the way the bot keeps
 * them, the interactions themselves let go (their handlers are done). The heap's growth
 * after a collection, per handle kept; and, to compare, per interaction kept whole.
 * Needs node --expose-gc (`guts-harness bench` runs benches so).
 */
export async function retainedPerToken(count: number): Promise<{ bytesPerToken: number; bytesPerInteraction: number }> {
  const client = new Client({ intents: [] });
  try {
    const heapNow = async () => {
      await nextTurn(); // WeakRefs made in this turn hold their targets until it ends
      const gc = (globalThis as { gc?: () => void }).gc;
      if (!gc) throw new Error('retained bytes need node --expose-gc');
      gc();
      return getHeapStatistics().used_heap_size;
    };
    const press = (i: number) =>
      new (
        ButtonInteraction as unknown as new (
          c: Client,
          d: APIMessageComponentButtonInteraction,
        ) => AnsweredInteraction
      )(client, pressPayload(i));
    const players = 4;
    // The same four players at every table: discord.js caches each user once, which is not a token's cost.
    for (let i = 0; i < players; i++) press(i);
    const base = await heapNow();
    const tokens = new ReplyTokens(() => Date.now());
    for (let i = 0; i < count; i++) tokens.remember(Math.floor(i / players), `player-${i % players}`, press(i));
    const withTokens = await heapNow();
    const kept: AnsweredInteraction[] = [];
    for (let i = 0; i < count; i++) kept.push(press(count + i));
    const withInteractions = await heapNow();
    if (tokens.size !== count || kept.length !== count) throw new Error('not every token was kept');
    return {
      bytesPerToken: Math.round((withTokens - base) / count),
      bytesPerInteraction: Math.round((withInteractions - withTokens) / count),
    };
  } finally {
    await client.destroy();
  }
}

/** A press of Stay on a table message, as Discord's gateway sends it (ids made from `i`). */
function pressPayload(i: number): APIMessageComponentButtonInteraction {
  const id = (n: number) => String(1_300_000_000_000_000_000n + BigInt(i * 10 + n));
  const guildId = '1200000000000000001';
  const channelId = '1200000000000000002';
  const appId = '1200000000000000003';
  const button = (label: string, n: number) => ({ type: 2, style: 1, label, custom_id: `g:${n}:${label}:${i}` });
  return {
    id: id(0),
    application_id: appId,
    token: `aW50ZXJhY3Rpb246${id(0)}${'x'.repeat(150)}`,
    version: 1,
    type: 3,
    guild_id: guildId,
    channel_id: channelId,
    channel: { id: channelId, type: 0, guild_id: guildId, name: 'guts' },
    locale: 'en-US',
    guild_locale: 'en-US',
    app_permissions: '2248473465835073',
    entitlements: [],
    authorizing_integration_owners: { '0': guildId },
    context: 0,
    member: {
      user: {
        id: `120000000000000010${i % 4}`,
        username: `player${i % 4}`,
        discriminator: '0',
        global_name: `Player ${i % 4}`,
        avatar: null,
      },
      roles: [],
      joined_at: '2026-01-01T00:00:00.000Z',
      deaf: false,
      mute: false,
      flags: 0,
      permissions: '2248473465835073',
    },
    message: {
      id: id(2),
      channel_id: channelId,
      author: { id: appId, username: 'guts', discriminator: '0', global_name: null, avatar: null, bot: true },
      content: '',
      timestamp: '2026-01-01T00:00:00.000Z',
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [
        {
          title: `Three-card guts: deal ${i}`,
          description: 'Pot 120. Stay or drop: 25 s left.\nAnn: deciding\nBob: deciding\nCat: deciding',
        },
      ],
      components: [{ type: 1, components: [button('Stay', 1), button('Drop', 2), button('My cards', 3)] }],
      pinned: false,
      type: 0,
      flags: 0,
    },
    data: { custom_id: `g:1:Stay:${i}`, component_type: 2 },
  } as unknown as APIMessageComponentButtonInteraction;
}
