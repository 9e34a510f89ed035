import type { TableRuntime } from '../../table/runtimes.ts';
import { type ButtonId, parseButtonId } from '../custom-id.ts';
import { postLobby } from '../game-commands.ts';
import { memberOf, placeOf } from '../interaction-place.ts';
import type { ComponentHandler } from './types.ts';

/**
 * Play again, on a game-over message: the host opens the next game in one press, with
 * the ended game's variant, options and seats, in a new lobby (others may still join,
 * anyone seated may leave, and the host deals when ready). Checked before the
 * acknowledgement, so a stranger's press or one after the next lobby opened is refused
 * privately; the opening itself is a step like `/guts start`'s.
 */
export const playAgainHandler: ComponentHandler<ButtonId> = {
  name: 'again',
  parse(interaction) {
    const id = parseButtonId(interaction.customId);
    return id?.action === 'again' ? id : null;
  },
  async run(interaction, id, ctx) {
    const place = placeOf(interaction);
    const host = memberOf(interaction);
    const ended = await ctx.tables.endedGame(Number(id.tableId), place, id.dealNo, host.id);
    return {
      kind: 'open',
      commit: async () => {
        const { variantId, options, look, seats } = ended;
        const opened = await ctx.tables.openGame(
          place,
          host,
          variantId,
          options,
          look,
          interaction.id,
          undefined,
          seats,
        );
        return { runtime: opened.runtime, step: opened.result };
      },
      answer: ({ runtime }: { runtime: TableRuntime }) => postLobby(interaction, ctx, runtime, host.id),
    };
  },
};
