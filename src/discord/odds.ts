import type { GameState } from '../engine/index.ts';
import { type HandPreview, handPreview } from '../engine/preview.ts';
import { equityKey } from '../hands/equity-key.ts';
import type { EquityResult } from '../hands/index.ts';
import type { Offload } from './offload.ts';

/**
 * Odds for the "My cards" answer, computed on the helper thread (a Monte Carlo run
 * capped in time) and cached by the question, not by who asks: pressing My cards again
 * costs nothing, and neither does the same hand (suits renamed) at another table.
 */
const ODDS_BUDGET_MS = 120;
/** Three-card hands fall into 1,755 classes; a few thousand entries of a few numbers each. */
const CACHE_SIZE = 5_000;

export class OddsCache {
  private readonly cache = new Map<string, Promise<EquityResult | null>>();

  constructor(private readonly offload: Offload) {}

  /** The player's hand now, and their odds once the helper thread has them. */
  preview(state: GameState, playerId: string): { preview: HandPreview; odds: Promise<EquityResult | null> } {
    const preview = handPreview(state, playerId);
    if (!preview.equity || !state.options.odds) return { preview, odds: Promise.resolve(null) };
    const key = equityKey(preview.equity);
    let odds = this.cache.get(key);
    if (odds) {
      this.cache.delete(key); // most recently used goes last
    } else {
      odds = this.offload.odds(preview.equity, ODDS_BUDGET_MS);
      // A failed run (null) is not kept: the next ask tries again.
      void odds.then((r) => r === null && this.cache.get(key) === odds && this.cache.delete(key));
    }
    this.cache.set(key, odds);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return { preview, odds };
  }
}
