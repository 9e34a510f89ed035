import {
  type ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
} from 'discord.js';
import type { BotContext } from '../src/discord/context.ts';
import { repostTable, startGame, stopGame } from '../src/discord/game-commands.ts';
import { parseOptionText } from '../src/discord/option-text.ts';
import { chips } from '../src/discord/views/format.ts';
import { defaultOptions, getVariant, listVariants, OPTION_NAMES } from '../src/rules/index.ts';

/** `/guts`: start, stop, rules, table, help. */

const playable = () => listVariants().filter((v) => v.available);

export const data = new SlashCommandBuilder()
  .setName('guts')
  .setDescription('Play guts poker in this channel')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    sub
      .setName('start')
      .setDescription('Open a table in this channel')
      .addStringOption((o) =>
        o
          .setName('variant')
          .setDescription('Which game')
          .setRequired(true)
          .addChoices(
            ...playable()
              .slice(0, 25)
              .map((v) => ({ name: v.name, value: v.id })),
          ),
      )
      .addIntegerOption((o) =>
        o.setName('ante').setDescription('Chips each player antes (default 1)').setMinValue(1).setMaxValue(1_000_000),
      )
      .addIntegerOption((o) =>
        o
          .setName('cap')
          .setDescription('Most one deal can win or cost; the rest goes to a reserve')
          .setMinValue(1)
          .setMaxValue(1_000_000_000),
      )
      .addIntegerOption((o) =>
        o
          .setName('timer')
          .setDescription('Seconds to stay or drop (10-300, default 30)')
          .setMinValue(10)
          .setMaxValue(300),
      )
      .addStringOption((o) =>
        o
          .setName('kitty')
          .setDescription('An extra dealt hand everyone who stays must beat')
          .addChoices(
            { name: 'off', value: 'off' },
            { name: 'always', value: 'always' },
            { name: 'only when one player stays', value: 'alone' },
          ),
      )
      .addIntegerOption((o) =>
        o.setName('legs').setDescription('Legs needed to take the pot').setMinValue(1).setMaxValue(10),
      )
      .addStringOption((o) =>
        o
          .setName('declare')
          .setDescription('Everyone at once (hidden), or in turn')
          .addChoices({ name: 'simultaneous', value: 'simultaneous' }, { name: 'sequential', value: 'sequential' }),
      )
      .addStringOption((o) =>
        o
          .setName('options')
          .setDescription('More options as name=value, e.g. "ties=no-split losers=worst-only"')
          .setMaxLength(300),
      )
      .addStringOption((o) =>
        o
          .setName('deck')
          .setDescription('Card pictures in two colours, or four (clubs green, diamonds blue)')
          .addChoices({ name: 'two colours', value: 'classic' }, { name: 'four colours', value: 'four-colour' }),
      ),
  )
  .addSubcommand((sub) =>
    sub.setName('stop').setDescription('End the game after the current deal (host or Manage Server)'),
  )
  .addSubcommand((sub) =>
    sub
      .setName('rules')
      .setDescription('How a variant is played')
      .addStringOption((o) =>
        o
          .setName('variant')
          .setDescription('Which game (all of them if left out)')
          .addChoices(
            ...playable()
              .slice(0, 25)
              .map((v) => ({ name: v.name, value: v.id })),
          ),
      ),
  )
  .addSubcommand((sub) => sub.setName('table').setDescription('Post the live table again at the bottom of the channel'))
  .addSubcommand((sub) => sub.setName('help').setDescription('How to play guts with this bot'));

function startOptions(interaction: ChatInputCommandInteraction): Record<string, unknown> {
  const raw = parseOptionText(interaction.options.getString('options') ?? '');
  for (const name of ['ante', 'cap', 'timer', 'legs'] as const) {
    const value = interaction.options.getInteger(name);
    if (value !== null) raw[name] = value;
  }
  for (const name of ['kitty', 'declare'] as const) {
    const value = interaction.options.getString(name);
    if (value !== null) raw[name] = value;
  }
  return raw;
}

function rulesEmbed(variantId: string | null): EmbedBuilder {
  if (variantId) {
    const v = getVariant(variantId);
    const d = defaultOptions(v.id);
    return new EmbedBuilder()
      .setTitle(v.name)
      .setDescription(v.summary)
      .addFields(
        { name: 'Players', value: `${v.minPlayers} to ${v.maxPlayers}`, inline: true },
        { name: 'Ante', value: chips(d.ante), inline: true },
        { name: 'Countdown', value: `${d.timer}s`, inline: true },
        {
          name: 'Money',
          value:
            'Losers who stayed match the pot (caps move the excess to a reserve). A player who stays alone takes the pot and the game ends.',
        },
      )
      .setFooter({ text: `Start it with /guts start variant:${v.id}` });
  }
  return new EmbedBuilder()
    .setTitle('Guts variants')
    .setDescription(
      'Everyone stays or drops; the best hand among those who stay wins the pot and every other stayer matches it.',
    )
    .addFields(playable().map((v) => ({ name: `${v.name} (\`${v.id}\`)`, value: v.summary })));
}

const HELP = [
  '**How a game goes**',
  '1. `/guts start variant:iron-cross` opens a table; players press **Join**.',
  '2. The host presses **Deal**. Your cards come to you privately; **My cards** shows them again any time.',
  '3. Press **Stay** or **Drop** before the countdown ends. Choices stay hidden until the reveal; no choice means drop.',
  '4. The showdown is posted here: the best hand takes the pot, every other stayer matches it. The next deal starts by itself.',
  '',
  '**Commands**',
  '`/guts start` options: `ante`, `cap`, `timer`, `kitty`, `legs`, `declare`, and `options` for the rest as name=value.',
  `All option names: ${OPTION_NAMES.map((n) => `\`${n}\``).join(', ')}.`,
  '`/guts stop` ends the game after this deal (host or Manage Server); the pot stays with the channel.',
  '`/guts table` posts the table again at the bottom. `/guts rules` explains a variant.',
  '`/ledger` shows balances, pots and reserves; `/ledger settle` the fewest payments to square up.',
].join('\n');

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  switch (interaction.options.getSubcommand()) {
    case 'start':
      return startGame(interaction, ctx, interaction.options.getString('variant', true), startOptions(interaction), {
        fourColour: interaction.options.getString('deck') === 'four-colour',
      });
    case 'stop':
      return stopGame(interaction, ctx);
    case 'table':
      return repostTable(interaction, ctx);
    case 'rules':
      await interaction.reply({
        embeds: [rulesEmbed(interaction.options.getString('variant'))],
        flags: MessageFlags.Ephemeral,
      });
      return;
    default:
      await interaction.reply({ content: HELP, flags: MessageFlags.Ephemeral });
  }
}
