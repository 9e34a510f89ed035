import { type Card, formatCards } from '../cards/card.ts';
import { CHAIN_LENGTH, fairDeck, isHexSeed, seedMatches } from '../cards/fair-deck.ts';
import type { GameEvent } from './types.ts';

/** What is wrong with a deal's proof, or with the cards it claims to have dealt. */
export interface ProofProblem {
  field: 'commitment' | 'serverSeed' | 'clientSeed' | 'dealNo' | 'cards';
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A revealed deal's proof checked (docs/FAIRNESS.md): well formed, its seed the committed
 * one, and `dealt` (every card the deal drew, in any order) exactly the deck's first cards.
 */
export function checkProof(proof: unknown, dealt: readonly Card[]): ProofProblem | null {
  if (!isObject(proof)) return { field: 'commitment', message: 'the proof must be an object' };
  const { commitment, serverSeed, clientSeed, dealNo } = proof;
  if (!isHexSeed(commitment)) return { field: 'commitment', message: 'must be 64 lowercase hex digits' };
  if (!isHexSeed(serverSeed)) return { field: 'serverSeed', message: 'must be 64 lowercase hex digits' };
  if (typeof clientSeed !== 'string') return { field: 'clientSeed', message: 'must be text' };
  if (!Number.isInteger(dealNo) || (dealNo as number) < 1 || (dealNo as number) > CHAIN_LENGTH) {
    return { field: 'dealNo', message: `must be a deal number from 1 to ${CHAIN_LENGTH}` };
  }
  if (!seedMatches(serverSeed, dealNo as number, commitment)) {
    return {
      field: 'serverSeed',
      message: `does not hash to the commitment: not the committed seed of deal ${dealNo}`,
    };
  }
  const first = fairDeck(serverSeed, clientSeed, dealNo as number).slice(0, dealt.length);
  const sorted = (cards: readonly Card[]) => [...cards].sort((a, b) => a - b).join();
  if (sorted(first) !== sorted(dealt)) {
    return { field: 'cards', message: `the seeds deal ${formatCards(first)} first, not ${formatCards(dealt)}` };
  }
  return null;
}

/**
 * Every card a deal drew from its deck, from its hand history: the cards dealt (private,
 * face up, board), those drawn or taken later, and the kitty (or the deck's hand) at the
 * showdown. What `checkProof` holds against the deck's first cards.
 */
export function cardsDrawn(events: readonly GameEvent[]): Card[] {
  const drawn: Card[] = [];
  let kittyDrawn = false;
  for (const e of events) {
    if (e.type === 'Dealt') {
      drawn.push(...Object.values(e.private).flat(), ...Object.values(e.faceUp).flat(), ...Object.values(e.board));
    } else if (e.type === 'Drew' || e.type === 'Discarded') drawn.push(...e.received);
    else if (e.type === 'TookCard') drawn.push(...e.cards);
    else if (e.type === 'Showdown' && e.kittyCards && !kittyDrawn) {
      // Drawn once, at the first showdown that needs it; later showdowns show the same cards.
      kittyDrawn = true;
      drawn.push(...e.kittyCards);
    }
  }
  return drawn;
}
