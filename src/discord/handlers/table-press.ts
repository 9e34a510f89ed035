import type { MessageComponentInteraction } from 'discord.js';
import {
  type Action,
  apply,
  awaiting,
  COMPUTER_LEVELS,
  type ComputerLevel,
  type GameState,
} from '../../engine/index.ts';
import { gameOf } from '../../table/game-record.ts';
import type { TableRuntime } from '../../table/runtimes.ts';
import { tableDealNo } from '../../table/table-notes.ts';
import type { Member } from '../../table/tables.ts';
import { UserFacingError } from '../../table/user-facing-error.ts';
import type { BotContext } from '../context.ts';
import type { ButtonAction, ButtonId } from '../custom-id.ts';
import { isUserFacing } from '../error-boundary.ts';
import { memberOf, placeOf } from '../interaction-place.ts';
import { missingHere } from '../permissions.ts';
import type { PressAnswer, PressPlan } from '../step-pipeline.ts';
import { buttonHandler, type ComponentHandler } from './types.ts';

/**
 * Presses that change the game: sitting down, dealing, declaring, taking a card,
 * passing and swapping cards. Each family below says which actions are its own and how
 * its answer looks; a press is parsed here into a plan, and the step pipeline runs it
 * the same way for all of them (step-pipeline.ts).
 */

interface PressFamily {
  name: string;
  actions: readonly ButtonAction[];
  /** Sitting down and standing up work from any deal's message. */
  lenient?: boolean;
  answer: PressAnswer;
  /**
   * Whether the press asks for what an earlier press of the same button already did
   * (checked on the table as it is now): then it changes nothing and is acknowledged
   * quietly, whatever its answer style, rather than refused as stale.
   */
  repeats?(id: ButtonId, me: Member, table: TableRuntime): boolean;
  action(id: ButtonId, me: Member, state: GameState, interaction: MessageComponentInteraction): Action;
}

function pressHandler(family: PressFamily): ComponentHandler<ButtonId> {
  return buttonHandler(family.name, family.actions, (interaction, id, ctx) => planPress(interaction, id, ctx, family));
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
  noticeLostPermissions(interaction, tableId, place.channelId, ctx);
  const { repeats } = family;
  const lenient = family.lenient === true;
  // A repeat points at an earlier deal's message: the stale check waits until it is ruled out.
  const table = await ctx.tables.pressTarget(tableId, place, id.dealNo, lenient || repeats !== undefined);
  const state = gameOf(table.record);
  const member = memberOf(interaction);
  if (repeats) {
    if (repeats(id, member, table)) return { kind: 'press', table, action: null, member, answer: 'quiet' };
    if (!lenient && id.dealNo !== tableDealNo(table.messages, state.dealNo)) {
      throw new UserFacingError('refusal.dealOver');
    }
  }
  const action = family.action(id, member, state, interaction);
  // A dry run on the state as this process last saw it: most refusals are answered
  // at once, in one call, with nothing written. If that state is still the latest when
  // the step runs, the dry run is the step.
  const dryRun = { from: state, applied: apply(state, action) };
  // Refused at commit because an earlier press of it committed first: it was a repeat too.
  const repeated = repeats && ((err: unknown) => isUserFacing(err) && repeats(id, member, table));
  return { kind: 'press', table, action, member, dryRun, answer: family.answer, ...(repeated ? { repeated } : {}) };
}

/**
 * Every press carries the bot's permissions in its channel (`app_permissions`). The
 * table's messages ride interaction tokens, which Discord lets through without them,
 * but a server admin who took a permission away wants the bot to stop posting there:
 * the table is paused as if a channel call had been refused, without making one.
 */
function noticeLostPermissions(
  interaction: MessageComponentInteraction,
  tableId: number,
  channelId: string,
  ctx: BotContext,
): void {
  const record = ctx.tables.runtimes.get(tableId)?.record;
  if (record?.channelId !== channelId || !record.running) return;
  const missing = missingHere(interaction);
  if (missing.length) ctx.lost.markLost(tableId, channelId, 'no-permission');
}

/** The cards a player picked in a menu, checked to be cards at all (the engine checks they are theirs). */
function pickedCards(interaction: MessageComponentInteraction): number[] {
  const cards = interaction.isStringSelectMenu() ? interaction.values.map(Number) : [];
  if (cards.some((c) => !Number.isInteger(c) || c < 0 || c > 51)) {
    throw new UserFacingError('refusal.notYourCard');
  }
  return cards;
}

export const seatHandler = pressHandler({
  name: 'seat',
  actions: ['join', 'leave'],
  lenient: true,
  answer: 'line',
  action: (id, me) =>
    id.action === 'join' ? { type: 'join', playerId: me.id, name: me.name } : { type: 'leave', playerId: me.id },
});

/** The host seats a computer player (its level picked in the lobby's menu) or takes the last one away. */
export const computerHandler = pressHandler({
  name: 'computer',
  actions: ['computer'],
  answer: 'line',
  action: (id, me, _state, interaction) => {
    if (id.arg === 'remove') return { type: 'removeComputer', by: me.id };
    const [level] = interaction.isStringSelectMenu() ? interaction.values : [];
    if (!COMPUTER_LEVELS.includes(level as ComputerLevel)) throw new UserFacingError('refusal.pickLevel');
    return { type: 'addComputer', by: me.id, level: level as ComputerLevel };
  },
});

export const dealHandler = pressHandler({
  name: 'deal',
  actions: ['deal'],
  answer: 'quiet',
  // Pressed again (a host's double or quadruple click) once the deal it starts has begun.
  repeats: (id, me, table) => {
    const state = gameOf(table.record);
    return me.id === state.host && tableDealNo(table.messages, state.dealNo) === id.dealNo + 1;
  },
  action: (_id, me) => ({ type: 'startDeal', by: me.id }),
});

export const declareHandler = pressHandler({
  name: 'declare',
  actions: ['stay', 'drop', 'take'],
  answer: 'choice',
  action: (id, me) =>
    id.action === 'take'
      ? { type: 'take', playerId: me.id }
      : { type: 'declare', playerId: me.id, choice: id.action === 'stay' ? 'stay' : 'drop' },
});

export const passHandler = pressHandler({
  name: 'pass',
  actions: ['pass'],
  answer: 'menu',
  action: (_id, me, _state, interaction) => {
    const cards = pickedCards(interaction);
    if (cards.length !== 1) throw new UserFacingError('refusal.pickOnePass');
    return { type: 'pass', playerId: me.id, card: cards[0] as number };
  },
});

/** Swapping cards (a discard before declaring or a draw after), or keeping them all. */
export const swapHandler = pressHandler({
  name: 'swap',
  actions: ['swap', 'keep'],
  answer: 'menu',
  action: (_id, me, state, interaction) => {
    const kind = awaiting(state).kind;
    if (kind !== 'discard' && kind !== 'draw') throw new UserFacingError('refusal.nothingToSwap');
    return { type: kind, playerId: me.id, cards: pickedCards(interaction) };
  },
});
