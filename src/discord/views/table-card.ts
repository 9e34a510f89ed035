import {
  type APIComponentInContainer,
  type APIContainerComponent,
  AttachmentBuilder,
  ComponentType,
  MessageFlags,
  SeparatorSpacingSize,
} from 'discord.js';
import type { PlayerView } from '../../engine/index.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import { boardText, type Picture } from '../../render/index.ts';
import { getVariant } from '../../rules/index.ts';
import { cardEmojis } from '../card-emojis.ts';
import type { ButtonTarget } from './buttons.ts';
import { boardCaption, textWords } from './captions.ts';
import { bold, chips, clip, clipLines, escapeName, escapeText, seatName, variantName } from './format.ts';
import {
  BOARD_FILE,
  boardCells,
  instructions,
  OVER_COLOUR,
  seatLine,
  seatStatus,
  TABLE_COLOUR,
  tableButtons,
} from './table-pieces.ts';

/**
 * The live table message as one Components V2 card, laid out for a phone: a container
 * with the deal's heading and what to do (whose turn by name, what a drop costs, the
 * countdown as a relative timestamp), the money, one line per seat (who has chosen,
 * never which way), the board picture in a media gallery, and Stay / Drop / My cards.
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
  /** Where the bot only answers presses and no token can carry the table's news: the game waits for a press. */
  waiting?: boolean;
  /** Players in the deal the bot cannot reach privately (no recent press): their cards did not come. */
  unreached?: readonly string[];
  /** The table's language (a Discord locale): the server's, or the host's in direct messages. */
  locale?: string;
  /** The table's deck: clubs green and diamonds blue. */
  fourColour?: boolean;
}

const text = (content: string) => ({ type: ComponentType.TextDisplay as const, content });
const separator = { type: ComponentType.Separator as const, divider: true, spacing: SeparatorSpacingSize.Small };

/** Room for the seat list: Discord allows 4,000 characters of text in a whole V2 message. */
const SEATS_MAX = 2500;

/** The one public message of a deal, edited in place as it goes. */
export function tableView(input: TableViewInput) {
  const { view: state, target } = input;
  const locale = input.locale ?? SOURCE_LOCALE;
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const amount = (n: number) => ({ amount: bold(chips(n, locale)) });
  const variant = getVariant(state.variant);
  const d = state.deal;
  const over = state.phase === 'over';
  const money = [say('table.pot', amount(state.pot)), say('table.reserve', amount(state.reserve))];
  if (state.options.cap !== null) money.push(say('table.cap', amount(state.options.cap)));
  const head: APIComponentInContainer[] = [
    text(
      `### ${say('table.heading', { variant: variantName(variant.id, locale), deal: target.dealNo })}\n${instructions(state, input.deadline, locale)}`,
    ),
    text(money.join(' · ')),
    separator,
  ];

  const tail: APIComponentInContainer[] = [];
  const cells = boardCells(state);
  const files: AttachmentBuilder[] = [];
  // With the card emojis the board is a few lines of markup, laid out on its grid: no picture to upload.
  const emojis = cardEmojis();
  const picture = emojis ? null : input.picture;
  if (picture)
    files.push(new AttachmentBuilder(picture.png, { name: picture.name, description: boardCaption(cells, locale) }));
  const image = picture ? picture.name : !emojis && input.hasBoardImage && cells.length ? BOARD_FILE : null;
  if (emojis && cells.length) tail.push(text(emojis.board(cells, input.fourColour ?? false)));
  if (image) {
    tail.push({
      type: ComponentType.MediaGallery,
      items: [
        {
          media: { url: `attachment://${image}` },
          description: boardCaption(cells, locale),
        },
      ],
    });
  }
  if (cells.length) tail.push(text(`-# ${say('table.board', { cards: boardText(cells, textWords(locale)) })}`));
  const notes: string[] = [];
  if (input.restarted) notes.push(say('table.restarted'));
  if (input.waiting) notes.push(say('table.waiting'));
  if (state.stopRequested && !over) notes.push(say('table.stopping'));
  const dealing = d && !['over', 'between-deals'].includes(state.awaiting.kind);
  const unreached = !dealing ? [] : (input.unreached ?? []).filter((id) => d.players.includes(id));
  if (unreached.length) {
    const names = unreached.map((id) =>
      escapeName(seatName(id, state.players.find((p) => p.id === id)?.name ?? id, locale)),
    );
    notes.push(clip(say('table.unreached', { names: names.join(', ') }), 300));
  }
  if (notes.length) tail.push(text(`-# ${notes.join(' ')}`));
  const fair = state.fair;
  if (fair?.clientSeed != null) {
    // The commitment's first 16 digits tell it from another game's; Verify shows it whole.
    const commitment = `${fair.commitment.slice(0, 16)}…`;
    // The phrase as typed: the bytes hashed, never Markdown or a mention.
    const clientSeed = escapeText(fair.clientSeed);
    tail.push(text(`-# ${clip(say('table.fair', { commitment, clientSeed }), 300)}`));
  }
  for (const row of tableButtons(target, state, input.locale)) tail.push(row);

  const order = d ? [...d.players, ...state.players.map((p) => p.id).filter((id) => !d.players.includes(id))] : [];
  const seats = (order.length ? order : state.players.map((p) => p.id)).map((id) =>
    seatLine(seatStatus(state, id, locale)),
  );
  // One line per seat, in one text block: a phone shows the whole table at a glance.
  const seatParts = [text(seats.length ? clipLines(seats, SEATS_MAX, locale) : say('table.nobody'))];

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
