/**
 * Button ids: `g:<tableId>:<dealNo>:<action>[:<arg>]` (docs/ARCHITECTURE.md, "The path of one
 * button press"). The deal number lets a press on an old message be told apart
 * from a press on the live one. Anything that does not parse is refused, so a
 * forged or truncated id can never reach the engine.
 */
export const BUTTON_ACTIONS = [
  'join',
  'leave',
  'deal',
  'stay',
  'drop',
  'cards',
  'take',
  'pass',
  'swap',
  'keep',
  'rules',
  /** Seat a computer player (the lobby's menu), or with the argument `remove` take the last one away. */
  'computer',
  /** A deal's result: the private panel that shows its proof (docs/FAIRNESS.md). */
  'verify',
  /** The game-over message's Play again (host): the same setup, in a new lobby. */
  'again',
  /** Open table: the channel's table as an Activity (answered LAUNCH_ACTIVITY, no step). */
  'open',
] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

export interface ButtonId {
  tableId: string;
  dealNo: number;
  action: ButtonAction;
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
  if (!(BUTTON_ACTIONS as readonly string[]).includes(action)) return null;
  if (arg !== undefined && !/^[A-Za-z0-9,_-]{1,40}$/.test(arg)) return null;
  const id: ButtonId = { tableId, dealNo: Number(dealText), action: action as ButtonAction };
  if (arg !== undefined) id.arg = arg;
  return id;
}
