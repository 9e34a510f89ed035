import { ApplicationIntegrationType, InteractionContextType, PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { registrationBody } from '../../../src/cli/commands/deploy-commands.ts';
import { commandBodies } from '../../../src/discord/command-registry.ts';

describe('deploy-commands', () => {
  it('registers every command for both installs, in servers, DMs and group DMs', async () => {
    const body = registrationBody(await commandBodies(), false);
    expect(body.map((c) => c.name).sort()).toEqual(['guts', 'guts-seasons', 'ledger']);
    // Choosing the seasons' length is offered to Manage Server only (the bot checks again).
    const seasons = body.find((c) => c.name === 'guts-seasons');
    expect(seasons?.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    for (const command of body) {
      expect(command.integration_types).toEqual([
        ApplicationIntegrationType.GuildInstall,
        ApplicationIntegrationType.UserInstall,
      ]);
      expect(command.contexts).toEqual([
        InteractionContextType.Guild,
        InteractionContextType.BotDM,
        InteractionContextType.PrivateChannel,
      ]);
    }
  });

  it('leaves both out when registering to one server (Discord takes them only for global commands)', async () => {
    const body = registrationBody(await commandBodies(), true);
    for (const command of body) {
      expect(command).not.toHaveProperty('integration_types');
      expect(command).not.toHaveProperty('contexts');
    }
  });
});
