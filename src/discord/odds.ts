import type { GameState } from '../engine/index.ts';
import { type HandPreview, handPreview } from '../engine/preview.ts';
import { equityKey } from '../hands/equity-key.ts';
import { tableAnswers, tableEquity } from '../hands/equity-table.ts';
import type { EquityResult } from '../hands/index.ts';
import { LruCache } from '../lru.ts';
import type { Offload } from './offload.ts';

/**
 * Odds for the "My cards" answer. A hand with nothing left to come (three-card guts and
 * its kin, nearly every deal) is answered at once from a table of scored hands
 * (equity-table.ts, tens of microseconds), so its odds never miss their message. The
 * rest (boards, layouts, cards still to come, deadly wilds) take a Monte Carlo run capped
 * in time on the helper thread. Both are cached by the question, not by who asks: each
 * player's message is redrawn at every press of the deal, and the same hand (suits
 * renamed) comes again at other tables.
 */
const ODDS_BUDGET_MS = 120;
/** Three-card hands fall into 1,755 classes; a few thousand entries of a few numbers each. */
const CACHE_SIZE = 5_000;

export class OddsCache {
  private readonly cache = new LruCache<string, Promise<EquityResult | null>>(CACHE_SIZE);

  constructor(private readonly offload: Offload) {}

  /** Odds kept, and the most it keeps. */
  get size(): number {
    return this.cache.size;
  }

  get capacity(): number {
    return this.cache.capacity;
  }

  /** The player's hand now, and their odds (at once from the table, or once the helper thread has them). */
  preview(state: GameState, playerId: string): { preview: HandPreview; odds: Promise<EquityResult | null> } {
    const preview = handPreview(state, playerId);
    if (!preview.equity || !state.options.odds) return { preview, odds: Promise.resolve(null) };
    const key = equityKey(preview.equity);
    let odds = this.cache.get(key);
    if (!odds) {
      odds = tableAnswers(preview.equity)
        ? Promise.resolve(tableEquity(preview.equity))
        : this.sample(key, preview.equity);
      this.cache.set(key, odds);
    }
    return { preview, odds };
  }

  /** Odds by Monte Carlo on the helper thread. */
  private sample(key: string, question: NonNullable<HandPreview['equity']>): Promise<EquityResult | null> {
    const asked = this.offload.odds(question, ODDS_BUDGET_MS);
    // A failed run (null) is not kept: the next ask tries again.
    void asked.then((r) => {
      if (r === null && this.cache.peek(key) === asked) this.cache.delete(key);
    });
    return asked;
  }
}
