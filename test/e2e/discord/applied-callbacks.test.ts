import { type Harness, startHarness } from '@guts/local-discord/test/harness.ts';
import { Client, DiscordAPIError, Events, GatewayIntentBits, type Interaction, REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackFirstDispatcher } from '../../../src/discord/callback-first-dispatcher.ts';
import { restOptions } from '../../../src/discord/discord-client.ts';

/**
 * An interaction's answer that Discord applied but reported as a 500: discord.js sends it
 * again and Discord refuses the repeat (40060, already acknowledged). The bot's REST
 * (restOptions, applied-callbacks.ts) takes that as the answer it was, so a press
 * acknowledged first ("thinking…") is still answered; discord.js alone fails it.
 */
describe('an answer Discord applied but reported as failed', () => {
  let h: Harness;
  let bot: Client;
  let lanes: CallbackFirstDispatcher;
  /** What the bot's client does with an interaction (nothing unless a test says). */
  let handle: (interaction: Interaction) => Promise<unknown> = async () => {};
  const errors: unknown[] = [];

  beforeAll(async () => {
    h = await startHarness();
    lanes = new CallbackFirstDispatcher();
    bot = new Client({
      intents: [GatewayIntentBits.Guilds],
      rest: restOptions({ apiUrl: h.restBase }, lanes),
    });
    const ready = new Promise<void>((resolve) => bot.once(Events.ClientReady, () => resolve()));
    bot.on(Events.InteractionCreate, (interaction) => void handle(interaction).catch((err) => errors.push(err)));
    await bot.login(h.discord.bot.token);
    await ready;
  });

  afterAll(async () => {
    await bot?.destroy();
    await lanes?.close();
    await h?.close();
  });

  const start = () =>
    h.discord.runCommand(h.ann, h.channel, 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
  const thinkThenAnswer = async (interaction: Interaction) => {
    if (!interaction.isChatInputCommand()) return;
    await interaction.deferReply();
    await interaction.editReply({ content: 'dealt' });
  };

  it("is answered through the bot's REST: the deferral counts, and its edit shows", async () => {
    errors.length = 0;
    handle = thinkThenAnswer;
    h.discord.failRoute('POST /interactions/*/*/callback', 500, 1, { afterHandling: true });
    const press = start();
    expect((await press.response()).content).toBe('dealt');
    expect(errors).toEqual([]);
    handle = async () => {};
  });

  it('fails through discord.js alone (the case the bot covers)', async () => {
    let pressed: Interaction | null = null;
    handle = async (interaction) => {
      pressed = interaction;
    };
    start();
    await expect.poll(() => pressed).not.toBeNull();
    const { id, token } = pressed as unknown as { id: string; token: string };
    // discord.js's REST with its own request function: the 500, its retry, and the refusal.
    const plain = new REST({ api: h.restBase });
    h.discord.failRoute('POST /interactions/*/*/callback', 500, 1, { afterHandling: true });
    const failed = await plain
      .post(Routes.interactionCallback(id, token), { body: { type: 5 }, auth: false })
      .catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(DiscordAPIError);
    expect((failed as DiscordAPIError).code).toBe(40060);
    handle = async () => {};
  });

  it('still refuses an answer the bot gives twice', async () => {
    errors.length = 0;
    let second: unknown = null;
    handle = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({ content: 'once' });
      second = await bot.rest
        .post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: { type: 4, data: { content: 'twice' } },
          auth: false,
        })
        .catch((err: unknown) => err);
    };
    expect((await start().response()).content).toBe('once');
    await expect.poll(() => second).not.toBeNull();
    expect(second).toBeInstanceOf(DiscordAPIError);
    expect((second as DiscordAPIError).code).toBe(40060);
    expect(errors).toEqual([]);
    handle = async () => {};
  });
});
