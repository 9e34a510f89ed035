import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { t } from '../i18n/index.ts';
import { gameOf } from '../table/game-record.ts';
import type { Preset } from '../table/presets.ts';
import { UserFacingError } from '../table/user-facing-error.ts';
import type { BotContext } from './context.ts';
import type { TableSetup } from './game-commands.ts';
import { inGroupDm } from './install.ts';
import { placeOf } from './interaction-place.ts';
import { managesPlace } from './rights.ts';
import { clipLines, variantName } from './views/format.ts';

/** `/guts preset save|list|delete` and `/guts start preset:`: the saved table setups of a server or group DM. */

/** The host (or a server manager) names the running table's setup. */
export async function savePresetCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const state = gameOf((await ctx.tables.running(place)).record);
  if (state.host !== interaction.user.id && !managesPlace(interaction, ctx.groupDms)) {
    await interaction.editReply(t(interaction.locale, 'refusal.presetSave'));
    return;
  }
  const preset = await ctx.tables.presets.save(place.guildId, interaction.options.getString('name', true), {
    variant: state.variant,
    options: state.options,
    by: interaction.user.id,
  });
  const locale = interaction.locale;
  await interaction.editReply(t(locale, 'preset.saved', { preset: presetLine(preset, locale), name: preset.name }));
}

export async function listPresetsCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const presets = await ctx.tables.presets.list(place.guildId);
  const locale = interaction.locale;
  const lines = presets.map((p) => presetLine(p, locale));
  const title = inGroupDm(interaction) ? 'preset.listTitleGroupDm' : 'preset.listTitle';
  await interaction.editReply(
    presets.length ? `${t(locale, title)}\n${clipLines(lines, 1900, locale)}` : t(locale, 'preset.none'),
  );
}

export async function deletePresetCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const name = interaction.options.getString('name', true);
  await ctx.tables.presets.delete(place.guildId, name, {
    id: interaction.user.id,
    admin: managesPlace(interaction, ctx.groupDms),
  });
  await interaction.editReply(t(interaction.locale, 'preset.deleted', { name: name.trim().toLowerCase() }));
}

/** `/guts start preset:`: the preset's variant and options, with options typed beside it on top. */
export function presetSetup(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  name: string,
  typed: { variantId: string | null; options: Record<string, unknown> },
): TableSetup {
  return async () => {
    const preset = await ctx.tables.presets.named(placeOf(interaction).guildId, name);
    if (typed.variantId && typed.variantId !== preset.variant) {
      throw new UserFacingError('refusal.presetVariant', { name: preset.name, variant: preset.variant });
    }
    return { variantId: preset.variant, options: { ...preset.options, ...typed.options } };
  };
}

/** Preset names for autocomplete: those starting with (else containing) what was typed. */
export async function presetChoices(ctx: BotContext, guildId: string, typed: string, locale: string) {
  const q = typed.trim().toLowerCase();
  const presets = await ctx.tables.presets.list(guildId);
  const ranked = [
    ...presets.filter((p) => p.name.startsWith(q)),
    ...presets.filter((p) => !p.name.startsWith(q) && p.name.includes(q)),
  ];
  return ranked
    .slice(0, 25)
    .map((p) => ({ name: `${p.name}: ${variantName(p.variant, locale)}`.slice(0, 100), value: p.name }));
}

/** One line per preset: its name, variant and options. */
function presetLine(p: Preset, locale: string): string {
  const options = Object.entries(p.options)
    .map(([k, v]) => `${k}=${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(' ');
  const vars = { name: p.name, variant: variantName(p.variant, locale), options };
  return t(locale, options ? 'preset.lineOptions' : 'preset.line', vars);
}
