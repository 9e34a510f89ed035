import type { Kysely } from 'kysely';
import type { Card } from '../cards/card.ts';
import { fairDeck, seedMatches } from '../cards/fair-deck.ts';
import { dealHistory, gameEvents } from '../db/hand-history.ts';
import type { Database } from '../db/index.ts';
import { dealWasSettled } from '../db/prune-history.ts';
import { loadTable } from '../db/table-store.ts';
import type { Db } from '../db/transaction.ts';
import { cardsDrawn, checkProof, type DealProof, type Opponent } from '../engine/index.ts';
import type { Place } from './open-game.ts';
import { UserFacingError } from './user-facing-error.ts';

/**
 * A result's proof (docs/FAIRNESS.md), read back for its **Verify** button: read-only, no
 * game step. The proof is in the deal's `DealEnded`, written when its result was; a deal
 * still under way has none, so nothing secret can be asked for.
 */

/** What the hand history holds for a deal's proof. */
export type DealProofFound =
  | {
      kind: 'proof';
      proof: DealProof;
      /** The deck the seeds deal, from index 0. */
      deck: Card[];
      /** The seed hashes (deal number times) to the commitment. */
      seedMatches: boolean;
      /** The cards the deal drew are exactly the deck's first ones. */
      cardsMatch: boolean;
      /** The hand the stayers played against (the kitty, Iron Cross's phantom, or the deck's), whole. */
      opponent: { kind: Opponent; cards: Card[] } | null;
    }
  /** The deal ended without a proof: dealt before deals were provably fair. */
  | { kind: 'none' }
  /** The deal's hand history was pruned (`HISTORY_DAYS`). */
  | { kind: 'pruned' };

/** Deal `dealNo`'s proof as the hand history holds it, checked. */
export async function findDealProof(db: Db, tableId: number, dealNo: number): Promise<DealProofFound> {
  const events = gameEvents(await dealHistory(db, tableId, dealNo));
  const ended = events.find((e) => e.type === 'DealEnded');
  if (!ended) return (await dealWasSettled(db, tableId, dealNo)) ? { kind: 'pruned' } : { kind: 'none' };
  const proof = ended.type === 'DealEnded' ? ended.proof : undefined;
  if (!proof) return { kind: 'none' };
  const matches = seedMatches(proof.serverSeed, proof.dealNo, proof.commitment);
  const problem = checkProof(proof, cardsDrawn(events));
  const showdown = events.find((e) => e.type === 'Showdown' && e.kittyCards !== null);
  return {
    kind: 'proof',
    proof,
    deck: fairDeck(proof.serverSeed, proof.clientSeed, proof.dealNo),
    seedMatches: matches,
    cardsMatch: matches && problem === null,
    opponent:
      showdown?.type === 'Showdown' && showdown.kittyCards && showdown.opponent
        ? { kind: showdown.opponent, cards: showdown.kittyCards }
        : null,
  };
}

/** The proofs of the deals played at the tables (`Tables.proofs`). */
export class DealProofs {
  constructor(private readonly db: Kysely<Database>) {}

  /** Deal `dealNo`'s proof at a table in `place`: a finished game's results stay checkable, only the place is held to the press. */
  async of(tableId: number, place: Place, dealNo: number): Promise<DealProofFound> {
    const table = await loadTable(this.db, tableId);
    if (!table || table.guildId !== place.guildId || table.channelId !== place.channelId) {
      throw new UserFacingError('refusal.tableGone');
    }
    return findDealProof(this.db, tableId, dealNo);
  }
}
