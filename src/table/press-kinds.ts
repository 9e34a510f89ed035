/**
 * Every press a player can make at a table, from any surface: the one list. A chat
 * button's action is its press kind (discord/custom-id.ts builds its list of button
 * actions from this one), the Activity's page sends it by name (activity/frames.ts),
 * and each is handled by name where it is checked (table/presses.ts), answered in
 * the chat (discord/handlers/table-press.ts) and offered on the page
 * (activity/page/choices.ts): all four are records or switches over `PressKind`, so a
 * kind added here fails to compile until every one of them handles it. A leaf with no
 * imports: the page's bundle takes it as it is.
 */
export const PRESS_KINDS = [
  'join',
  'leave',
  'deal',
  'stay',
  'drop',
  'take',
  'pass',
  'swap',
  'keep',
  'computer',
  'removeComputer',
] as const;
export type PressKind = (typeof PRESS_KINDS)[number];

/** Whether `value` names a press (a type guard over the one list). */
export function isPressKind(value: unknown): value is PressKind {
  return (PRESS_KINDS as readonly unknown[]).includes(value);
}
