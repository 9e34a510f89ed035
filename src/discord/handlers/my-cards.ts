import { MessageFlags } from 'discord.js';
import { gameOf } from '../../table/game-record.ts';
import { UserFacingError } from '../../table/user-facing-error.ts';
import { ackIfSlow } from '../acks.ts';
import { placeOf } from '../interaction-place.ts';
import { buttonHandler } from './types.ts';

/**
 * **My cards**: the presser's own cards, privately, as often as they like. Changes
 * nothing in the game; the answer becomes the player's private message of the deal
 * (ephemeral messages vanish when a client reloads: this brings it back).
 */
export const myCardsHandler = buttonHandler('my-cards', ['cards'], async (interaction, id, ctx) => {
  const rt = await ctx.tables.pressTarget(Number(id.tableId), placeOf(interaction), id.dealNo, false);
  const playerId = interaction.user.id;
  if (!gameOf(rt.record).deal?.players.includes(playerId)) throw new UserFacingError('cards.notIn');
  // Not a step: the cards as the table stands, also between deals (the last deal's).
  const privately = ctx.publisher.answerPrivately(rt, playerId, null, { claim: false, afterDeal: true });
  if (!privately.cards) return undefined;
  const answer = await ackIfSlow(privately.cards, () => interaction.deferReply({ flags: MessageFlags.Ephemeral }));
  const payload = await answer.work;
  if (answer.deferred) await interaction.editReply(payload);
  else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral });
  privately.sent(ctx.tokens.remember(rt.record.id, playerId, interaction));
  return undefined;
});
