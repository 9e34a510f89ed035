import {
  type APIComponentInContainer,
  type APIContainerComponent,
  type APISectionComponent,
  AttachmentBuilder,
  ComponentType,
  MessageFlags,
  SeparatorSpacingSize,
} from 'discord.js';
import type { PlayerView } from '../../engine/index.ts';
import { boardText, type Picture } from '../../render/index.ts';
import { getVariant } from '../../rules/index.ts';
import { type ButtonTarget, tableButton } from './buttons.ts';
import { bold, chips, clip } from './format.ts';
import {
  BOARD_FILE,
  boardCells,
  instructions,
  OVER_COLOUR,
  type SeatStatus,
  seatStatus,
  TABLE_COLOUR,
  tableButtons,
} from './table.ts';

/**
 * The live table message as one Components V2 card, laid out for a phone: a container
 * with the deal's heading and what to do (the countdown as a relative timestamp), the
 * money, a section per seat with its status beside it, the board picture in a media
 * gallery, and Stay / Drop / My cards inside. Discord counts every component, nested
 * ones included, to 40: seats past what fits share one text line.
 */

export interface TableViewInput {
  target: ButtonTarget;
  /** What the channel may see of the game (engine `publicView`). */
  view: PlayerView;
  /** The running countdown's end (epoch ms), or null. */
  deadline: number | null;
  /** The bot restarted during this deal: say so, so nobody wonders about the pause. */
  restarted: boolean;
  /** A new board picture to attach, or null. */
  picture: Picture | null;
  /** The message already carries a board picture that is still right. */
  hasBoardImage: boolean;
  /** Players in the deal the bot cannot reach privately (no recent press): their cards did not come. */
  unreached?: readonly string[];
}

/** Discord's limit on the components of one V2 message, nested ones counted. */
const MAX_COMPONENTS = 40;

const text = (content: string) => ({ type: ComponentType.TextDisplay as const, content });
const separator = { type: ComponentType.Separator as const, divider: true, spacing: SeparatorSpacingSize.Small };

function seatSection(target: ButtonTarget, index: number, seat: SeatStatus): APISectionComponent {
  const status = { action: 'seat', label: seat.status, style: seat.style, disabled: true, arg: String(index) } as const;
  return { type: ComponentType.Section, components: [text(seat.who)], accessory: tableButton(target, status).toJSON() };
}

/** Components a list of parts uses, counted as Discord counts them. */
function countOf(parts: readonly unknown[]): number {
  return parts.reduce<number>((n, part) => {
    const { components, accessory } = part as { components?: unknown[]; accessory?: unknown };
    return n + 1 + (accessory ? 1 : 0) + countOf(components ?? []);
  }, 0);
}

/** The one public message of a deal, edited in place as it goes. */
export function tableView(input: TableViewInput) {
  const { view: state, target } = input;
  const variant = getVariant(state.variant);
  const d = state.deal;
  const over = state.phase === 'over';
  const money = [`Pot ${bold(chips(state.pot))}`, `Reserve ${bold(chips(state.reserve))}`];
  if (state.options.cap !== null) money.push(`Cap ${bold(chips(state.options.cap))}`);
  const head: APIComponentInContainer[] = [
    text(`### ${variant.name}: deal ${state.dealNo}\n${instructions(state, input.deadline)}`),
    text(money.join(' · ')),
    separator,
  ];

  const tail: APIComponentInContainer[] = [];
  const cells = boardCells(state);
  const files: AttachmentBuilder[] = [];
  const { picture } = input;
  if (picture) files.push(new AttachmentBuilder(picture.png, { name: picture.name, description: picture.alt }));
  const image = picture ? picture.name : input.hasBoardImage && cells.length ? BOARD_FILE : null;
  if (image) {
    tail.push({
      type: ComponentType.MediaGallery,
      items: [{ media: { url: `attachment://${image}` }, description: clip(boardText(cells), 1024) }],
    });
  }
  if (cells.length) tail.push(text(`-# Board: ${boardText(cells)}`));
  const notes: string[] = [];
  if (input.restarted) notes.push('I restarted during this deal; nothing was lost, the countdown goes on.');
  if (state.stopRequested && !over) notes.push('The host stopped the game: it ends after this deal.');
  const dealing = d && !['over', 'between-deals'].includes(state.awaiting.kind);
  const unreached = !dealing ? [] : (input.unreached ?? []).filter((id) => d.players.includes(id));
  if (unreached.length) {
    const names = unreached.map((id) => state.players.find((p) => p.id === id)?.name ?? id);
    notes.push(clip(`Didn't get your cards, ${names.join(', ')}? Press My cards.`, 300));
  }
  if (notes.length) tail.push(text(`-# ${notes.join(' ')}`));
  for (const row of tableButtons(target, state)) tail.push(row.toJSON());

  const order = d ? [...d.players, ...state.players.map((p) => p.id).filter((id) => !d.players.includes(id))] : [];
  const seats = (order.length ? order : state.players.map((p) => p.id)).map((id) => seatStatus(state, id));
  // The container itself, head and tail are fixed; each seat section costs 3 (section, text, button).
  const room = MAX_COMPONENTS - 1 - countOf(head) - countOf(tail);
  const fits = seats.length * 3 <= room ? seats.length : Math.max(0, Math.floor((room - 1) / 3));
  const seatParts: APIComponentInContainer[] = seats.slice(0, fits).map((seat, i) => seatSection(target, i, seat));
  const rest = seats.slice(fits);
  if (rest.length) seatParts.push(text(clip(rest.map((s) => `${s.icon} ${s.who}: ${s.status}`).join('\n'), 1500)));
  if (seats.length === 0) seatParts.push(text('Nobody is seated.'));

  const card: APIContainerComponent = {
    type: ComponentType.Container,
    accent_color: over ? OVER_COLOUR : TABLE_COLOUR,
    components: [...head, ...seatParts, ...(tail.length ? [separator, ...tail] : [])],
  };
  return { flags: MessageFlags.IsComponentsV2 as const, components: [card], files };
}

/** What a table message that is no longer live becomes: a short card without buttons. */
export function closedCard(title: string, line: string) {
  const card: APIContainerComponent = {
    type: ComponentType.Container,
    accent_color: OVER_COLOUR,
    components: [text(`### ${title}\n${line}`)],
  };
  return { flags: MessageFlags.IsComponentsV2 as const, components: [card] };
}
