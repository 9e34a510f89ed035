import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
} from 'discord.js';
import { prettyCard, prettyCards } from '../../cards/card.ts';
import type { Choice, PlayerView, PrivateFacts } from '../../engine/index.ts';
import { dropCost, type HandPreview } from '../../engine/preview.ts';
import type { EquityResult } from '../../hands/index.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import { type HandOptions, handText, type Picture } from '../../render/index.ts';
import { getVariant } from '../../rules/index.ts';
import { UserFacingError } from '../../table/user-facing-error.ts';
import { handName } from '../../words/hand-names.ts';
import { oddsLine } from '../../words/odds.ts';
import { cardEmojis } from '../card-emojis.ts';
import { encodeButtonId } from '../custom-id.ts';
import { type ButtonTarget, buttonRow } from './buttons.ts';
import { handCaption, textWords } from './captions.ts';
import { chips, clip, clipLines, escapeName, seatName, variantName } from './format.ts';
import { choiceButtons } from './table-pieces.ts';

/** The "pass", "discard" or "draw" picker, shown under the player's cards when it is their move. */
function pickerRows(
  target: ButtonTarget,
  view: PlayerView,
  playerId: string,
  cards: readonly number[],
  locale: string,
) {
  const wait = view.awaiting;
  if (!(wait.kind === 'pass' || wait.kind === 'discard' || wait.kind === 'draw')) return [];
  if (!wait.pending.includes(playerId)) return [];
  const pass = wait.kind === 'pass';
  const menu = new StringSelectMenuBuilder()
    .setCustomId(
      encodeButtonId({ tableId: String(target.tableId), dealNo: target.dealNo, action: pass ? 'pass' : 'swap' }),
    )
    .setPlaceholder(t(locale, pass ? 'cards.pickPass' : 'cards.pickSwap', { count: wait.max }))
    .setMinValues(1)
    .setMaxValues(pass ? 1 : Math.min(wait.max, cards.length))
    .addOptions(cards.map((c) => new StringSelectMenuOptionBuilder().setLabel(prettyCard(c)).setValue(String(c))));
  const rows: (ActionRowBuilder<StringSelectMenuBuilder> | ReturnType<typeof buttonRow>)[] = [
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu),
  ];
  if (!pass) {
    rows.push(buttonRow(target, [{ action: 'keep', label: t(locale, 'button.keep'), style: ButtonStyle.Secondary }]));
  }
  return rows;
}

/**
 * Stay and Drop (or Take and Drop) beside the cards while the choice is asked of this
 * player: pressed here, the answer is this message, redrawn in place.
 */
function choiceRows(target: ButtonTarget, view: PlayerView, playerId: string, locale: string) {
  const wait = view.awaiting;
  if (!(wait.kind === 'declare' || wait.kind === 'take') || !wait.pending.includes(playerId)) return [];
  return [buttonRow(target, choiceButtons(view, locale))];
}

/**
 * The picture a player's cards answer shows: none in Indian guts (where you can't see
 * your own card), and none to draw when the cards go as emojis.
 */
export function handPicture(
  view: PlayerView,
  playerId: string,
  preview: HandPreview,
): { cards: number[]; options: HandOptions } | null {
  const cards = visibleCards(view, playerId);
  if (!cards.length || getVariant(view.variant).forehead || cardEmojis()) return null;
  return handShown(cards, preview);
}

function handShown(cards: number[], preview: HandPreview): { cards: number[]; options: HandOptions } {
  return { cards, options: preview.hand ? { highlight: preview.hand.cards } : {} };
}

/** A player's cards as this view shows them (the viewer's own, or in Indian guts everyone else's). */
function visibleCards(view: PlayerView, playerId: string): number[] {
  return (view.deal?.hands[playerId] ?? []).filter((c): c is number => c !== null);
}

/** Discord's limit for a message's content. */
const CONTENT_MAX = 2000;

/** A private cards message as it was, an answer on a line under it (a choice pressed there that ended the deal). */
export function underCards(cards: string, answer: string): string {
  return cards ? `${clip(cards, CONTENT_MAX - answer.length - 1)}\n${answer}` : answer;
}

/**
 * What a player's private message shows beside the picture and the odds: it changes
 * exactly when the message would, so it is edited only then (and never for odds alone).
 */
export function privateSignature(facts: PrivateFacts): string {
  const d = facts.deal;
  const wait = facts.awaiting;
  // What the player is asked (its buttons or picker, and their labels), if anything.
  const asked = privateAsks(facts)
    ? [
        wait.kind,
        'max' in wait ? wait.max : 0,
        'count' in wait ? wait.count : 0,
        'canDrop' in wait ? wait.canDrop : true,
        dropCost(facts),
      ]
    : [];
  return JSON.stringify([
    facts.dealNo,
    d?.hand,
    d?.up,
    d?.round,
    d?.in,
    d?.dead,
    d?.myChoice,
    d?.myChoice === 'drop' ? dropCost(facts) : 0,
    asked,
  ]);
}

/**
 * The game asks something of this player now (a choice, or cards to pass, discard or
 * draw): their private message carries its buttons or picker, which go when it stops asking.
 */
export function privateAsks(facts: Pick<PrivateFacts, 'viewer' | 'awaiting'>): boolean {
  const wait = facts.awaiting;
  return 'pending' in wait && wait.pending.includes(facts.viewer);
}

/**
 * How a deal that ended left a player's choice: their last choice (the reveal's, or
 * none), said in the past tense; the private message then asks nothing more.
 */
export interface DealEnded {
  choice: Choice | null;
}

/**
 * The player's own choice this round, as only they may read it before the reveal; once
 * the deal ended, what they chose, in the past tense, and that the deal is over.
 */
function choiceLine(state: PlayerView, playerId: string, locale: string, ended: DealEnded | null): string | null {
  const d = state.deal;
  const choice = ended ? ended.choice : d?.myChoice;
  if (!d?.players.includes(playerId)) return null;
  const over = ended && t(locale, 'cards.over');
  if (!choice) return over || null;
  const key = ended ? (choice === 'stay' ? 'stayed' : 'dropped') : choice;
  const said = d.round > 1 ? t(locale, `cards.${key}Round`, { round: d.round }) : t(locale, `cards.${key}`);
  const cost = choice === 'drop' ? dropCost(state) : 0;
  const wait = state.awaiting;
  return [
    said,
    cost > 0 && t(locale, ended ? 'cards.lateDropped' : 'cards.lateDrop', { amount: chips(cost, locale) }),
    !ended && wait.kind === 'declare' && wait.mode === 'simultaneous' && t(locale, 'cards.hidden'),
    over,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A player's one private message of a deal (and the answer to **My cards**): the cards
 * as a picture with a text line, the hand's name, the odds unless the table turned
 * them off, their own choice, and the picker when a pass, discard or draw is theirs.
 */
export function cardsView(
  target: ButtonTarget,
  /** The game as this player may see it (engine `viewFor`). */
  state: PlayerView,
  playerId: string,
  preview: HandPreview,
  odds: EquityResult | null,
  picture: Picture | null,
  /** The player's language (their Discord client's). */
  locale: string = SOURCE_LOCALE,
  /** The table's deck: clubs green and diamonds blue. */
  fourColour = false,
  /** The deal is over (`state` is as it last stood in play): nothing is current any more. */
  ended: DealEnded | null = null,
) {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const d = state.deal;
  if (!d?.players.includes(playerId)) throw new UserFacingError('cards.notIn');
  const variant = getVariant(state.variant);
  const title = say('cards.title', { variant: variantName(variant.id, locale), deal: target.dealNo });
  if (variant.forehead) {
    const others = d.players
      .filter((p) => p !== playerId)
      .map((p) => {
        const name = seatName(p, state.players.find((s) => s.id === p)?.name ?? p, locale);
        return `${escapeName(name)} ${prettyCards(visibleCards(state, p))}`;
      });
    const choice = choiceLine(state, playerId, locale, ended);
    const head = [title, say('cards.forehead'), choice, say('cards.youSee')].filter(Boolean).join('\n');
    return {
      content: `${head}\n${clipLines(others, CONTENT_MAX - head.length - 1, locale)}`,
      files: [] as AttachmentBuilder[],
      components: ended ? [] : choiceRows(target, state, playerId, locale),
    };
  }
  const cards = visibleCards(state, playerId);
  const lines = [`${title}: ${handText(cards, {}, textWords(locale))}`];
  // The cards as emojis, on a line of their own, the winning ones outlined.
  const emojis = cardEmojis();
  const shown = handShown(cards, preview);
  if (emojis && cards.length) lines.unshift(emojis.row(cards, fourColour, shown.options.highlight));
  if (preview.hand) lines.push(say('cards.best', { hand: handName(preview.hand, locale) }));
  if (odds && state.options.odds) lines.push(oddsLine(odds, preview.equity?.opponents ?? 0, locale));
  const choice = choiceLine(state, playerId, locale, ended);
  if (choice) lines.push(choice);
  else if (d.dead.includes(playerId)) lines.push(say('cards.dead'));
  else if (!d.in.includes(playerId)) lines.push(say('cards.out'));
  const files: AttachmentBuilder[] = [];
  if (picture && !emojis) {
    const description = handCaption(shown.cards, shown.options, locale);
    files.push(new AttachmentBuilder(picture.png, { name: picture.name, description }));
  }
  return {
    content: lines.join('\n'),
    files,
    components: ended
      ? []
      : [...choiceRows(target, state, playerId, locale), ...pickerRows(target, state, playerId, cards, locale)],
  };
}
