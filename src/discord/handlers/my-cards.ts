import { gameOf } from '../../table/game-record.ts';
import { UserFacingError } from '../../table/user-facing-error.ts';
import { placeOf } from '../interaction-place.ts';
import { buttonHandler } from './types.ts';

/**
 * **My cards**: the presser's own cards, privately, as often as they like. Changes
 * nothing in the game; the answer (the step pipeline's, `CardsPlan`) becomes the
 * player's private message of the deal (ephemeral messages vanish when a client
 * reloads: this brings it back).
 */
export const myCardsHandler = buttonHandler('my-cards', ['cards'], async (interaction, id, ctx) => {
  const rt = await ctx.tables.pressTarget(Number(id.tableId), placeOf(interaction), id.dealNo, false);
  const playerId = interaction.user.id;
  if (!gameOf(rt.record).deal?.players.includes(playerId)) throw new UserFacingError('cards.notIn');
  return { kind: 'cards', table: rt, playerId };
});
