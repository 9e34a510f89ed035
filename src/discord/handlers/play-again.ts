import { nextGameOpening } from '../../table/next-game.ts';
import { lobbyOpening } from '../game-commands.ts';
import { memberOf, placeOf } from '../interaction-place.ts';
import { buttonHandler } from './types.ts';

/**
 * Play again, on a game-over message: the host opens the next game in one press, with
 * the ended game's variant, options, phrase and computers, in a new lobby that asks
 * the ended game's other people to take their seat again with Join (anyone else may
 * join too, anyone seated may leave, and the host deals when ready): see
 * `Tables.endedGame`. Checked before the acknowledgement, so a stranger's press or one
 * after the next lobby opened is refused privately; the opening itself is a step like
 * `/guts start`'s.
 */
export const playAgainHandler = buttonHandler('again', ['again'], async (interaction, id, ctx) => {
  const place = placeOf(interaction);
  const host = memberOf(interaction);
  const ended = await ctx.tables.endedGame(Number(id.tableId), place, id.dealNo, host.id);
  const opening = lobbyOpening(interaction, ctx, async () => nextGameOpening(ended, place, host, interaction.id));
  return { kind: 'open', ...opening };
});
