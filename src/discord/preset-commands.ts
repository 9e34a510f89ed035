import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { GameState } from '../engine/index.ts';
import { getVariant } from '../rules/index.ts';
import { UserFacingError } from '../table/errors.ts';
import { deletePreset, listPresets, type Preset, presetNamed, savePreset } from '../table/presets.ts';
import { placeOf } from './acks.ts';
import type { BotContext } from './context.ts';
import type { TableSetup } from './game-commands.ts';
import { managesPlace } from './rights.ts';
import { clipLines } from './views/format.ts';

/** `/guts preset save|list|delete` and `/guts start preset:`: a server's saved table setups. */

/** The host (or a server manager) names the running table's setup. */
export async function savePresetCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const state = (await ctx.tables.running(place)).record.state as GameState;
  if (state.host !== interaction.user.id && !managesPlace(interaction, ctx.groupDms)) {
    await interaction.editReply('Only the host (or someone with Manage Server) can save this table as a preset.');
    return;
  }
  const preset = await savePreset(
    ctx.db,
    place.guildId,
    interaction.options.getString('name', true),
    { variant: state.variant, options: state.options, by: interaction.user.id },
    Date.now(),
  );
  await interaction.editReply(`Saved ${presetLine(preset)}. Start it with \`/guts start preset:${preset.name}\`.`);
}

export async function listPresetsCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const presets = await listPresets(ctx.db, place.guildId);
  await interaction.editReply(
    presets.length
      ? `**Presets of this server**\n${clipLines(presets.map(presetLine), 1900)}`
      : 'No presets yet. The host of a running table saves one with `/guts preset save`.',
  );
}

export async function deletePresetCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const name = interaction.options.getString('name', true);
  await deletePreset(ctx.db, place.guildId, name, {
    id: interaction.user.id,
    admin: managesPlace(interaction, ctx.groupDms),
  });
  await interaction.editReply(`Deleted the preset "${name.trim().toLowerCase()}".`);
}

/** `/guts start preset:`: the preset's variant and options, with options typed beside it on top. */
export function presetSetup(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  name: string,
  typed: { variantId: string | null; options: Record<string, unknown> },
): TableSetup {
  return async () => {
    const preset = await presetNamed(ctx.db, placeOf(interaction).guildId, name);
    if (typed.variantId && typed.variantId !== preset.variant) {
      throw new UserFacingError(
        `The preset ${preset.name} plays ${getVariant(preset.variant).name}: leave out variant:.`,
      );
    }
    return { variantId: preset.variant, options: { ...preset.options, ...typed.options } };
  };
}

/** Preset names for autocomplete: those starting with (else containing) what was typed. */
export async function presetChoices(ctx: BotContext, guildId: string, typed: string) {
  const q = typed.trim().toLowerCase();
  const presets = await listPresets(ctx.db, guildId);
  const ranked = [
    ...presets.filter((p) => p.name.startsWith(q)),
    ...presets.filter((p) => !p.name.startsWith(q) && p.name.includes(q)),
  ];
  return ranked
    .slice(0, 25)
    .map((p) => ({ name: `${p.name}: ${getVariant(p.variant).name}`.slice(0, 100), value: p.name }));
}

/** One line per preset: its name, variant and options. */
function presetLine(p: Preset): string {
  const options = Object.entries(p.options)
    .map(([k, v]) => `${k}=${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(' ');
  return `**${p.name}**: ${getVariant(p.variant).name}${options ? ` (${options})` : ''}`;
}
