import { type MessageComponentInteraction, MessageFlags } from 'discord.js';
import { type Action, apply, awaiting, type GameState } from '../../engine/index.ts';
import { dropCost } from '../../engine/preview.ts';
import { UserFacingError } from '../../table/errors.ts';
import type { Member } from '../../table/tables.ts';
import { ackIfSlow, memberOf, placeOf } from '../acks.ts';
import type { BotContext } from '../context.ts';
import { type ButtonAction, type ButtonId, parseButtonId } from '../custom-id.ts';
import { missingPermissions } from '../permissions.ts';
import { confirmation } from '../views/answers.ts';
import type { ComponentHandler } from './types.ts';

/**
 * Presses that change the game: sitting down, dealing, declaring, taking a card,
 * passing and swapping cards. Each family below says which actions are its own and how
 * its answer looks; the press itself runs the same way for all of them.
 */

/** When many steps are already waiting for the database, acknowledge before queueing. */
const BUSY_STEPS = 8;

/** How a press is answered: a private line, nothing visible (the table message shows it), or the menu it came from. */
type AnswerStyle = 'private' | 'quiet' | 'menu';

interface PressFamily {
  name: string;
  actions: readonly ButtonAction[];
  /** Sitting down and standing up work from any deal's message. */
  lenient?: boolean;
  answer: AnswerStyle;
  action(id: ButtonId, me: Member, state: GameState, interaction: MessageComponentInteraction): Action;
}

function pressHandler(family: PressFamily): ComponentHandler<ButtonId> {
  return {
    name: family.name,
    parse(interaction) {
      const id = parseButtonId(interaction.customId);
      return id && family.actions.includes(id.action) ? id : null;
    },
    run: (interaction, id, ctx) => press(interaction, id, ctx, family),
  };
}

async function press(
  interaction: MessageComponentInteraction,
  id: ButtonId,
  ctx: BotContext,
  family: PressFamily,
): Promise<void> {
  const tableId = Number(id.tableId);
  const place = placeOf(interaction);
  noticeLostPermissions(interaction, tableId, place.channelId, ctx);
  const rt = await ctx.tables.pressTarget(tableId, place, id.dealNo, family.lenient === true);
  const state = rt.record.state as GameState;
  const me = memberOf(interaction);
  const action = family.action(id, me, state, interaction);
  const cost = action.type === 'declare' && action.choice === 'drop' ? dropCost(state) : 0;
  // A dry run on the state as this process last saw it: most refusals are answered
  // at once, in one call, with nothing written. If that state is still the latest when
  // the step runs, the dry run is the step.
  const dryRun = { from: state, applied: apply(state, action) };
  // A menu's answer replaces the menu; a button beside it (Keep my cards) answers privately.
  const style = family.answer === 'menu' && !interaction.isStringSelectMenu() ? 'private' : family.answer;
  const defer = () =>
    style === 'private' ? interaction.deferReply({ flags: MessageFlags.Ephemeral }) : interaction.deferUpdate();
  const busy = ctx.tables.inFlight >= BUSY_STEPS;
  if (busy) await defer();
  const work = ctx.tables.act(tableId, interaction.id, action, me, dryRun);
  try {
    const acked = busy ? { work, deferred: true } : await ackIfSlow(work, defer);
    const result = await acked.work;
    const answer = result ? confirmation(action, result, cost) : 'Already done.';
    if (style === 'menu') {
      if (acked.deferred) await interaction.editReply({ content: answer, components: [] });
      else await interaction.update({ content: answer, components: [] });
    } else if (style === 'quiet') {
      if (!acked.deferred) await interaction.deferUpdate();
    } else if (acked.deferred) await interaction.editReply({ content: answer });
    else await interaction.reply({ content: answer, flags: MessageFlags.Ephemeral });
    ctx.tokens.remember(tableId, me.id, interaction);
  } finally {
    // After the answer (private cards follow acknowledged interactions), and even when
    // answering failed: a committed step is always told to the channel.
    ctx.tables.publishWhenCommitted(work);
  }
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
  const missing = missingPermissions(interaction.appPermissions, interaction.channel?.isThread() ?? false);
  if (missing.length) ctx.lost.markLost(tableId, channelId, 'no-permission');
}

/** The cards a player picked in a menu, checked to be cards at all (the engine checks they are theirs). */
function pickedCards(interaction: MessageComponentInteraction): number[] {
  const cards = interaction.isStringSelectMenu() ? interaction.values.map(Number) : [];
  if (cards.some((c) => !Number.isInteger(c) || c < 0 || c > 51)) {
    throw new UserFacingError('That is not one of your cards.');
  }
  return cards;
}

export const seatHandler = pressHandler({
  name: 'seat',
  actions: ['join', 'leave'],
  lenient: true,
  answer: 'private',
  action: (id, me) =>
    id.action === 'join' ? { type: 'join', playerId: me.id, name: me.name } : { type: 'leave', playerId: me.id },
});

export const dealHandler = pressHandler({
  name: 'deal',
  actions: ['deal'],
  answer: 'quiet',
  action: (_id, me) => ({ type: 'startDeal', by: me.id }),
});

export const declareHandler = pressHandler({
  name: 'declare',
  actions: ['stay', 'drop', 'take'],
  answer: 'private',
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
    if (cards.length !== 1) throw new UserFacingError('Pick exactly one card to pass.');
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
    if (kind !== 'discard' && kind !== 'draw') throw new UserFacingError('There is nothing to swap now.');
    return { type: kind, playerId: me.id, cards: pickedCards(interaction) };
  },
});
