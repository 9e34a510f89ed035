import type { Commit } from '../table/commit-and-publish.ts';
import { nextGameOpening } from '../table/next-game.ts';
import type { Member, Place, Tables } from '../table/tables.ts';
import type { OptionChanges } from './option-changes.ts';

/**
 * Play again pressed on the page at game over: the chat's game-over button's one way
 * (discord/handlers/play-again.ts), through the table layer. `Tables.endedGame` decides
 * whether the presser may (the ended game's host, from its last deal, nothing opened
 * since) and what the next game is (its variant, options, look, phrase and computers,
 * its other people asked back); the page decides nothing but the rules the host changed
 * for it (`changes`). Committed as `/guts start`'s first step, keyed by the page's request.
 */
export function playAgainCommit(
  tables: Pick<Tables, 'endedGame' | 'openGame'>,
  target: { tableId: number; dealNo: number },
  place: Place,
  host: Member,
  key: string,
  changes: OptionChanges = {},
): Commit {
  return async () => {
    const ended = await tables.endedGame(target.tableId, place, target.dealNo, host.id);
    // The host's rules panel at game over: its changes laid over the ended game's, checked as `/guts start` checks them.
    const next = { ...ended, options: { ...ended.options, ...changes } };
    const { result } = await tables.openGame(nextGameOpening(next, place, host, key));
    return { step: result };
  };
}
