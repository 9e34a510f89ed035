import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
} from 'discord.js';
import { prettyCard, prettyCards } from '../../cards/card.ts';
import type { PlayerView } from '../../engine/index.ts';
import { dropCost, type HandPreview } from '../../engine/preview.ts';
import type { EquityResult } from '../../hands/index.ts';
import { type HandOptions, handText, type Picture } from '../../render/index.ts';
import { getVariant } from '../../rules/index.ts';
import { UserFacingError } from '../../table/errors.ts';
import { encodeButtonId } from '../custom-id.ts';
import { type ButtonTarget, buttonRow } from './buttons.ts';
import { chips, clipLines, escapeName } from './format.ts';

const percent = (x: number): string => `${Math.round(x * 100)}%`;

/** The "pass", "discard" or "draw" picker, shown under the player's cards when it is their move. */
function pickerRows(target: ButtonTarget, view: PlayerView, playerId: string, cards: readonly number[]) {
  const wait = view.awaiting;
  if (!(wait.kind === 'pass' || wait.kind === 'discard' || wait.kind === 'draw')) return [];
  if (!wait.pending.includes(playerId)) return [];
  const pass = wait.kind === 'pass';
  const menu = new StringSelectMenuBuilder()
    .setCustomId(
      encodeButtonId({ tableId: String(target.tableId), dealNo: target.dealNo, action: pass ? 'pass' : 'swap' }),
    )
    .setPlaceholder(pass ? 'Pick the card to pass' : `Pick up to ${wait.max} card${wait.max > 1 ? 's' : ''} to swap`)
    .setMinValues(1)
    .setMaxValues(pass ? 1 : Math.min(wait.max, cards.length))
    .addOptions(cards.map((c) => new StringSelectMenuOptionBuilder().setLabel(prettyCard(c)).setValue(String(c))));
  const rows: (ActionRowBuilder<StringSelectMenuBuilder> | ReturnType<typeof buttonRow>)[] = [
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu),
  ];
  if (!pass) {
    rows.push(buttonRow(target, [{ action: 'keep', label: 'Keep my cards', style: ButtonStyle.Secondary }]));
  }
  return rows;
}

/** The picture a player's cards answer shows (none in Indian guts, where you can't see your own card). */
export function handPicture(
  view: PlayerView,
  playerId: string,
  preview: HandPreview,
): { cards: number[]; options: HandOptions } | null {
  const cards = visibleCards(view, playerId);
  if (!cards.length || getVariant(view.variant).forehead) return null;
  return { cards, options: preview.hand ? { highlight: preview.hand.cards } : {} };
}

/** A player's cards as this view shows them (the viewer's own, or in Indian guts everyone else's). */
function visibleCards(view: PlayerView, playerId: string): number[] {
  return (view.deal?.hands[playerId] ?? []).filter((c): c is number => c !== null);
}

/** Discord's limit for a message's content. */
const CONTENT_MAX = 2000;

/**
 * What a player's private message shows beside the picture and the odds: it changes
 * exactly when the message would, so it is edited only then (and never for odds alone).
 */
export function privateSignature(state: PlayerView, playerId: string): string {
  const d = state.deal;
  const wait = state.awaiting;
  const picking = 'pending' in wait && wait.pending.includes(playerId) ? [wait.kind, 'max' in wait ? wait.max : 0] : [];
  return JSON.stringify([
    state.dealNo,
    d?.hands[playerId],
    d?.up[playerId],
    d?.round,
    d?.in.includes(playerId),
    d?.dead.includes(playerId),
    d?.myChoice,
    d?.myChoice === 'drop' ? dropCost(state) : 0,
    picking,
  ]);
}

/** The player's own choice this round, as only they may read it before the reveal. */
function choiceLine(state: PlayerView, playerId: string): string | null {
  const d = state.deal;
  const choice = d?.myChoice;
  if (!d || !choice || !d.players.includes(playerId)) return null;
  const round = d.round > 1 ? ` (round ${d.round})` : '';
  const cost = choice === 'drop' ? dropCost(state) : 0;
  const penalty = cost > 0 ? ` It costs you ${chips(cost)} (late drop).` : '';
  const wait = state.awaiting;
  const hidden =
    wait.kind === 'declare' && wait.mode === 'simultaneous' ? ' Hidden from the others until the reveal.' : '';
  return `**You ${choice === 'stay' ? 'stay' : 'drop'}**${round}.${penalty}${hidden}`;
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
) {
  const d = state.deal;
  if (!d?.players.includes(playerId)) throw new UserFacingError("You're not in this deal.");
  const variant = getVariant(state.variant);
  const title = `**Your cards**, ${variant.name} deal ${target.dealNo}`;
  if (variant.forehead) {
    const others = d.players
      .filter((p) => p !== playerId)
      .map((p) => {
        const name = state.players.find((s) => s.id === p)?.name ?? p;
        return `${escapeName(name)} ${prettyCards(visibleCards(state, p))}`;
      });
    const choice = choiceLine(state, playerId);
    const head = `${title}\nYour own card is on your forehead: everyone sees it but you.${choice ? `\n${choice}` : ''}\nYou see:`;
    return {
      content: `${head}\n${clipLines(others, CONTENT_MAX - head.length - 1)}`,
      files: [] as AttachmentBuilder[],
      components: [],
    };
  }
  const cards = visibleCards(state, playerId);
  const lines = [`${title}: ${handText(cards)}`];
  if (preview.hand) lines.push(`Best hand now: ${preview.hand.description}`);
  if (odds && state.options.odds) {
    const others = preview.equity?.opponents ?? 0;
    lines.push(
      `Odds: beats one random hand ${percent(odds.beatOne)}` +
        (others > 1 ? ` · beats all ${others} others ${percent(odds.beatAll)}` : '') +
        (odds.exact ? '' : ' (estimated)'),
    );
  }
  const choice = choiceLine(state, playerId);
  if (choice) lines.push(choice);
  else if (d.dead.includes(playerId)) lines.push('You are dead this deal.');
  else if (!d.in.includes(playerId)) lines.push('You are out of this deal.');
  const files: AttachmentBuilder[] = [];
  if (picture) files.push(new AttachmentBuilder(picture.png, { name: picture.name, description: picture.alt }));
  return { content: lines.join('\n'), files, components: pickerRows(target, state, playerId, cards) };
}
