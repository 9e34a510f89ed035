import type { MessageComponentInteraction } from 'discord.js';
import { checkPress, type PressKind } from '../../table/presses.ts';
import { UserFacingError } from '../../table/user-facing-error.ts';
import type { BotContext } from '../context.ts';
import type { ButtonAction, ButtonId } from '../custom-id.ts';
import { memberOf, placeOf } from '../interaction-place.ts';
import type { PressAnswer, PressPlan } from '../step-pipeline.ts';
import { buttonHandler, type ComponentHandler } from './types.ts';

/**
 * Presses that change the game: sitting down, dealing, declaring, taking a card,
 * passing and swapping cards. Each family below says which buttons are its own and how
 * its answer looks; what a press does and its checks are the table layer's, the same
 * for a button and for the Activity's page (table/presses.ts), and the step pipeline
 * runs the plan the same way for all of them (step-pipeline.ts).
 */

interface PressFamily {
  name: string;
  actions: readonly ButtonAction[];
  answer: PressAnswer;
}

function pressHandler(family: PressFamily): ComponentHandler<ButtonId> {
  return buttonHandler(family.name, family.actions, (interaction, id, ctx) => planPress(interaction, id, ctx, family));
}

/** The presses made in a menu. */
const MENUS: readonly PressKind[] = ['pass', 'swap', 'keep', 'computer'];

/** What the button names, as the table layer's press. */
function pressKind(id: ButtonId): PressKind {
  if (id.action === 'computer') return id.arg === 'remove' ? 'removeComputer' : 'computer';
  return id.action as PressKind;
}

/** The press as a step: the table it points at, the action, its dry run and how it is answered. */
async function planPress(
  interaction: MessageComponentInteraction,
  id: ButtonId,
  ctx: BotContext,
  family: PressFamily,
): Promise<PressPlan> {
  const tableId = Number(id.tableId);
  const place = placeOf(interaction);
  const kind = pressKind(id);
  // What a menu picked: the cards to pass or swap, or a computer player's level.
  const menu = MENUS.includes(kind) && interaction.isStringSelectMenu() ? interaction.values : [];
  const request = {
    tableId,
    dealNo: id.dealNo,
    kind,
    cards: kind === 'computer' ? [] : pickedCards(menu),
    ...(kind === 'computer' && menu[0] !== undefined ? { level: menu[0] } : {}),
  };
  const checked = await checkPress(ctx.tables, request, place, memberOf(interaction));
  // A repeat changes nothing: acknowledged quietly, whatever its answer style.
  return { kind: 'press', ...checked, answer: checked.action ? family.answer : 'quiet' };
}

/** The cards a player picked in a menu, checked to be cards at all (the engine checks they are theirs). */
function pickedCards(values: readonly string[]): number[] {
  const cards = values.map(Number);
  if (cards.some((c) => !Number.isInteger(c) || c < 0 || c > 51)) {
    throw new UserFacingError('refusal.notYourCard');
  }
  return cards;
}

export const seatHandler = pressHandler({ name: 'seat', actions: ['join', 'leave'], answer: 'line' });

/** The host seats a computer player (its level picked in the lobby's menu) or takes the last one away. */
export const computerHandler = pressHandler({ name: 'computer', actions: ['computer'], answer: 'line' });

export const dealHandler = pressHandler({ name: 'deal', actions: ['deal'], answer: 'quiet' });

export const declareHandler = pressHandler({ name: 'declare', actions: ['stay', 'drop', 'take'], answer: 'choice' });

export const passHandler = pressHandler({ name: 'pass', actions: ['pass'], answer: 'menu' });

/** Swapping cards (a discard before declaring or a draw after), or keeping them all. */
export const swapHandler = pressHandler({ name: 'swap', actions: ['swap', 'keep'], answer: 'menu' });
