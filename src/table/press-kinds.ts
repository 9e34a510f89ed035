/**
 * Every press a player can make at a table, from any surface (a button, the Activity's
 * page). A leaf with no imports: the page's bundle takes it as it is.
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
