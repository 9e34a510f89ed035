import type { GameState } from '../engine/index.ts';
import { type HandPreview, handPreview } from '../engine/preview.ts';
import type { EquityResult } from '../hands/index.ts';
import type { Offload } from './offload.ts';

/**
 * Odds for the "My cards" answer, computed on the helper thread (a Monte Carlo run
 * capped in time) and cached: pressing My cards again costs nothing.
 */
const ODDS_BUDGET_MS = 120;
const CACHE_SIZE = 500;

export class OddsCache {
  private readonly cache = new Map<string, Promise<EquityResult | null>>();

  constructor(private readonly offload: Offload) {}

  async preview(state: GameState, playerId: string): Promise<{ preview: HandPreview; odds: EquityResult | null }> {
    const preview = handPreview(state, playerId);
    if (!preview.equity || !state.options.odds) return { preview, odds: null };
    const key = JSON.stringify([state.variant, state.dealNo, playerId, preview.equity]);
    let odds = this.cache.get(key);
    if (!odds) {
      odds = this.offload.odds(preview.equity, ODDS_BUDGET_MS);
      this.cache.set(key, odds);
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    }
    return { preview, odds: await odds };
  }
}
