import { spawn } from 'node:child_process';
import { LocalDiscord } from '@guts/local-discord';
import { type APIApplicationCommand, ApplicationCommandType } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';

/** `guts deploy-commands` as a self-hoster runs it, against the local Discord; its exit status and output. */
async function deploy(discord: LocalDiscord, restBase: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['bin/guts.js', 'deploy-commands'], {
    env: { ...process.env, DISCORD_TOKEN: discord.bot.token, DISCORD_API_URL: restBase, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const status = await new Promise((resolve) => child.once('close', resolve));
  return { status, output };
}

describe('guts deploy-commands with an Activity', () => {
  let discord: LocalDiscord | null = null;
  afterEach(async () => {
    await discord?.stop();
    discord = null;
  });

  it('registers the Entry Point in the one global bulk overwrite', async () => {
    discord = new LocalDiscord();
    const { restBase } = await discord.start();
    const env = { ACTIVITY_PORT: '8080', DISCORD_CLIENT_SECRET: discord.clientSecret };
    const { status, output } = await deploy(discord, restBase, env);
    expect(output).toContain("launch (the Activity's Entry Point)");
    expect(status).toBe(0);
    const response = await fetch(`${restBase}/v10/applications/${discord.bot.user.id}/commands`, {
      headers: { Authorization: `Bot ${discord.bot.token}` },
    });
    const commands = (await response.json()) as APIApplicationCommand[];
    expect(commands.map((c) => [c.type, c.name])).toEqual([
      [ApplicationCommandType.ChatInput, 'guts'],
      [ApplicationCommandType.ChatInput, 'guts-seasons'],
      [ApplicationCommandType.ChatInput, 'ledger'],
      [ApplicationCommandType.PrimaryEntryPoint, 'launch'],
    ]);
  });

  it('registers none without ACTIVITY_PORT, so an app without Activities takes the overwrite', async () => {
    discord = new LocalDiscord({ activities: false });
    const { restBase } = await discord.start();
    const { status, output } = await deploy(discord, restBase, {});
    expect(output).not.toContain('Entry Point');
    expect(status).toBe(0);
  });
});
