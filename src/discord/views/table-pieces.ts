/** Pieces of a table the table card and the private message both show: seat lines, the board's cells, instructions, Stay and Drop. */
import { ButtonStyle } from 'discord.js';
import { prettyCards } from '../../cards/card.ts';
import type { PlayerView } from '../../engine/index.ts';
import { dropCost } from '../../engine/preview.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import type { BoardCell } from '../../render/index.ts';
import { getVariant } from '../../rules/index.ts';
import { type ButtonRow, type ButtonSpec, type ButtonTarget, buttonRow, openTableButtons } from './buttons.ts';
import { bold, chips, relativeTime, seatName } from './format.ts';

export const TABLE_COLOUR = 0x1f6f8b;
export const OVER_COLOUR = 0x6b6b6b;

/** The visible board: face-up cards, face-down as backs; removed positions left out. */
export function boardCells(view: PlayerView): BoardCell[] {
  const d = view.deal;
  if (!d) return [];
  const variant = getVariant(view.variant);
  return variant.board
    .filter((p) => p.id in d.board && !d.removed.includes(p.id))
    .map((p) => ({ card: d.board[p.id] ?? null, col: p.col, row: p.row, label: p.id }));
}

/** A seat as the table card shows it: one line of text, its status at a glance and in words. */
export interface SeatStatus {
  /** "✅": where the seat stands at a glance. */
  icon: string;
  /** "**Bob** (dealer) · 2 legs · A♠". */
  who: string;
  /** "chosen", "choosing", "to act", "out"…; empty once the game is over. */
  status: string;
}

const seat = (icon: string, who: string, status: string): SeatStatus => ({ icon, who, status });

/** "✅ **Bob** (dealer) · chosen": a seat as one line of the table card. */
export const seatLine = (s: SeatStatus): string => [`${s.icon} ${s.who}`, s.status].filter(Boolean).join(' · ');

export function seatStatus(state: PlayerView, playerId: string, locale: string = SOURCE_LOCALE): SeatStatus {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const d = state.deal;
  const player = state.players.find((p) => p.id === playerId);
  const name = bold(player ? seatName(player.id, player.name, locale) : playerId);
  const legs =
    state.options.legs !== null && player && player.legs > 0 ? ` · ${say('seat.legs', { count: player.legs })}` : '';
  const wait = state.awaiting;
  if (wait.kind === 'over') return seat('▫️', `${name}${legs}`, '');
  if (wait.kind === 'lobby' || wait.kind === 'between-deals') return seat('🪑', `${name}${legs}`, say('seat.seated'));
  if (!d?.players.includes(playerId)) return seat('🪑', `${name}${legs}`, say('seat.joinsNext'));
  const dealer = state.button === playerId ? ` ${say('seat.dealer')}` : '';
  const up = d.up[playerId]?.length ? ` · ${prettyCards(d.up[playerId] ?? [])}` : '';
  const drew = d.drawn[playerId];
  const drawn = drew === undefined ? '' : ` · ${drew === 0 ? say('seat.stoodPat') : say('seat.drew', { count: drew })}`;
  const leaving = player?.leaving ? ` · ${say('seat.leaving')}` : '';
  const who = `${name}${dealer}${legs}${up}${drawn}${leaving}`;
  if (d.dead.includes(playerId)) return seat('💀', who, say('seat.killed'));
  if (!d.in.includes(playerId)) return seat('➖', who, say('seat.out'));
  // In turn (a round declared in turn, a take, a draw in turn): whose turn it is, who chose, who waits.
  if (wait.kind === 'declare' || wait.kind === 'take' || (wait.kind === 'draw' && wait.turn)) {
    if (wait.kind === 'declare' && wait.mode === 'simultaneous') {
      // Who has chosen, never which way: that waits for the reveal.
      return d.decided.includes(playerId) ? seat('✅', who, say('seat.chosen')) : seat('⏳', who, say('seat.choosing'));
    }
    // Before the choice: the one drawing in turn has said "in" already.
    if ('turn' in wait && wait.turn === playerId) return seat('👉', who, say('seat.toAct'));
    const choice = d.choices[playerId];
    if (choice) return choice === 'stay' ? seat('✅', who, say('seat.in')) : seat('➖', who, say('seat.out'));
    return seat('⏳', who, say('seat.waiting'));
  }
  if (wait.kind === 'pass' || wait.kind === 'discard' || wait.kind === 'draw') {
    return wait.pending.includes(playerId) ? seat('⏳', who, say('seat.choosing')) : seat('✅', who, say('seat.done'));
  }
  return seat('▫️', who, say('seat.in'));
}

/** What the table waits for, in words: whose turn by name, what a drop costs, the countdown. */
export function instructions(state: PlayerView, deadline: number | null, locale: string = SOURCE_LOCALE): string {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const when = deadline ? relativeTime(deadline) : say('turn.soon');
  const wait = state.awaiting;
  const nameOf = (id: string) => bold(seatName(id, state.players.find((p) => p.id === id)?.name ?? id, locale));
  const sentences = (...parts: (string | false)[]) => parts.filter(Boolean).join(' ');
  switch (wait.kind) {
    case 'declare': {
      const cost = dropCost(state);
      const round = !!state.deal && state.deal.round > 1 && say('turn.round', { round: state.deal.round });
      const penalty =
        wait.canDrop && (cost > 0 ? say('turn.dropCosts', { amount: chips(cost, locale) }) : say('turn.dropFree'));
      const compulsory = !wait.canDrop && say('turn.noDrop');
      const ask =
        wait.mode === 'sequential' && wait.turn
          ? say('turn.toAct', { name: nameOf(wait.turn), when })
          : say('turn.together', { when });
      return sentences(round, ask, penalty, compulsory);
    }
    case 'take':
      return say('turn.take', { name: nameOf(wait.turn), count: wait.count, when });
    case 'pass':
      return say('turn.pass', { when });
    case 'discard':
      return say('turn.discard', { count: wait.max, when });
    case 'draw':
      // One drawer (in turn, before the next player is asked, or the last stayer).
      return wait.pending.length === 1
        ? say('turn.drawOne', { name: nameOf(wait.pending[0] as string), count: wait.max, when })
        : say('turn.drawAll', { count: wait.max, when });
    case 'between-deals':
      return state.stopRequested ? say('turn.stopAfter') : say('turn.next', { when });
    case 'over':
      return say('turn.over');
    case 'lobby':
      return say('turn.waiting');
    default:
      return wait satisfies never;
  }
}

/**
 * The buttons of a choice being asked for (Stay and Drop, or Take and Drop), labelled as
 * the table stands: on the table message, and on the private message of a player it is
 * asked of. None when the game asks no such choice now.
 */
export function choiceButtons(state: PlayerView, locale: string = SOURCE_LOCALE): ButtonSpec[] {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const wait = state.awaiting;
  if (wait.kind === 'declare') {
    const cost = dropCost(state);
    return [
      { action: 'stay', label: say('button.stay'), style: ButtonStyle.Success },
      {
        action: 'drop',
        label: cost > 0 ? say('button.dropCosts', { amount: chips(cost, locale) }) : say('button.drop'),
        style: ButtonStyle.Danger,
        disabled: !wait.canDrop,
      },
    ];
  }
  if (wait.kind === 'take') {
    return [
      {
        action: 'take',
        label: wait.count > 1 ? say('button.takeMany', { count: wait.count }) : say('button.takeOne'),
        style: ButtonStyle.Success,
      },
      { action: 'drop', label: say('button.drop'), style: ButtonStyle.Danger },
    ];
  }
  return [];
}

export function tableButtons(target: ButtonTarget, state: PlayerView, locale: string = SOURCE_LOCALE): ButtonRow[] {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const wait = state.awaiting;
  if (wait.kind === 'over' || wait.kind === 'lobby') return [];
  const rows: ButtonRow[] = [];
  if (wait.kind !== 'between-deals') {
    const main = choiceButtons(state, locale);
    main.push({ action: 'cards', label: say('button.myCards'), style: ButtonStyle.Primary });
    rows.push(buttonRow(target, main));
  }
  rows.push(
    buttonRow(target, [
      { action: 'join', label: say('button.join') },
      { action: 'leave', label: say('button.leave') },
      ...openTableButtons(target, say('button.openTable')),
    ]),
  );
  return rows;
}

/** The board picture's file name (render/board.ts names it so). */
export const BOARD_FILE = 'board.png';

/** Changes exactly when the board picture would (null: no board to show): re-attach only then. */
export function boardSignature(view: PlayerView): string | null {
  const cells = boardCells(view);
  return cells.length ? JSON.stringify(cells) : null;
}
