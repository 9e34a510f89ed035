import { PRESS_KINDS } from '../table/press-kinds.ts';

/**
 * Button ids: `g:<tableId>:<dealNo>:<action>[:<arg>]` (docs/ARCHITECTURE.md, "The path of one
 * button press"). The deal number lets a press on an old message be told apart
 * from a press on the live one. Anything that does not parse is refused, so a
 * forged or truncated id can never reach the engine.
 */
/** The bot's buttons that are not a press on the game (table/press-kinds.ts lists those). */
export const OTHER_BUTTONS = [
  /** My cards: the presser's own cards, privately (no step). */
  'cards',
  /** The lobby's Rules: the host's form of the table's options. */
  'rules',
  /** A deal's result: the private panel that shows its proof (docs/FAIRNESS.md). */
  'verify',
  /** The game-over message's Play again (host): the same setup, in a new lobby. */
  'again',
  /** Open table: the channel's table as an Activity (answered LAUNCH_ACTIVITY, no step). */
  'open',
] as const;

/** Every button action: a press's is its press kind, so the chat's buttons and the table's presses are one list. */
export const BUTTON_ACTIONS = [...PRESS_KINDS, ...OTHER_BUTTONS] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

export interface ButtonId<A extends ButtonAction = ButtonAction> {
  tableId: string;
  dealNo: number;
  action: A;
  arg?: string;
}

const MAX_CUSTOM_ID = 100;
const ID_PART = /^[A-Za-z0-9_-]{1,40}$/;

export function encodeButtonId(id: ButtonId): string {
  if (!ID_PART.test(id.tableId)) throw new RangeError(`bad table id ${id.tableId}`);
  const parts = ['g', id.tableId, String(id.dealNo), id.action];
  if (id.arg !== undefined) parts.push(id.arg);
  const text = parts.join(':');
  if (text.length > MAX_CUSTOM_ID) throw new RangeError(`custom_id too long: ${text}`);
  return text;
}

export function parseButtonId(text: string): ButtonId | null {
  if (text.length > MAX_CUSTOM_ID) return null;
  const parts = text.split(':');
  if (parts.length < 4 || parts.length > 5 || parts[0] !== 'g') return null;
  const [, tableId, dealText, action, arg] = parts as [string, string, string, string, string | undefined];
  if (!ID_PART.test(tableId) || !/^\d{1,9}$/.test(dealText)) return null;
  if (!isOneOf(BUTTON_ACTIONS, action)) return null;
  if (arg !== undefined && !/^[A-Za-z0-9,_-]{1,40}$/.test(arg)) return null;
  // A lobby drawn before Remove computer player had an action of its own still says `computer:remove`.
  if (action === 'computer' && arg === 'remove') return { tableId, dealNo: Number(dealText), action: 'removeComputer' };
  const id: ButtonId = { tableId, dealNo: Number(dealText), action };
  if (arg !== undefined) id.arg = arg;
  return id;
}

/** Whether `value` is one of `list` (a type guard: the list says the type). */
export function isOneOf<A extends string>(list: readonly A[], value: string): value is A {
  return (list as readonly string[]).includes(value);
}
