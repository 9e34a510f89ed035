import { type APIEmbedField, AttachmentBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import { prettyCards } from '../../cards/card.ts';
import type { PlayerView } from '../../engine/index.ts';
import { dropCost } from '../../engine/preview.ts';
import { type BoardCell, boardText, type Picture } from '../../render/index.ts';
import { getVariant } from '../../rules/index.ts';
import { type ButtonRow, type ButtonSpec, type ButtonTarget, buttonRow } from './buttons.ts';
import { bold, chips, clip, relativeTime } from './format.ts';

export const TABLE_COLOUR = 0x1f6f8b;
export const OVER_COLOUR = 0x6b6b6b;

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

/** The visible board: face-up cards, face-down as backs; removed positions left out. */
export function boardCells(view: PlayerView): BoardCell[] {
  const d = view.deal;
  if (!d) return [];
  const variant = getVariant(view.variant);
  return variant.board
    .filter((p) => p.id in d.board && !d.removed.includes(p.id))
    .map((p) => ({ card: d.board[p.id] ?? null, col: p.col, row: p.row, label: p.id }));
}

function statusLine(state: PlayerView, playerId: string): string {
  const d = state.deal;
  const seat = state.players.find((p) => p.id === playerId);
  const name = bold(seat?.name ?? playerId);
  const legs =
    state.options.legs !== null && seat && seat.legs > 0 ? ` · ${seat.legs} leg${seat.legs > 1 ? 's' : ''}` : '';
  const dealer = state.button === playerId ? ' (dealer)' : '';
  if (!d?.players.includes(playerId)) return `🪑 ${name}${legs}: joins the next deal`;
  const up = d.up[playerId]?.length ? ` · ${prettyCards(d.up[playerId] ?? [])}` : '';
  const drew = d.drawn[playerId];
  const drawn = drew === undefined ? '' : drew === 0 ? ' · stood pat' : ` · drew ${drew}`;
  const extra = `${dealer}${legs}${up}${drawn}${seat?.leaving ? ' · leaving after this deal' : ''}`;
  if (d.dead.includes(playerId)) return `💀 ${name}${extra}: killed`;
  if (!d.in.includes(playerId)) return `➖ ${name}${extra}: out`;
  const wait = state.awaiting;
  if (wait.kind === 'declare' || wait.kind === 'take') {
    if (wait.kind === 'declare' && wait.mode === 'simultaneous') {
      const decided = d.decided.includes(playerId);
      return `${decided ? '✅' : '⏳'} ${name}${extra}: ${decided ? 'decided' : 'deciding'}`;
    }
    const choice = d.choices[playerId];
    if (choice) return `${choice === 'stay' ? '✅' : '➖'} ${name}${extra}: ${choice === 'stay' ? 'in' : 'out'}`;
    const turn = 'turn' in wait && wait.turn === playerId;
    return `${turn ? '👉' : '⏳'} ${name}${extra}${turn ? ': your turn' : ''}`;
  }
  if (wait.kind === 'pass' || wait.kind === 'discard' || wait.kind === 'draw') {
    return `${wait.pending.includes(playerId) ? '⏳' : '✅'} ${name}${extra}`;
  }
  return `▫️ ${name}${extra}`;
}

function instructions(state: PlayerView, deadline: number | null): string {
  const when = deadline ? relativeTime(deadline) : 'soon';
  const wait = state.awaiting;
  const nameOf = (id: string) => bold(state.players.find((p) => p.id === id)?.name ?? id);
  switch (wait.kind) {
    case 'declare': {
      const cost = dropCost(state);
      const round = state.deal && state.deal.round > 1 ? `Round ${state.deal.round}. ` : '';
      const penalty = cost > 0 ? ` Dropping now costs ${chips(cost)}.` : '';
      const compulsory = wait.canDrop ? '' : ' Nobody may drop on this round.';
      if (wait.mode === 'sequential' && wait.turn) {
        return `${round}${nameOf(wait.turn)}: stay or drop, ${when}.${penalty}${compulsory}`;
      }
      return `${round}Stay or drop: the reveal is ${when}, or when everyone has chosen. Choices stay hidden until then.${penalty}${compulsory}`;
    }
    case 'take':
      return `${nameOf(wait.turn)}: take ${wait.count} face-up card${wait.count > 1 ? 's' : ''} (that is staying) or drop, ${when}.`;
    case 'pass':
      return `Pass a card: press **My cards** and pick one, ${when}.`;
    case 'discard':
      return `Swap up to ${wait.max} card${wait.max > 1 ? 's' : ''}: press **My cards**, ${when}.`;
    case 'draw':
      // One drawer (in turn, before the next player is asked, or the last stayer).
      return wait.pending.length === 1
        ? `${nameOf(wait.pending[0] as string)} is in: draw up to ${wait.max} (press **My cards**), ${when}.`
        : `Stayers may draw up to ${wait.max}: press **My cards**, ${when}.`;
    case 'between-deals':
      return state.stopRequested ? 'The game stops after this deal.' : `Next deal ${when}.`;
    case 'over':
      return 'Game over.';
    default:
      return 'Waiting for the host to deal.';
  }
}

function tableButtons(target: ButtonTarget, state: PlayerView): ButtonRow[] {
  const wait = state.awaiting;
  if (wait.kind === 'over' || wait.kind === 'lobby') return [];
  const rows: ButtonRow[] = [];
  const inDeal = wait.kind !== 'between-deals';
  if (inDeal) {
    const main: ButtonSpec[] = [];
    if (wait.kind === 'declare') {
      const cost = dropCost(state);
      main.push({ action: 'stay', label: 'Stay', style: ButtonStyle.Success });
      main.push({
        action: 'drop',
        label: cost > 0 ? `Drop (costs ${chips(cost)})` : 'Drop',
        style: ButtonStyle.Danger,
        disabled: !wait.canDrop,
      });
    } else if (wait.kind === 'take') {
      main.push({
        action: 'take',
        label: wait.count > 1 ? `Take ${wait.count}` : 'Take a card',
        style: ButtonStyle.Success,
      });
      main.push({ action: 'drop', label: 'Drop', style: ButtonStyle.Danger });
    }
    main.push({ action: 'cards', label: 'My cards', style: ButtonStyle.Primary });
    rows.push(buttonRow(target, main));
  }
  rows.push(
    buttonRow(target, [
      { action: 'join', label: 'Join' },
      { action: 'leave', label: 'Leave' },
    ]),
  );
  return rows;
}

/** The one public message of a deal, edited in place as it goes. */
export function tableView(input: TableViewInput) {
  const { view: state, target } = input;
  const variant = getVariant(state.variant);
  const d = state.deal;
  const over = state.phase === 'over';
  const embed = new EmbedBuilder()
    .setColor(over ? OVER_COLOUR : TABLE_COLOUR)
    .setTitle(`${variant.name}: deal ${state.dealNo}`)
    .setDescription(instructions(state, input.deadline));
  const fields: APIEmbedField[] = [
    { name: 'Pot', value: chips(state.pot), inline: true },
    { name: 'Reserve', value: chips(state.reserve), inline: true },
  ];
  if (state.options.cap !== null) fields.push({ name: 'Cap', value: chips(state.options.cap), inline: true });
  const order = d ? [...d.players, ...state.players.map((p) => p.id).filter((id) => !d.players.includes(id))] : [];
  const seats = order.length ? order : state.players.map((p) => p.id);
  fields.push({ name: 'Players', value: clip(seats.map((id) => statusLine(state, id)).join('\n') || 'Nobody', 1024) });
  const cells = boardCells(state);
  if (cells.length) fields.push({ name: 'Board', value: boardText(cells) });
  embed.addFields(fields);
  const notes: string[] = [];
  if (input.restarted) notes.push('I restarted during this deal; nothing was lost, the countdown goes on.');
  if (state.stopRequested && !over) notes.push('The host stopped the game: it ends after this deal.');
  const dealing = d && !['over', 'between-deals'].includes(state.awaiting.kind);
  const unreached = !dealing ? [] : (input.unreached ?? []).filter((id) => d.players.includes(id));
  if (unreached.length) {
    const names = unreached.map((id) => state.players.find((p) => p.id === id)?.name ?? id);
    notes.push(clip(`Didn't get your cards, ${names.join(', ')}? Press My cards.`, 300));
  }
  if (notes.length) embed.setFooter({ text: notes.join(' ') });
  const files: AttachmentBuilder[] = [];
  const { picture } = input;
  if (picture) {
    embed.setImage(`attachment://${picture.name}`);
    files.push(new AttachmentBuilder(picture.png, { name: picture.name, description: picture.alt }));
  } else if (input.hasBoardImage && cells.length) {
    embed.setImage(`attachment://${BOARD_FILE}`);
  }
  return { embeds: [embed], components: tableButtons(target, state), files };
}

/** The board picture's file name (render/board.ts names it so). */
export const BOARD_FILE = 'board.png';

/** Changes exactly when the board picture would (null: no board to show): re-attach only then. */
export function boardSignature(view: PlayerView): string | null {
  const cells = boardCells(view);
  return cells.length ? JSON.stringify(cells) : null;
}
