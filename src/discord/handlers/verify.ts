import { MessageFlags } from 'discord.js';
import { placeOf } from '../interaction-place.ts';
import { verifyPanel } from '../views/verify.ts';
import { buttonHandler } from './types.ts';

/**
 * A result's **Verify** button: the deal's proof, privately, from its hand history
 * (`Tables.proofs`). Read-only, no game step.
 */
export const verifyHandler = buttonHandler('verify', ['verify'], async (interaction, id, ctx) => {
  const found = await ctx.tables.proofs.of(Number(id.tableId), placeOf(interaction), id.dealNo);
  const panel = verifyPanel(found, id.dealNo, interaction.locale, ctx.fairnessUrl);
  await interaction.reply({ ...panel, flags: MessageFlags.Ephemeral });
  return undefined;
});
