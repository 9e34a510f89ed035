import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { PHRASE_MAX } from '../src/cards/fair-deck.ts';
import { commandDefinition } from '../src/discord/command-registry.ts';
import { choice, named } from '../src/discord/command-text.ts';
import type { BotContext } from '../src/discord/context.ts';
import { offerLastGame, repostTable, startGame, stopGame } from '../src/discord/game-commands.ts';
import { CONTEXTS, INTEGRATION_TYPES } from '../src/discord/install.ts';
import { scopeOf } from '../src/discord/interaction-place.ts';
import { languageChoices, tableLanguage } from '../src/discord/language-choices.ts';
import { parseOptionText } from '../src/discord/option-text.ts';
import {
  deletePresetCommand,
  listPresetsCommand,
  presetChoices,
  presetSetup,
  savePresetCommand,
} from '../src/discord/preset-commands.ts';
import { profileCommand } from '../src/discord/profile-command.ts';
import { seasonCommand } from '../src/discord/season-commands.ts';
import { leaderboardCommand, statsCommand } from '../src/discord/stats-commands.ts';
import { variantName } from '../src/discord/views/format.ts';
import { helpView, rulesEmbed } from '../src/discord/views/rules.ts';
import { TABLE_LANGUAGES, t } from '../src/i18n/index.ts';
import { findVariants, resolveVariant } from '../src/rules/find-variant.ts';
import { optionSpec } from '../src/rules/index.ts';
import { UserFacingError } from '../src/table/user-facing-error.ts';

/** `/guts`: start, stop, rules, table, help. */

/** Table options with a slash-command field of their own; the rest go in `options:` as name=value. */
const OWN_FIELDS = ['ante', 'cap', 'timer', 'kitty', 'legs', 'declare'] as const;

/** A `/guts start` field built from the option's spec: its bounds and choices are the ones `parseOptions` checks. */
function addOptionField(sub: SlashCommandSubcommandBuilder, name: (typeof OWN_FIELDS)[number]) {
  const spec = optionSpec(name);
  if (!spec) throw new Error(`no spec for option ${name}`);
  const path = `guts start ${name}` as const;
  const about = `option.${name}.about`;
  if (spec.kind === 'integer') {
    return sub.addIntegerOption((o) => named(o, path, about).setMinValue(spec.min).setMaxValue(spec.max));
  }
  if (spec.kind !== 'choice') throw new Error(`option ${name} has no field of its own`);
  return sub.addStringOption((o) =>
    named(o, path, about).addChoices(...spec.choices.map((c) => choice(`choice.${name}.${c.value}`, c.value))),
  );
}

export const data = commandDefinition('guts', () =>
  named(new SlashCommandBuilder(), 'guts')
    .setContexts(...CONTEXTS)
    .setIntegrationTypes(...INTEGRATION_TYPES)
    .addSubcommand((sub) => {
      named(sub, 'guts start')
        .addStringOption((o) => named(o, 'guts start variant').setAutocomplete(true))
        .addStringOption((o) => named(o, 'guts start preset').setAutocomplete(true));
      for (const name of OWN_FIELDS) addOptionField(sub, name);
      return sub
        .addStringOption((o) => named(o, 'guts start options').setMaxLength(300))
        .addStringOption((o) =>
          named(o, 'guts start deck').addChoices(
            choice('commands.guts start deck.choice_classic', 'classic'),
            choice('commands.guts start deck.choice_four-colour', 'four-colour'),
          ),
        )
        .addStringOption((o) =>
          // More languages than Discord's 25 choices: found by typing, by any of their names.
          named(o, 'guts start language').setAutocomplete(true),
        )
        .addStringOption((o) => named(o, 'guts start phrase').setMaxLength(PHRASE_MAX));
    })
    .addSubcommand((sub) => named(sub, 'guts stop'))
    .addSubcommand((sub) =>
      named(sub, 'guts rules').addStringOption((o) => named(o, 'guts rules variant').setAutocomplete(true)),
    )
    .addSubcommand((sub) => named(sub, 'guts table'))
    .addSubcommand((sub) => named(sub, 'guts stats').addUserOption((o) => named(o, 'guts stats player')))
    .addSubcommand((sub) => named(sub, 'guts season'))
    .addSubcommand((sub) =>
      named(sub, 'guts leaderboard')
        .addStringOption((o) =>
          named(o, 'guts leaderboard period').addChoices(
            ...(['week', 'month', 'all'] as const).map((p) =>
              choice(`commands.guts leaderboard period.choice_${p}`, p),
            ),
          ),
        )
        .addStringOption((o) =>
          named(o, 'guts leaderboard scope').addChoices(
            ...(['server', 'global'] as const).map((s) => choice(`commands.guts leaderboard scope.choice_${s}`, s)),
          ),
        ),
    )
    .addSubcommand((sub) =>
      named(sub, 'guts profile').addBooleanOption((o) => named(o, 'guts profile public').setRequired(true)),
    )
    .addSubcommandGroup((group) =>
      named(group, 'guts preset')
        .addSubcommand((sub) =>
          named(sub, 'guts preset save').addStringOption((o) =>
            named(o, 'guts preset save name').setRequired(true).setMaxLength(32),
          ),
        )
        .addSubcommand((sub) => named(sub, 'guts preset list'))
        .addSubcommand((sub) =>
          named(sub, 'guts preset delete').addStringOption((o) =>
            named(o, 'guts preset delete name').setRequired(true).setAutocomplete(true),
          ),
        ),
    )
    .addSubcommand((sub) => named(sub, 'guts help')),
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
    throw new UserFacingError('refusal.unknownVariant', { text: text.slice(0, 50) });
  }
  return id;
}

/** The table language the host picked or typed, if any: a language the catalogue does not speak is refused. */
function languageOf(interaction: ChatInputCommandInteraction): string | undefined {
  const text = interaction.options.getString('language');
  if (text === null) return undefined;
  const found = tableLanguage(text, interaction.locale);
  if (!found) {
    const name = t(interaction.locale, 'commands.guts start language.name');
    throw new UserFacingError('rule.mustBe', { name, what: TABLE_LANGUAGES.join(', ') });
  }
  return found;
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  switch (interaction.options.getSubcommand()) {
    case 'start': {
      const look = {
        fourColour: interaction.options.getString('deck') === 'four-colour',
        // The table speaks the server's language; in direct messages, the host's.
        locale: languageOf(interaction) ?? interaction.guildLocale ?? interaction.locale,
      };
      const variantText = interaction.options.getString('variant');
      const variantId = variantText === null ? null : variantOf(variantText);
      const preset = interaction.options.getString('preset');
      // The host's words for the client seed: the engine checks them as the game opens.
      const phrase = interaction.options.getString('phrase') ?? undefined;
      if (preset) {
        const typed = { variantId, options: startOptions(interaction) };
        return startGame(interaction, ctx, presetSetup(interaction, ctx, preset, typed), look, phrase);
      }
      if (!variantId) return offerLastGame(interaction, ctx);
      return startGame(interaction, ctx, { variantId, options: startOptions(interaction) }, look, phrase);
    }
    case 'stats':
      return statsCommand(interaction, ctx);
    case 'leaderboard':
      return leaderboardCommand(interaction, ctx);
    case 'season':
      return seasonCommand(interaction, ctx);
    case 'profile':
      return profileCommand(interaction, ctx);
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
        embeds: [rulesEmbed(variantText === null ? null : variantOf(variantText), interaction.locale)],
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    default:
      await interaction.reply({ ...helpView(interaction.locale), flags: MessageFlags.Ephemeral });
  }
}

/** As the player types: the variants matching it, best first, or the presets of the server or group DM. */
export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === 'language') return interaction.respond(languageChoices(focused.value, interaction.locale));
  if (focused.name === 'variant') {
    // Each variant by its name in the typist's language.
    const found = findVariants(focused.value).map((c) => ({ ...c, name: variantName(c.value, interaction.locale) }));
    return interaction.respond(found);
  }
  // A group DM keeps its own presets, as it keeps its own ledger.
  const scope = scopeOf(interaction);
  await interaction.respond(scope ? await presetChoices(ctx, scope, focused.value, interaction.locale) : []);
}
