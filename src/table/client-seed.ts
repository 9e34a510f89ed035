import { type Action, type GameState, isDiscordId } from '../engine/index.ts';
import { RuleError } from '../rules/index.ts';

/**
 * What a press gives a fair game's client seed (docs/FAIRNESS.md): the id Discord made
 * for it, never a value of the bot's or the page's.
 */

/**
 * Joins and Deal presses carry the id Discord made for them (a snowflake: an
 * interaction's id, or an Activity press's instance launch id).
 */
export function withPress(action: Action, id: string): Action {
  if ((action.type !== 'join' && action.type !== 'startDeal') || action.press || !isDiscordId(id)) return action;
  return { ...action, press: id };
}

/**
 * A fair game opened by a press deals its first deal only once its client seed holds an
 * id Discord made after that press: an earlier one (an Activity launched before the
 * lobby) the bot could have known when it drew the seeds.
 */
export function checkClientSeed(before: GameState, after: GameState): void {
  const fair = after.fair;
  if (before.phase !== 'lobby' || after.dealNo === before.dealNo || fair?.after === undefined) return;
  if (fair.presses.length > 0) return;
  throw new RuleError('no-discord-press', 'The first deal needs a press Discord made after the lobby', undefined, {
    key: 'fairNeedsPress',
  });
}
