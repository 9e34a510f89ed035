import type { CardFace, PagePress, SeatFrame, TableFrame } from '../frames.ts';

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
  press: PagePress;
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

/**
 * A press's words on the page: every press kind has them (a switch over the one list of
 * presses, table/press-kinds.ts), so a new kind fails to compile until the page says it.
 */
function labelOf(press: PagePress, t: TableFrame, level = ''): Label {
  switch (press) {
    case 'join':
    case 'leave':
    case 'deal':
    case 'stay':
    case 'keep':
    case 'removeComputer':
      return { key: `button.${press}` };
    case 'drop':
      // What dropping costs is said while declaring; a take's Drop is free.
      return t.dropCost > 0 && t.awaiting.kind === 'declare'
        ? { key: 'button.dropCosts', vars: { amount: t.dropCost } }
        : { key: 'button.drop' };
    case 'take': {
      const count = t.awaiting.count ?? 1;
      return count > 1 ? { key: 'button.takeMany', vars: { count } } : { key: 'button.takeOne' };
    }
    case 'pass':
    case 'swap':
      return { key: `activity.${press}` };
    case 'computer':
      return { key: `lobby.${level}` };
    case 'again':
      return { key: 'button.playAgain' };
    case 'rules':
      return { key: 'button.rules' };
    default:
      return press satisfies never;
  }
}

const choice = (t: TableFrame, press: PagePress, more: Omit<Choice, 'press' | 'label'> = {}): Choice => ({
  press,
  label: labelOf(press, t, more.level),
  ...more,
});

/** What the receiver may press on their turn: a switch over every kind of turn, so a new one fails to compile until the page offers it. */
function myTurn(t: TableFrame, me: SeatFrame): Choice[] {
  const a = t.awaiting;
  const asked = a.pending.includes(me.id) && (a.turn === null || a.turn === me.id);
  if (!asked) return [];
  switch (a.kind) {
    case 'declare':
      return [choice(t, 'stay', { primary: true }), ...(a.canDrop ? [choice(t, 'drop')] : [])];
    case 'take':
      return [choice(t, 'take', { primary: true }), choice(t, 'drop')];
    case 'pass':
      return [choice(t, 'pass', { primary: true, picks: 'one' })];
    case 'discard':
    case 'draw':
      return [choice(t, 'swap', { primary: true, picks: 'some' }), choice(t, 'keep')];
    case 'lobby':
    case 'between-deals':
    case 'over':
      return [];
    default:
      return a.kind satisfies never;
  }
}

/** Every press the receiver may make now, the one most asked for first. */
export function choices(t: TableFrame): Choice[] {
  // Game over: its host may open the next game as the chat's button does; anyone may close the Activity.
  if (t.phase === 'over')
    return [...(t.you !== null && t.you === t.host ? [choice(t, 'again', { primary: true })] : []), choice(t, 'leave')];
  const me = mySeat(t);
  if (!me) return [choice(t, 'join', { primary: true })];
  const leave: Choice[] = me.leaving ? [] : [choice(t, 'leave')];
  if (t.phase !== 'lobby') return [...myTurn(t, me), ...leave];
  if (t.you !== t.host) return leave;
  return [
    choice(t, 'deal', { primary: true }),
    ...leave,
    ...COMPUTER_LEVELS.map((level) => choice(t, 'computer', { level })),
    ...(t.seats.some((s) => s.computer) ? [choice(t, 'removeComputer')] : []),
  ];
}
