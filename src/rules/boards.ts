import type { LayoutUse } from '../hands/types.ts';
import type { BoardPosition } from './types.ts';

/** The boards of the layout variants (docs/RULES.md: The variants): their places and lines, as data. */

export const at = (id: string, col: number, row: number, faceUp = true): BoardPosition => ({ id, col, row, faceUp });

export const CROSS = [at('N', 1, 0), at('W', 0, 1), at('C', 1, 1), at('E', 2, 1), at('S', 1, 2)];
export const CROSS_LINES = [
  ['N', 'C', 'S'],
  ['W', 'C', 'E'],
];
export const use = (privateMin: number, privateMax: number, boardMin: number, boardMax: number): LayoutUse => ({
  privateMin,
  privateMax,
  boardMin,
  boardMax,
});
export const boardIds = (board: readonly BoardPosition[]): string[] => board.map((p) => p.id);

export const GRID = ['NW', 'N', 'NE', 'W', 'C', 'E', 'SW', 'S', 'SE'].map((id, i) => at(id, i % 3, Math.floor(i / 3)));
export const GRID_LINES = [
  ['NW', 'N', 'NE'],
  ['W', 'C', 'E'],
  ['SW', 'S', 'SE'],
  ['NW', 'W', 'SW'],
  ['N', 'C', 'S'],
  ['NE', 'E', 'SE'],
  ['NW', 'C', 'SE'],
  ['NE', 'C', 'SW'],
];
// Pyramid corners 4 (top), 6 and 5 (bottom); sides 4-1-5, 4-3-6, 6-2-5 (source 002).
export const PYRAMID = [at('4', 2, 0), at('3', 1, 1), at('1', 3, 1), at('6', 0, 2), at('2', 2, 2), at('5', 4, 2)];
export const YUKON = [at('A1', 0, 0), at('A2', 1, 0), at('A3', 2, 0), at('B1', 0, 2), at('B2', 1, 2), at('B3', 2, 2)];
export const Z = [at('1', 0, 0), at('3', 1, 0), at('4', 0, 1), at('2', 1, 1)];
export const ELEVATOR = [
  at('1', 0, 0),
  at('2', 0, 1),
  at('3', 0, 2),
  at('E', 1, 1),
  at('4', 2, 0),
  at('5', 2, 1),
  at('6', 2, 2),
];
export const PIRANHA = [at('U1', 0, 0), at('U2', 1, 0), at('U3', 2, 0), at('D1', 3, 0, false), at('D2', 4, 0, false)];
export const STAGE_BOARD = [at('B1', 0, 0), at('B2', 1, 0), at('B3', 2, 0)];
