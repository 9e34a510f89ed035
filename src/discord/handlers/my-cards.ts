import { MessageFlags } from 'discord.js';
import type { GameState } from '../../engine/index.ts';
import { UserFacingError } from '../../table/errors.ts';
import { ackIfSlow, placeOf } from '../acks.ts';
import { type ButtonId, parseButtonId } from '../custom-id.ts';
import type { ComponentHandler } from './types.ts';

/**
 * **My cards**: the presser's own cards, privately, as often as they like. Changes
 * nothing in the game; the answer becomes the player's private message of the deal
 * (ephemeral messages vanish when a client reloads: this brings it back).
 */
export const myCardsHandler: ComponentHandler<ButtonId> = {
  name: 'my-cards',
  parse(interaction) {
    const id = parseButtonId(interaction.customId);
    return id?.action === 'cards' ? id : null;
  },
  async run(interaction, id, ctx) {
    const rt = await ctx.tables.pressTarget(Number(id.tableId), placeOf(interaction), id.dealNo, false);
    const state = rt.record.state as GameState;
    const playerId = interaction.user.id;
    if (!state.deal?.players.includes(playerId)) throw new UserFacingError('cards.notIn');
    const answer = await ackIfSlow(ctx.publisher.privateView(rt, state, playerId), () =>
      interaction.deferReply({ flags: MessageFlags.Ephemeral }),
    );
    const { payload, signature, asks } = await answer.work;
    if (answer.deferred) await interaction.editReply(payload);
    else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral });
    const handle = ctx.tokens.remember(rt.record.id, playerId, interaction);
    ctx.publisher.postedPrivately(rt, { state, version: rt.record.version, signature, asks }, playerId, handle);
  },
};
