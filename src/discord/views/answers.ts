import type { Action } from '../../engine/index.ts';
import { awaiting } from '../../engine/index.ts';
import type { StepResult } from '../../table/steps.ts';
import { chips } from './format.ts';

/** The private line that answers a player's press once its step has committed. */
export function confirmation(action: Action, result: StepResult, cost: number): string {
  switch (action.type) {
    case 'join':
      return result.after.phase === 'deal'
        ? "You're in from the next deal. Your cards will show up here."
        : "You're in. Your cards will show up here when the deal starts.";
    case 'leave':
      return result.after.players.some((p) => p.id === action.playerId)
        ? "You'll leave the table after this deal."
        : "You've left the table.";
    case 'declare': {
      const before = result.before ? awaiting(result.before) : null;
      const simultaneous = before?.kind === 'declare' && before.mode === 'simultaneous';
      const revealed = result.events.some((e) => e.type === 'Revealed');
      const penalty = cost > 0 ? ` It costs you ${chips(cost)} (drop penalty).` : '';
      const verb = action.choice === 'stay' ? "You're staying" : "You're dropping";
      if (simultaneous && !revealed) return `${verb}: hidden until the reveal; you can change until then.${penalty}`;
      return `${verb}.${penalty}${revealed ? ' Everyone has chosen: the reveal is in the channel.' : ''}`;
    }
    case 'take':
      return 'You take your card: you are in.';
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
