export { apply, applyInPlace, createGame, type NewGame } from './apply.ts';
export { computerMove, seatState } from './computer.ts';
export { transfersOf } from './events.ts';
export { type RecordedDeal, scenarioFromDeal } from './export.ts';
export { isDiscordId } from './fair.ts';
export { formatReplay } from './format.ts';
export { cardsDrawn, checkProof } from './proof.ts';
export {
  type DealResult,
  type ReplayResult,
  runScenario,
  type Scenario,
  type ScenarioDeal,
  ScenarioError,
  type ScenarioTable,
} from './scenario.ts';
export { type SimConfig, type SimSummary, type Strategy, simulate } from './sim.ts';
export type { Party, Transfer } from './transfer.ts';
export type {
  Action,
  Applied,
  Awaiting,
  Choice,
  ComputerLevel,
  DealProof,
  DealState,
  GameEvent,
  GameState,
  Hand,
  Opponent,
  PlayerId,
  Seat,
  ShownHand,
  Stack,
} from './types.ts';
export { COMPUTER_LEVELS, computerId, isComputerId } from './types.ts';
export {
  awaiting,
  type DealView,
  dealInPlay,
  type PlayerView,
  type PrivateFacts,
  privateFacts,
  publicView,
  viewFor,
} from './view.ts';
