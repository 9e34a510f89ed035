import type { MessageComponentInteraction } from 'discord.js';
import { PRESS_KINDS, type PressKind } from '../../table/press-kinds.ts';
import { checkPress } from '../../table/presses.ts';
import { UserFacingError } from '../../table/user-facing-error.ts';
import type { BotContext } from '../context.ts';
import type { ButtonId } from '../custom-id.ts';
import { memberOf, placeOf } from '../interaction-place.ts';
import type { PressAnswer, PressPlan } from '../step-pipeline.ts';
import { buttonHandler, type ComponentHandler } from './types.ts';

/**
 * Presses that change the game: sitting down, dealing, declaring, taking a card,
 * passing and swapping cards, seating computer players. What a press does and its
 * checks are the table layer's, the same for a button and for the Activity's page
 * (table/presses.ts), and the step pipeline runs the plan the same way for all of them
 * (step-pipeline.ts); the chat's own part is how each press is answered.
 */

/** How each press is answered in the chat: every press kind has one, so a new kind fails to compile until it is said. */
const ANSWERS = {
  join: 'line',
  leave: 'line',
  computer: 'line',
  removeComputer: 'line',
  deal: 'quiet',
  stay: 'choice',
  drop: 'choice',
  take: 'choice',
  pass: 'menu',
  swap: 'menu',
  keep: 'menu',
} as const satisfies Record<PressKind, PressAnswer>;

/** The presses made in a menu (what it picked: the cards to pass or swap, or a computer player's level). */
const MENUS: readonly PressKind[] = ['pass', 'swap', 'keep', 'computer'];

/** The press as a step: the table it points at, the action, its dry run and how it is answered. */
async function planPress(
  interaction: MessageComponentInteraction,
  id: ButtonId<PressKind>,
  ctx: BotContext,
): Promise<PressPlan> {
  const kind = id.action;
  const menu = MENUS.includes(kind) && interaction.isStringSelectMenu() ? interaction.values : [];
  const request = {
    tableId: Number(id.tableId),
    dealNo: id.dealNo,
    kind,
    cards: kind === 'computer' ? [] : pickedCards(menu),
    ...(kind === 'computer' && menu[0] !== undefined ? { level: menu[0] } : {}),
  };
  const checked = await checkPress(ctx.tables, request, placeOf(interaction), memberOf(interaction));
  // A repeat changes nothing: acknowledged quietly, whatever its answer style.
  return { kind: 'press', ...checked, answer: checked.action ? ANSWERS[kind] : 'quiet' };
}

/** The cards a player picked in a menu, checked to be cards at all (the engine checks they are theirs). */
function pickedCards(values: readonly string[]): number[] {
  const cards = values.map(Number);
  if (cards.some((c) => !Number.isInteger(c) || c < 0 || c > 51)) {
    throw new UserFacingError('refusal.notYourCard');
  }
  return cards;
}

/** Every press on the game's buttons and menus (`PRESS_KINDS`). */
export const tablePressHandler: ComponentHandler<ButtonId<PressKind>> = buttonHandler('press', PRESS_KINDS, planPress);
