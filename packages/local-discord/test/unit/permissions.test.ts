import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, channelPermissions, EVERYONE_DEFAULT, requirePermissions } from '../../src/permissions.ts';
import { Store } from '../../src/state/store.ts';

function world() {
  const store = new Store({ now: () => 1_700_000_000_000 });
  const owner = store.createUser('owner');
  const bot = store.createUser('bot', true);
  const guild = store.createGuild('g', owner.id);
  store.addMember(guild.id, bot.id);
  const channel = store.createChannel(guild.id, 'poker');
  return { store, owner, bot, guild, channel };
}

describe("the local Discord's permissions", () => {
  it("computes Discord's order: @everyone, then its channel overwrite, then the member's", () => {
    const { bot, guild, channel } = world();
    const base = channelPermissions(guild, channel, bot.id);
    expect(base & P.SendMessages).toBe(P.SendMessages);
    channel.overwrites.push({ id: guild.id, type: 'role', allow: 0n, deny: P.SendMessages | P.AttachFiles });
    expect(channelPermissions(guild, channel, bot.id) & (P.SendMessages | P.AttachFiles)).toBe(0n);
    channel.overwrites.push({ id: bot.id, type: 'member', allow: P.SendMessages, deny: 0n });
    expect(channelPermissions(guild, channel, bot.id) & (P.SendMessages | P.AttachFiles)).toBe(P.SendMessages);
  });

  it("gives @everyone a new server's defaults, as Discord's documentation shows a plain member's: Create Invite among them", () => {
    const { bot, guild, channel } = world();
    // The documented member's value also holds bit 47, which the permissions table no longer lists (it skips from 46 to 48).
    expect(EVERYONE_DEFAULT).toBe(2248473465835073n & ~(1n << 47n));
    expect(guild.everyone).toBe(EVERYONE_DEFAULT);
    expect(channelPermissions(guild, channel, bot.id) & P.CreateInstantInvite).toBe(P.CreateInstantInvite);
    // A channel that takes it from @everyone takes it from everyone who holds no overwrite of their own.
    channel.overwrites.push({ id: guild.id, type: 'role', allow: 0n, deny: P.CreateInstantInvite });
    expect(channelPermissions(guild, channel, bot.id) & P.CreateInstantInvite).toBe(0n);
  });

  it('gives the owner and Administrator everything', () => {
    const { owner, bot, guild, channel } = world();
    channel.overwrites.push({ id: guild.id, type: 'role', allow: 0n, deny: ALL_PERMISSIONS });
    expect(channelPermissions(guild, channel, owner.id)).toBe(ALL_PERMISSIONS);
    guild.everyone |= P.Administrator;
    expect(channelPermissions(guild, channel, bot.id)).toBe(ALL_PERMISSIONS);
  });

  it('answers 50001 without View Channel and 50013 for anything else missing', () => {
    const { bot, guild, channel } = world();
    channel.overwrites.push({ id: bot.id, type: 'member', allow: 0n, deny: P.EmbedLinks });
    expect(() => requirePermissions(guild, channel, bot.id, P.SendMessages)).not.toThrow();
    expect(() => requirePermissions(guild, channel, bot.id, P.SendMessages | P.EmbedLinks)).toThrow(
      expect.objectContaining({ status: 403, code: 50013 }),
    );
    channel.overwrites[0] = { id: bot.id, type: 'member', allow: 0n, deny: P.ViewChannel };
    expect(() => requirePermissions(guild, channel, bot.id, 0n)).toThrow(expect.objectContaining({ code: 50001 }));
  });
});
