import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import type { BotContext } from '../src/discord/context.ts';
import { repostTable, startGame, stopGame } from '../src/discord/game-commands.ts';
import { CONTEXTS, INTEGRATION_TYPES } from '../src/discord/install.ts';
import { parseOptionText } from '../src/discord/option-text.ts';
import {
  deletePresetCommand,
  listPresetsCommand,
  presetChoices,
  presetSetup,
  savePresetCommand,
} from '../src/discord/preset-commands.ts';
import { leaderboardCommand, statsCommand } from '../src/discord/stats-commands.ts';
import { helpView, rulesEmbed } from '../src/discord/views/rules.ts';
import { SOURCE_LOCALE, TABLE_LANGUAGES, t, translations } from '../src/i18n/index.ts';
import { findVariants, resolveVariant } from '../src/rules/find-variant.ts';
import { optionSpec } from '../src/rules/index.ts';
import { UserFacingError } from '../src/table/errors.ts';

/** `/guts`: start, stop, rules, table, help. */

/** Table options with a slash-command field of their own; the rest go in `options:` as name=value. */
const OWN_FIELDS = ['ante', 'cap', 'timer', 'kitty', 'legs', 'declare'] as const;

/** A `/guts start` field built from the option's spec: its bounds and choices are the ones `parseOptions` checks. */
function addOptionField(sub: SlashCommandSubcommandBuilder, name: (typeof OWN_FIELDS)[number]) {
  const spec = optionSpec(name);
  if (!spec) throw new Error(`no spec for option ${name}`);
  if (spec.kind === 'integer') {
    return sub.addIntegerOption((o) =>
      o.setName(name).setDescription(spec.about).setMinValue(spec.min).setMaxValue(spec.max),
    );
  }
  if (spec.kind !== 'choice') throw new Error(`option ${name} has no field of its own`);
  return sub.addStringOption((o) =>
    o
      .setName(name)
      .setDescription(spec.about)
      .addChoices(...spec.choices.map((c) => ({ name: c.label, value: c.value }))),
  );
}

export const data = new SlashCommandBuilder()
  .setName('guts')
  .setDescription(t(SOURCE_LOCALE, 'command.guts'))
  .setDescriptionLocalizations(translations('command.guts'))
  .setContexts(...CONTEXTS)
  .setIntegrationTypes(...INTEGRATION_TYPES)
  .addSubcommand((sub) => {
    sub
      .setName('start')
      .setDescription(t(SOURCE_LOCALE, 'command.start'))
      .setDescriptionLocalizations(translations('command.start'))
      .addStringOption((o) =>
        o
          .setName('variant')
          .setDescription(t(SOURCE_LOCALE, 'command.startVariant'))
          .setDescriptionLocalizations(translations('command.startVariant'))
          .setAutocomplete(true),
      )
      .addStringOption((o) =>
        o
          .setName('preset')
          .setDescription(t(SOURCE_LOCALE, 'command.startPreset'))
          .setDescriptionLocalizations(translations('command.startPreset'))
          .setAutocomplete(true),
      );
    for (const name of OWN_FIELDS) addOptionField(sub, name);
    return sub
      .addStringOption((o) =>
        o
          .setName('options')
          .setDescription(t(SOURCE_LOCALE, 'command.startOptions'))
          .setDescriptionLocalizations(translations('command.startOptions'))
          .setMaxLength(300),
      )
      .addStringOption((o) =>
        o
          .setName('deck')
          .setDescription(t(SOURCE_LOCALE, 'command.startDeck'))
          .setDescriptionLocalizations(translations('command.startDeck'))
          .addChoices({ name: 'two colours', value: 'classic' }, { name: 'four colours', value: 'four-colour' }),
      )
      .addStringOption((o) =>
        o
          .setName('language')
          .setDescription(t(SOURCE_LOCALE, 'command.startLanguage'))
          .setDescriptionLocalizations(translations('command.startLanguage'))
          // Each language by its own name: a reader finds theirs whatever the client speaks.
          .addChoices(...TABLE_LANGUAGES.map((value) => ({ name: t(value, 'language'), value }))),
      );
  })
  .addSubcommand((sub) =>
    sub
      .setName('stop')
      .setDescription(t(SOURCE_LOCALE, 'command.stop'))
      .setDescriptionLocalizations(translations('command.stop')),
  )
  .addSubcommand((sub) =>
    sub
      .setName('rules')
      .setDescription(t(SOURCE_LOCALE, 'command.rules'))
      .setDescriptionLocalizations(translations('command.rules'))
      .addStringOption((o) =>
        o
          .setName('variant')
          .setDescription(t(SOURCE_LOCALE, 'command.rulesVariant'))
          .setDescriptionLocalizations(translations('command.rulesVariant'))
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('table')
      .setDescription(t(SOURCE_LOCALE, 'command.table'))
      .setDescriptionLocalizations(translations('command.table')),
  )
  .addSubcommand((sub) =>
    sub
      .setName('stats')
      .setDescription("A player's deals on this server: played, won, net chips, best hand, per variant")
      .addUserOption((o) => o.setName('player').setDescription('Whose (yours if left out)')),
  )
  .addSubcommand((sub) =>
    sub
      .setName('leaderboard')
      .setDescription("This server's players by net chips, then deals won")
      .addStringOption((o) =>
        o
          .setName('period')
          .setDescription('Since when (default: the last month)')
          .addChoices(
            { name: 'the last week', value: 'week' },
            { name: 'the last month', value: 'month' },
            { name: 'all time', value: 'all' },
          ),
      ),
  )
  .addSubcommandGroup((group) =>
    group
      .setName('preset')
      .setDescription("This server's saved table setups")
      .addSubcommand((sub) =>
        sub
          .setName('save')
          .setDescription("Save this channel's running table (variant and options) under a name (host)")
          .addStringOption((o) =>
            o.setName('name').setDescription('1-32 letters, digits, spaces').setRequired(true).setMaxLength(32),
          ),
      )
      .addSubcommand((sub) => sub.setName('list').setDescription("This server's presets"))
      .addSubcommand((sub) =>
        sub
          .setName('delete')
          .setDescription('Delete a preset (whoever saved it, or Manage Server)')
          .addStringOption((o) =>
            o.setName('name').setDescription('Which preset').setRequired(true).setAutocomplete(true),
          ),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('help')
      .setDescription(t(SOURCE_LOCALE, 'command.help'))
      .setDescriptionLocalizations(translations('command.help')),
  );

function startOptions(interaction: ChatInputCommandInteraction): Record<string, unknown> {
  const raw = parseOptionText(interaction.options.getString('options') ?? '');
  for (const name of OWN_FIELDS) {
    const value =
      optionSpec(name)?.kind === 'integer' ? interaction.options.getInteger(name) : interaction.options.getString(name);
    if (value !== null) raw[name] = value;
  }
  return raw;
}

/** The variant a player typed or picked: an id, a name or a nickname ("357"). */
function variantOf(text: string): string {
  const id = resolveVariant(text);
  if (!id) {
    throw new UserFacingError(
      `I don't know a variant called "${text.slice(0, 50)}". Start typing and pick one from the list, or see \`/guts rules\`.`,
    );
  }
  return id;
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  switch (interaction.options.getSubcommand()) {
    case 'start': {
      const look = {
        fourColour: interaction.options.getString('deck') === 'four-colour',
        // The table speaks the server's language; in direct messages, the host's.
        locale: interaction.options.getString('language') ?? interaction.guildLocale ?? interaction.locale,
      };
      const variantText = interaction.options.getString('variant');
      const variantId = variantText === null ? null : variantOf(variantText);
      const preset = interaction.options.getString('preset');
      if (preset) {
        const typed = { variantId, options: startOptions(interaction) };
        return startGame(interaction, ctx, presetSetup(interaction, ctx, preset, typed), look);
      }
      if (!variantId) throw new UserFacingError('Pick a variant (start typing its name), or a preset.');
      return startGame(interaction, ctx, { variantId, options: startOptions(interaction) }, look);
    }
    case 'stats':
      return statsCommand(interaction, ctx);
    case 'leaderboard':
      return leaderboardCommand(interaction, ctx);
    case 'save':
      return savePresetCommand(interaction, ctx);
    case 'list':
      return listPresetsCommand(interaction, ctx);
    case 'delete':
      return deletePresetCommand(interaction, ctx);
    case 'stop':
      return stopGame(interaction, ctx);
    case 'table':
      return repostTable(interaction, ctx);
    case 'rules': {
      const variantText = interaction.options.getString('variant');
      await interaction.reply({
        embeds: [rulesEmbed(variantText === null ? null : variantOf(variantText))],
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    default:
      await interaction.reply({ ...helpView(), flags: MessageFlags.Ephemeral });
  }
}

/** As the player types: the variants matching it, best first, or the server's presets. */
export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === 'variant') return interaction.respond(findVariants(focused.value));
  await interaction.respond(interaction.guildId ? await presetChoices(ctx, interaction.guildId, focused.value) : []);
}
