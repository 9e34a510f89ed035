import type { Action } from '../../engine/index.ts';
import type { StepResult } from '../../table/steps.ts';

/**
 * The private line that answers a seat press (Join, Leave) once its step has committed,
 * and a choice or pick that ended the deal. Other choices and picks are answered by the
 * player's private message itself (cards.ts).
 */
export function confirmation(action: Action, result: StepResult): string {
  switch (action.type) {
    case 'join':
      return result.after.phase === 'deal'
        ? "You're in from the next deal. Your cards will show up here."
        : "You're in. Your cards will show up here when the deal starts.";
    case 'leave':
      return result.after.players.some((p) => p.id === action.playerId)
        ? "You'll leave the table after this deal."
        : "You've left the table.";
    case 'declare':
    case 'take':
      return `${action.type === 'declare' && action.choice === 'drop' ? 'You drop' : 'You stay'}. Everyone has chosen: the result is in the channel.`;
    case 'addComputer': {
      const joined = result.events.find((e) => e.type === 'PlayerJoined');
      return `${joined?.type === 'PlayerJoined' ? joined.name : 'A computer player'} sits down. It decides only from what its seat can see.`;
    }
    case 'removeComputer':
      return 'The computer player left the table.';
    case 'pass':
      return 'Card passed.';
    case 'discard':
    case 'draw':
      return action.cards.length
        ? `Swapped ${action.cards.length} card${action.cards.length > 1 ? 's' : ''}.`
        : 'You keep your cards.';
    default:
      return 'Done.';
  }
}
