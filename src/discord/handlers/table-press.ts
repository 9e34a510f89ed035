import { type MessageComponentInteraction, MessageFlags } from 'discord.js';
import {
  type Action,
  apply,
  awaiting,
  COMPUTER_LEVELS,
  type ComputerLevel,
  dealInPlay,
  type GameState,
} from '../../engine/index.ts';
import { t } from '../../i18n/index.ts';
import { UserFacingError } from '../../table/errors.ts';
import type { TableRuntime } from '../../table/runtimes.ts';
import type { Member } from '../../table/tables.ts';
import { ackIfSlow, memberOf, placeOf } from '../acks.ts';
import type { BotContext } from '../context.ts';
import { type ButtonAction, type ButtonId, parseButtonId } from '../custom-id.ts';
import { missingHere } from '../permissions.ts';
import { confirmation } from '../views/answers.ts';
import { underCards } from '../views/cards.ts';
import type { ComponentHandler } from './types.ts';

/**
 * Presses that change the game: sitting down, dealing, declaring, taking a card,
 * passing and swapping cards. Each family below says which actions are its own and how
 * its answer looks; the press itself runs the same way for all of them.
 */

/** When many steps are already waiting for the database, acknowledge before queueing. */
const BUSY_STEPS = 8;

/**
 * How a press is answered: a private line; nothing visible (the table message and the
 * player's private message show it); the player's private message, new ('cards'), or
 * the private message the menu is on, redrawn ('menu').
 */
type AnswerStyle = 'private' | 'quiet' | 'menu' | 'cards';
/** What a family asks for: a 'choice' is answered 'quiet' or 'cards' (see `answerStyle`). */
type PressStyle = Exclude<AnswerStyle, 'cards'> | 'choice';

interface PressFamily {
  name: string;
  actions: readonly ButtonAction[];
  /** Sitting down and standing up work from any deal's message. */
  lenient?: boolean;
  answer: PressStyle;
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
  // A dry run on the state as this process last saw it: most refusals are answered
  // at once, in one call, with nothing written. If that state is still the latest when
  // the step runs, the dry run is the step.
  const dryRun = { from: state, applied: apply(state, action) };
  const style = answerStyle(family.answer, rt, me.id, ctx, interaction);
  const defer = () =>
    style === 'private' || style === 'cards'
      ? interaction.deferReply({ flags: MessageFlags.Ephemeral })
      : interaction.deferUpdate();
  // A choice pressed on the player's own cards: its answer redraws them.
  const onCards = style === 'menu' && family.answer === 'choice';
  const busy = ctx.tables.inFlight >= BUSY_STEPS;
  if (busy) await defer();
  const work = ctx.tables.act(tableId, interaction.id, action, me, dryRun);
  let claimed = false;
  // Where the answer is the player's private message, it is drawn (picture, odds) before the budget runs out.
  const answered = work.then(async (result) => {
    const now = ctx.tables.runtimes.get(tableId) ?? rt;
    const latest = result?.after ?? (now.record.state as GameState);
    const version = result?.record.version ?? now.record.version;
    // No step published meanwhile edits the cards too.
    if (onCards) {
      ctx.publisher.claimPrivateMessage(now, latest, version, me.id);
      claimed = true;
    }
    // A choice that ended the deal (the reveal) has no private message left to show: a line says so.
    if ((style !== 'cards' && style !== 'menu') || !dealInPlay(latest)) return { result, cards: null };
    return { result, cards: { state: latest, version, ...(await ctx.publisher.privateView(now, latest, me.id)) } };
  });
  try {
    const acked = busy ? { work: answered, deferred: true } : await ackIfSlow(answered, defer);
    const { result, cards } = await acked.work;
    const handle = ctx.tokens.remember(tableId, me.id, interaction);
    if (cards) {
      const payload = { ...cards.payload, attachments: [] };
      if (style === 'menu' && !acked.deferred) await interaction.update(payload);
      else if (acked.deferred) await handle.editReply(payload);
      else await interaction.reply({ ...cards.payload, flags: MessageFlags.Ephemeral });
      // The menu's message, or this new answer, is the player's private message of the deal now.
      const now = ctx.tables.runtimes.get(tableId) ?? rt;
      ctx.publisher.postedPrivately(now, cards, me.id, handle);
    } else if (style === 'quiet') {
      if (!acked.deferred) await interaction.deferUpdate();
      ctx.publisher.pressedOn(tableId, interaction.message.id, handle);
    } else {
      // A private answer: in the presser's own language.
      const answer = result
        ? confirmation(action, result, interaction.locale)
        : t(interaction.locale, 'answer.already');
      // A choice pressed beside the cards keeps them there, with the answer under them.
      const content = onCards ? underCards(interaction.message.content, answer) : answer;
      if (style === 'menu' && !acked.deferred) await interaction.update({ content, components: [] });
      else if (acked.deferred) await handle.editReply({ content, components: [] });
      else await interaction.reply({ content: answer, flags: MessageFlags.Ephemeral });
    }
  } catch (err) {
    // The claimed message was not redrawn after all: the publisher draws it as the table stands.
    if (claimed) ctx.publisher.redrawPrivateMessage(ctx.tables.runtimes.get(tableId) ?? rt, me.id);
    throw err;
  } finally {
    // After the answer (private cards follow acknowledged interactions), and even when
    // answering failed: a committed step is always told to the channel.
    ctx.tables.publishWhenCommitted(work);
  }
}

/**
 * How a press is answered. A choice (Stay, Drop, Take) adds no message: the player's
 * private message of the deal shows it, redrawn by the press itself when pressed there,
 * else edited in place, unless they have none that can still be edited; then the answer
 * is that message, new.
 */
function answerStyle(
  style: PressStyle,
  rt: TableRuntime,
  playerId: string,
  ctx: BotContext,
  interaction: MessageComponentInteraction,
): AnswerStyle {
  if (style !== 'choice') return style;
  // Pressed on the player's own cards (the only ephemeral message with these buttons): redrawn in place.
  if (interaction.message.flags.has(MessageFlags.Ephemeral)) return 'menu';
  return ctx.publisher.livePrivateMessage(rt, playerId) ? 'quiet' : 'cards';
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
  answer: 'private',
  action: (id, me) =>
    id.action === 'join' ? { type: 'join', playerId: me.id, name: me.name } : { type: 'leave', playerId: me.id },
});

/** The host seats a computer player (its level picked in the lobby's menu) or takes the last one away. */
export const computerHandler = pressHandler({
  name: 'computer',
  actions: ['computer'],
  answer: 'private',
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
