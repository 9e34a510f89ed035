import type { Action } from '../../engine/index.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import type { StepResult } from '../../table/steps.ts';
import { seatName } from './format.ts';

/**
 * The private line that answers a seat press (Join, Leave) once its step has committed,
 * and a choice or pick that ended the deal. Other choices and picks are answered by the
 * player's private message itself (cards.ts).
 */
export function confirmation(action: Action, result: StepResult, locale: string = SOURCE_LOCALE): string {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  switch (action.type) {
    case 'join':
      return say(result.after.phase === 'deal' ? 'answer.joinedNext' : 'answer.joined');
    case 'leave':
      return say(result.after.players.some((p) => p.id === action.playerId) ? 'answer.leaving' : 'answer.left');
    case 'declare':
    case 'take':
      return say(action.type === 'declare' && action.choice === 'drop' ? 'answer.droppedAll' : 'answer.stayedAll');
    case 'addComputer': {
      const joined = result.events.find((e) => e.type === 'PlayerJoined');
      return say('answer.computerSits', {
        name:
          joined?.type === 'PlayerJoined' ? seatName(joined.playerId, joined.name, locale) : say('answer.aComputer'),
      });
    }
    case 'removeComputer':
      return say('answer.computerLeft');
    case 'pass':
      return say('answer.passed');
    case 'discard':
    case 'draw':
      return action.cards.length ? say('answer.swapped', { count: action.cards.length }) : say('answer.kept');
    // Answered otherwise (quietly, by a form's menu, by a command), or never a press: should one get here, "done".
    case 'startDeal':
    case 'timeout':
    case 'stop':
    case 'setOptions':
      return say('answer.done');
    default:
      return action satisfies never;
  }
}
