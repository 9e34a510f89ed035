import { performance } from 'node:perf_hooks';
import { Rng } from '../cards/rng.ts';
import { randomRngState } from '../cards/seed.ts';
import type { GameState } from '../engine/index.ts';
import { type HandPreview, handPreview } from '../engine/preview.ts';
import { type EquityResult, equity } from '../hands/index.ts';

/**
 * Odds for the "My cards" answer. Computing them blocks the event loop, so each is
 * capped in time and cached: pressing My cards again costs nothing.
 */
const ODDS_BUDGET_MS = 120;
const CACHE_SIZE = 500;

export class OddsCache {
  private readonly cache = new Map<string, EquityResult | null>();

  preview(state: GameState, playerId: string): { preview: HandPreview; odds: EquityResult | null } {
    const preview = handPreview(state, playerId);
    if (!preview.equity || !state.options.odds) return { preview, odds: null };
    const key = JSON.stringify([state.variant, state.dealNo, playerId, preview.equity]);
    let odds = this.cache.get(key);
    if (odds === undefined) {
      try {
        odds = equity(
          { ...preview.equity, now: () => performance.now(), budgetMs: ODDS_BUDGET_MS },
          new Rng(randomRngState()),
        );
      } catch {
        odds = null; // odds are a nicety: a hand they cannot be computed for shows without them
      }
      this.cache.set(key, odds);
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    }
    return { preview, odds };
  }
}
