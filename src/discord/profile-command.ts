import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { t } from '../i18n/index.ts';
import { chooseToAppear } from '../table/global-board.ts';
import type { BotContext } from './context.ts';

/**
 * `/guts profile public:`: whether the player appears on the cross-server board (off
 * unless they say so), under their Discord name: never a server's nickname, which would
 * say where they play.
 */
export async function profileCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const isPublic = interaction.options.getBoolean('public', true);
  const name = interaction.user.displayName.slice(0, 32);
  await chooseToAppear(ctx.db, interaction.user.id, isPublic, name, Date.now());
  await interaction.reply({
    content: t(interaction.locale, isPublic ? 'profile.public' : 'profile.private'),
    flags: MessageFlags.Ephemeral,
  });
}
