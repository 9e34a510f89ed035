import type { Commit } from '../table/commit-and-publish.ts';
import { nextGameOpening } from '../table/next-game.ts';
import type { Member, Place, Tables } from '../table/tables.ts';

/**
 * Play again pressed on the page at game over: the chat's game-over button's one way
 * (discord/handlers/play-again.ts), through the table layer. `Tables.endedGame` decides
 * whether the presser may (the ended game's host, from its last deal, nothing opened
 * since) and what the next game is (its variant, options, look, phrase and computers,
 * its other people asked back); the page decides nothing. Committed as `/guts start`'s
 * first step, keyed by the page's request.
 */
export function playAgainCommit(
  tables: Pick<Tables, 'endedGame' | 'openGame'>,
  target: { tableId: number; dealNo: number },
  place: Place,
  host: Member,
  key: string,
): Commit {
  return async () => {
    const ended = await tables.endedGame(target.tableId, place, target.dealNo, host.id);
    const { result } = await tables.openGame(nextGameOpening(ended, place, host, key));
    return { step: result };
  };
}
