import { ApplicationCommandType, EntryPointCommandHandlerType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commandsToRegister } from '../../../src/cli/commands/deploy-commands.ts';

const activity = { port: 8080, clientSecret: 'secret' };

describe('deploy-commands and the Activity', () => {
  it('carries the Entry Point in the global bulk overwrite when the bot serves an Activity', async () => {
    const body = await commandsToRegister({ guildId: null, activity });
    const entryPoints = body.filter((c) => c.type === ApplicationCommandType.PrimaryEntryPoint);
    expect(entryPoints).toEqual([
      expect.objectContaining({
        name: 'launch',
        handler: EntryPointCommandHandlerType.DiscordLaunchActivity,
        name_localizations: expect.objectContaining({ de: 'starten' }),
      }),
    ]);
    expect(body.map((c) => c.name)).toEqual(expect.arrayContaining(['guts', 'ledger']));
  });

  it('leaves it out without an Activity, and from one server (Entry Points are global only)', async () => {
    for (const config of [
      { guildId: null, activity: null },
      { guildId: '123456789012345678', activity },
    ]) {
      const body = await commandsToRegister(config);
      expect(body.map((c) => c.type ?? ApplicationCommandType.ChatInput)).not.toContain(
        ApplicationCommandType.PrimaryEntryPoint,
      );
    }
  });
});
