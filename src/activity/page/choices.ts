import type { CardFace, PressName, SeatFrame, TableFrame } from '../frames.ts';

/**
 * What the receiver of a frame may press now, and which of their cards they may pick:
 * the same choices the chat's buttons and menus offer (table-pieces.ts, the My cards
 * menu), from the frame alone. No DOM here: the unit tests read it as the page does.
 */

/** A catalogue key and its values: the page says it in the receiver's language. */
export interface Label {
  key: string;
  vars?: Record<string, string | number>;
}

export interface Choice {
  press: PressName;
  label: Label;
  primary?: boolean;
  /** A computer player's level (the host's `computer`). */
  level?: string;
  /** The press sends the picked cards: exactly one (pass) or up to the limit (swap). */
  picks?: 'one' | 'some';
}

const COMPUTER_LEVELS = ['cautious', 'balanced', 'bold'] as const;

export const mySeat = (t: TableFrame): SeatFrame | undefined => t.seats.find((s) => s.id === t.you);

/** How many cards the receiver may pick now (0: no pick is asked of them). */
export function pickLimit(t: TableFrame): number {
  const a = t.awaiting;
  if (t.you === null || !a.pending.includes(t.you)) return 0;
  if (a.kind === 'pass') return 1;
  return a.kind === 'discard' || a.kind === 'draw' ? (a.max ?? 0) : 0;
}

/** Whether `face` may be picked with `picked` already picked: a face-up card never; a pass's one pick moves. */
export function pickable(t: TableFrame, face: CardFace, picked: ReadonlySet<string>): boolean {
  const limit = pickLimit(t);
  if (limit === 0 || face.up) return false;
  return picked.has(face.code) || limit === 1 || picked.size < limit;
}

/** The cards picked after a press on `face` (a pass keeps one card picked, the last pressed). */
export function togglePick(t: TableFrame, face: CardFace, picked: ReadonlySet<string>): Set<string> {
  if (picked.has(face.code)) return new Set([...picked].filter((c) => c !== face.code));
  if (!pickable(t, face, picked)) return new Set(picked);
  return pickLimit(t) === 1 ? new Set([face.code]) : new Set([...picked, face.code]);
}

/** Whether a choice can be pressed with these cards picked (a pass takes one card, a swap at least one). */
export const ready = (choice: Choice, picked: ReadonlySet<string>): boolean =>
  choice.picks === 'one' ? picked.size === 1 : choice.picks === 'some' ? picked.size > 0 : true;

function myTurn(t: TableFrame, me: SeatFrame): Choice[] {
  const a = t.awaiting;
  const asked = a.pending.includes(me.id) && (a.turn === null || a.turn === me.id);
  if (!asked) return [];
  const drop: Choice = {
    press: 'drop',
    label: t.dropCost > 0 ? { key: 'button.dropCosts', vars: { amount: t.dropCost } } : { key: 'button.drop' },
  };
  switch (a.kind) {
    case 'declare':
      return [{ press: 'stay', label: { key: 'button.stay' }, primary: true }, ...(a.canDrop ? [drop] : [])];
    case 'take': {
      const count = a.count ?? 1;
      const label = count > 1 ? { key: 'button.takeMany', vars: { count } } : { key: 'button.takeOne' };
      return [
        { press: 'take', label, primary: true },
        { press: 'drop', label: { key: 'button.drop' } },
      ];
    }
    case 'pass':
      return [{ press: 'pass', label: { key: 'activity.pass' }, primary: true, picks: 'one' }];
    case 'discard':
    case 'draw':
      return [
        { press: 'swap', label: { key: 'activity.swap' }, primary: true, picks: 'some' },
        { press: 'keep', label: { key: 'button.keep' } },
      ];
    default:
      return [];
  }
}

/** Every press the receiver may make now, the one most asked for first. */
export function choices(t: TableFrame): Choice[] {
  if (t.phase === 'over') return [];
  const me = mySeat(t);
  if (!me) return [{ press: 'join', label: { key: 'button.join' }, primary: true }];
  const leave: Choice[] = me.leaving ? [] : [{ press: 'leave', label: { key: 'button.leave' } }];
  if (t.phase !== 'lobby') return [...myTurn(t, me), ...leave];
  if (t.you !== t.host) return leave;
  return [
    { press: 'deal', label: { key: 'button.deal' }, primary: true },
    ...leave,
    ...COMPUTER_LEVELS.map((level): Choice => ({ press: 'computer', label: { key: `lobby.${level}` }, level })),
    ...(t.seats.some((s) => s.computer) ? [{ press: 'removeComputer', label: { key: 'button.removeComputer' } }] : []),
  ] as Choice[];
}
