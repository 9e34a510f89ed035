import { Client, Events, GatewayIntentBits, type Interaction, SlashCommandBuilder, type TextChannel } from 'discord.js';
import { afterAll, beforeAll } from 'vitest';
import { LocalDiscord, type LocalDiscordOptions, noRateLimits } from '../src/index.ts';

/** A started local Discord with one guild, one channel, two players, and a logged-in discord.js client. */
export interface Harness {
  discord: LocalDiscord;
  /** What a discord.js client's `rest.api` takes to reach it. */
  restBase: string;
  client: Client;
  guild: { id: string };
  channel: { id: string };
  ann: { id: string };
  bob: { id: string };
  /** Replaces the bot's interaction handler (errors are collected in `handlerErrors`). */
  onInteraction(handler: (interaction: Interaction) => Promise<unknown>): void;
  handlerErrors: unknown[];
  close(): Promise<void>;
}

/** The /guts command as a bot would register it: a subcommand with a choice and a bounded integer. */
export const gutsCommand = new SlashCommandBuilder()
  .setName('guts')
  .setDescription('Play guts')
  .addSubcommand((s) =>
    s
      .setName('start')
      .setDescription('Start a table')
      .addStringOption((o) =>
        o
          .setName('variant')
          .setDescription('Variant')
          .setRequired(true)
          .addChoices({ name: 'Iron cross', value: 'iron-cross' }, { name: 'Three card', value: 'three-card' }),
      )
      .addIntegerOption((o) => o.setName('ante').setDescription('Ante').setMinValue(1))
      .addUserOption((o) => o.setName('dealer').setDescription('Who deals')),
  )
  .toJSON();

export async function newClient(discord: LocalDiscord, restBase: string): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: restBase } });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.bot.token);
  await ready;
  return client;
}

export async function startHarness(options: LocalDiscordOptions = {}): Promise<Harness> {
  const discord = new LocalDiscord(options);
  const { restBase } = await discord.start();
  const guild = discord.createGuild({ name: 'game night' });
  const channel = discord.createChannel(guild, { name: 'poker' });
  const ann = discord.createUser({ name: 'ann' });
  const bob = discord.createUser({ name: 'bob' });
  const client = await newClient(discord, restBase);
  await client.application?.commands.set([gutsCommand], guild.id);
  let handler: (interaction: Interaction) => Promise<unknown> = async () => {};
  const handlerErrors: unknown[] = [];
  client.on(Events.InteractionCreate, (interaction) => {
    handler(interaction).catch((error) => handlerErrors.push(error));
  });
  return {
    discord,
    restBase,
    client,
    guild,
    channel,
    ann,
    bob,
    handlerErrors,
    onInteraction(next) {
      handler = next;
    },
    async close() {
      await client.destroy();
      await discord.stop();
    },
  };
}

/** A harness without rate limits for the tests of one file: started before them, closed after. */
export function harnessForFile(): { h: () => Harness; channel: () => TextChannel } {
  let harness: Harness | undefined;
  let channel: TextChannel | undefined;
  beforeAll(async () => {
    harness = await startHarness({ rateLimits: noRateLimits });
    channel = (await harness.client.channels.fetch(harness.channel.id)) as TextChannel;
  });
  afterAll(async () => {
    await harness?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the harness starts in beforeAll');
    return value;
  };
  return { h: () => started(harness), channel: () => started(channel) };
}

/**
 * The spec check's findings since the last call, as `METHOD /template direction field`
 * lines, taken from the local Discord: a test that sends what Discord's spec refuses on
 * purpose says exactly which fields (else `stop()` fails on them).
 */
export function specRefusals(discord: LocalDiscord): string[] {
  return [
    ...new Set(discord.takeSpecViolations().map((v) => `${v.route} ${v.direction}${v.field ? ` ${v.field}` : ''}`)),
  ];
}
