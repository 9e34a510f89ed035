export * from './equity.ts';
export { evaluateBest, scoreBest } from './evaluate.ts';
export { bestFromLayout, prepareLayout, scoreFromLayout } from './layout.ts';
export { buildAllTables, tableBuilds } from './lookup-tables.ts';
export * from './types.ts';
export {
  CATEGORIES,
  type Category,
  compareHands,
  describeValue,
  handParts,
  handSize,
  RANKING_IDS,
} from './value.ts';
