export { type AccountRef, partyAccount, rememberDisplayNames } from './accounts.ts';
export { type Adjustment, adjust, GameRunningError, type Reset, reset } from './admin.ts';
export { type AuditProblem, type AuditReport, auditLedger, describeProblem } from './audit.ts';
export {
  type DealPosting,
  type NewEntry,
  type PostingLine,
  type PostResult,
  postEntry,
  postTransfers,
} from './journal.ts';
export {
  type ChannelPots,
  channelPotReserve,
  channelPots,
  type HistoryItem,
  type HistoryPage,
  type PlayerBalance,
  type PotReserve,
  playerBalances,
  playerHistory,
} from './queries.ts';
export { type Payment, planSettlement, type Settlement, settle, settlePeople, shareGap } from './settle.ts';
