/**
 * A movement of chips, as the engine reports it in its events. The ledger turns each
 * into a balanced pair of postings; the renderer prints it. Amounts are positive
 * integers.
 */
export type Party = { kind: 'player'; id: string } | { kind: 'pot' } | { kind: 'reserve' };

export interface Transfer {
  from: Party;
  to: Party;
  amount: number;
  /** Why: 'ante', 'drop-penalty', 'win', 'match', 'reserve-overflow', 'reserve-refill', 'refund', 'wimp', … */
  reason: string;
}
